"""fixwire_cc_library: a cc_library of fixwire's own whose headers users include as fixwire/...

A package's headers are reachable as "fixwire/<package>/<name>.h", where
<package> is the Bazel package without its leading "codec/" (codec/wire ->
fixwire/wire, simd -> fixwire/simd). The project's own code includes them the
same way, so an include line reads the same inside and outside the repository.
"""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//tools/build_defs:copts.bzl", "FIXWIRE_COPTS")

def fixwire_include_prefix(package):
    """The include directory of a package's headers: fixwire/<package without codec/>."""
    if package == "codec":
        return "fixwire"
    if package.startswith("codec/"):
        package = package[len("codec/"):]
    return "fixwire/" + package

def fixwire_cc_library(name, hdrs = [], copts = None, extra_copts = [], **kwargs):
    """A cc_library with fixwire's warnings and its headers under fixwire/<package>/.

    copts: replaces FIXWIRE_COPTS when given (ISA libraries pass their own);
    extra_copts: added to FIXWIRE_COPTS.
    """
    package = native.package_name()
    prefix_args = {}
    if hdrs:
        prefix_args = {
            "include_prefix": fixwire_include_prefix(package),
            "strip_include_prefix": "/" + package,
        }
    cc_library(
        name = name,
        hdrs = hdrs,
        copts = (copts if copts != None else FIXWIRE_COPTS) + extra_copts,
        **dict(kwargs, **prefix_args)
    )
