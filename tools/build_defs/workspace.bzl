"""fixwire_dependencies: everything a Bazel workspace that uses @fixwire declares, offline.

In the consumer's WORKSPACE, after `local_repository(name = "fixwire", ...)`:

    load("@fixwire//tools/build_defs:workspace.bzl", "fixwire_dependencies")
    fixwire_dependencies()

It declares the Debian packages' repositories (third_party/debian/packages.bzl)
and, unless the workspace already declares them, fixwire's offline stand-ins for
@rules_cc, @rules_java and @remote_coverage_tools (Bazel 4 would download those
otherwise; docs/building.md, "How Bazel 4 works offline").
"""

load("@fixwire//third_party/debian:packages.bzl", "fixwire_debian_packages")

_STAND_INS = ["rules_cc", "rules_java", "remote_coverage_tools"]

def _stand_in_impl(rctx):
    source = rctx.path(rctx.attr.build_file).dirname
    for entry in source.readdir():
        rctx.symlink(entry, entry.basename)

# A repository that is one of @fixwire's third_party/ folders (a repository
# rule, because a WORKSPACE macro cannot know @fixwire's path on disk).
_stand_in = repository_rule(
    implementation = _stand_in_impl,
    local = True,
    attrs = {"build_file": attr.label(mandatory = True, doc = "The folder's BUILD.bazel.")},
)

def fixwire_dependencies():
    """Declares the repositories @fixwire//:fixwire needs, without downloading anything."""
    for name in _STAND_INS:
        if not native.existing_rule(name):
            _stand_in(name = name, build_file = "@fixwire//third_party/%s:BUILD.bazel" % name)
    fixwire_debian_packages()
