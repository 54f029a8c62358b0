"""fixwire_archive: one static library plus its header tree, for builds that are not Bazel.

Collects the static libraries and public headers of fixwire's own targets
(everything in the main repository reachable from `deps`; external
repositories such as abseil are left out: link them from the system) and
produces `<name>/lib/libfixwire.a` (one archive, merged with `ar -M`) and
`<name>/include/fixwire/...` (headers at the paths users include, so
`#include "fixwire/wire/decoder.h"` works with `-I<name>/include`).
"""

_VIRTUAL = "/_virtual_includes/"

def _include_path(f):
    """The path a header is included as (fixwire/...), or None when it is not one of ours."""
    if f.owner == None or f.owner.workspace_name != "" or f.short_path.startswith("tests/"):
        return None
    path = "/" + f.short_path  # a root package's _virtual_includes/ starts the path
    i = path.find(_VIRTUAL)
    if i < 0:
        return None  # the header's real path; its fixwire/... symlink is listed too
    rest = path[i + len(_VIRTUAL):]
    return rest[rest.find("/") + 1:]  # drop the target name

def _fixwire_archive_impl(ctx):
    libs = []
    headers = []
    for dep in ctx.attr.deps:
        cc = dep[CcInfo]
        for linker_input in cc.linking_context.linker_inputs.to_list():
            if linker_input.owner.workspace_name != "":
                continue
            for lib in linker_input.libraries:
                archive = lib.static_library or lib.pic_static_library
                if archive != None and archive not in libs:
                    libs.append(archive)
        for h in cc.compilation_context.headers.to_list():
            path = _include_path(h)
            if path != None and (h, path) not in headers:
                headers.append((h, path))

    out_lib = ctx.actions.declare_file(ctx.attr.name + "/lib/libfixwire.a")
    out_include = ctx.actions.declare_directory(ctx.attr.name + "/include")

    mri = ["create " + out_lib.path] + ["addlib " + l.path for l in libs] + ["save", "end"]
    ctx.actions.run_shell(
        inputs = libs,
        outputs = [out_lib],
        command = "printf '%s\\n' \"$@\" | ar -M",
        arguments = mri,
        mnemonic = "FixwireArchive",
        progress_message = "Merging %d static libraries into libfixwire.a" % len(libs),
    )

    copy_cmds = ["set -e"]
    for h, path in headers:
        dest = out_include.path + "/" + path
        copy_cmds.append("mkdir -p \"$(dirname '%s')\" && cp -L '%s' '%s'" % (dest, h.path, dest))
    ctx.actions.run_shell(
        inputs = [h for h, _ in headers],
        outputs = [out_include],
        command = "\n".join(copy_cmds),
        mnemonic = "FixwireHeaders",
        progress_message = "Copying %d public headers" % len(headers),
    )
    outputs = [out_lib, out_include]
    return [DefaultInfo(files = depset(outputs), runfiles = ctx.runfiles(files = outputs))]

fixwire_archive = rule(
    implementation = _fixwire_archive_impl,
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
    },
)
