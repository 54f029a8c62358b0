"""Finds the checked-out source tree and lists its files (tracked and new)."""
import os
import subprocess


def root():
    """The workspace directory: where the README runfile really lives."""
    here = os.environ.get("TEST_SRCDIR", "")
    candidates = [
        os.path.join(here, os.environ.get("TEST_WORKSPACE", "fixwire"), "README.md"),
        "README.md",
    ]
    for c in candidates:
        if os.path.exists(c):
            return os.path.dirname(os.path.realpath(c))
    raise SystemExit("cannot find the source tree (README.md runfile)")


def files(top):
    """Paths relative to top: git's tracked and untracked-but-not-ignored files, or a walk."""
    try:
        out = subprocess.run(
            ["git", "-C", top, "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            check=True, capture_output=True).stdout.decode()
        return sorted(p for p in out.split("\0") if p and os.path.exists(os.path.join(top, p)))
    except (OSError, subprocess.CalledProcessError):
        result = []
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if not d.startswith((".", "bazel-"))]
            for f in filenames:
                result.append(os.path.relpath(os.path.join(dirpath, f), top))
        return sorted(result)
