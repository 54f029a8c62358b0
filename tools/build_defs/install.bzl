"""fixwire_install: `bazel run` target that installs fixwire under a prefix.

    ./bazelw run -c opt //:install -- --prefix /opt/fixwire

The rule writes an installer script (install/install.sh with the list of
files filled in) whose runfiles are the files it installs:

- `archive`: a fixwire_archive; its lib/libfixwire.a and include/ tree go to
  PREFIX/lib and PREFIX/include;
- `binaries`: executables, to PREFIX/bin;
- `data`: files (or filegroups) -> the folder below PREFIX they go to;
- `configs`: templates -> the path below PREFIX they go to. @FIXWIRE_VERSION@,
  @FIXWIRE_VERSION_MAJOR@ and @FIXWIRE_VERSION_MINOR@ are filled in here,
  @PREFIX@ by the installer (the final prefix, without any DESTDIR).
"""

def _rlocation(ctx, f):
    """The path of `f` below the runfiles root."""
    path = f.short_path
    if path.startswith("../"):
        return path[len("../"):]  # a file of another repository
    return ctx.workspace_name + "/" + path

def _quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _fixwire_install_impl(ctx):
    steps = []
    files = []

    for f in ctx.files.archive:
        if f.is_directory and f.basename == "include":
            steps.append("install_tree %s include" % _quote(_rlocation(ctx, f)))
        elif f.basename.endswith(".a"):
            steps.append("install_file 0644 %s %s" % (_quote(_rlocation(ctx, f)), _quote("lib/" + f.basename)))
        else:
            fail("fixwire_install: unexpected file in archive: " + f.path)
        files.append(f)

    for binary in ctx.attr.binaries:
        executable = binary[DefaultInfo].files_to_run.executable
        steps.append("install_file 0755 %s %s" % (_quote(_rlocation(ctx, executable)), _quote("bin/" + executable.basename)))
        files.append(executable)

    for target, folder in ctx.attr.data.items():
        for f in target.files.to_list():
            steps.append("install_file 0644 %s %s" % (_quote(_rlocation(ctx, f)), _quote(folder + "/" + f.basename)))
            files.append(f)

    major, minor, _ = ctx.attr.version.split(".")
    for target, dest in ctx.attr.configs.items():
        template = target.files.to_list()
        if len(template) != 1:
            fail("fixwire_install: a config template must be one file: %s" % target.label)
        out = ctx.actions.declare_file(ctx.label.name + "_files/" + dest)
        ctx.actions.expand_template(
            template = template[0],
            output = out,
            substitutions = {
                "@FIXWIRE_VERSION@": ctx.attr.version,
                "@FIXWIRE_VERSION_MAJOR@": major,
                "@FIXWIRE_VERSION_MINOR@": minor,
            },
        )
        steps.append("install_config %s %s" % (_quote(_rlocation(ctx, out)), _quote(dest)))
        files.append(out)

    ctx.actions.expand_template(
        template = ctx.file.installer,
        output = ctx.outputs.executable,
        substitutions = {"%{INSTALL_STEPS}": "\n".join(steps)},
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = files)
    for binary in ctx.attr.binaries:
        runfiles = runfiles.merge(binary[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = ctx.outputs.executable, runfiles = runfiles)]

fixwire_install = rule(
    implementation = _fixwire_install_impl,
    executable = True,
    attrs = {
        "archive": attr.label(mandatory = True, doc = "A fixwire_archive target."),
        "binaries": attr.label_list(cfg = "target", doc = "Executables for PREFIX/bin."),
        "data": attr.label_keyed_string_dict(allow_files = True, doc = "Files -> folder below PREFIX."),
        "configs": attr.label_keyed_string_dict(allow_files = True, doc = "Templates -> path below PREFIX."),
        "version": attr.string(mandatory = True),
        "installer": attr.label(allow_single_file = True, mandatory = True, doc = "The installer script template."),
    },
)
