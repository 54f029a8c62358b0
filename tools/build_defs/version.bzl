"""fixwire's version, MAJOR.MINOR.PATCH: the one place it is written.

`fixwire --version`, the header fixwire/version.h and the installed CMake and
pkg-config files (//:install) all take it from here.
"""

FIXWIRE_VERSION = "0.1.0"

def _version_header_impl(ctx):
    major, minor, patch = FIXWIRE_VERSION.split(".")
    ctx.actions.write(ctx.outputs.out, "\n".join([
        "// fixwire/version.h: the version of fixwire this header belongs to.",
        "// Generated from tools/build_defs/version.bzl; do not edit.",
        "#ifndef FIXWIRE_VERSION_H_",
        "#define FIXWIRE_VERSION_H_",
        "",
        "#define FIXWIRE_VERSION_MAJOR " + major,
        "#define FIXWIRE_VERSION_MINOR " + minor,
        "#define FIXWIRE_VERSION_PATCH " + patch,
        "#define FIXWIRE_VERSION_STRING \"%s\"" % FIXWIRE_VERSION,
        "",
        "namespace fixwire {",
        "inline constexpr char kVersion[] = FIXWIRE_VERSION_STRING;",
        "}  // namespace fixwire",
        "",
        "#endif  // FIXWIRE_VERSION_H_",
        "",
    ]))

# fixwire_version_header(name, out): writes `out`, a C++ header with the version.
fixwire_version_header = rule(
    implementation = _version_header_impl,
    attrs = {"out": attr.output(mandatory = True)},
)
