"""Docs, code and BUILD files read as documentation, not as a work diary.

No numbered work periods ("stop 17", "session 22", "tenth round"), no branch
or worktree names, no ownership tags, no scripts that are not in the
repository, no paths of one machine. History belongs in commit messages.
"""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import source_tree  # noqa: E402

PATTERNS = [
    (r"\b[Ss]tops? [0-9]+\b", "a numbered work period"),
    (r"\b[Ss]essions? [0-9]+\b", "a numbered work period"),
    (r"\b([Ff]irst|[Ss]econd|[Tt]hird|[Ff]ourth|[Ff]ifth|[Ss]ixth|[Ss]eventh|[Ee]ighth|[Nn]inth|[Tt]enth|[Ee]leventh|[Tt]welfth) round\b",
     "a numbered work period"),
    (r"\b[Rr]ound [0-9]+\b", "a numbered work period"),
    (r"\bowner: ", "an ownership tag"),
    (r"\bs[0-9]{2}-[a-z]", "a branch name"),
    (r"\bwt-[a-z]", "a worktree name"),
    (r"\bab\.sh\b", "a script that is not in the repository"),
    (r"(?<![\w.])/(work|root|home)/", "a machine path"),
]
CHECKED = (".h", ".cc", ".py", ".sh", ".bzl", ".bazel", ".md", ".txt", ".bazelrc", ".bazelignore")
SKIPPED_DIRS = ("third_party/", "tests/hygiene/")


class NoDiaryTest(unittest.TestCase):
    def test_no_diary(self):
        top = source_tree.root()
        problems = []
        count = 0
        for path in source_tree.files(top):
            if not path.endswith(CHECKED) and os.path.basename(path) not in ("BUILD", "WORKSPACE"):
                continue
            if path.startswith(SKIPPED_DIRS):
                continue
            count += 1
            with open(os.path.join(top, path), encoding="utf-8", errors="replace") as f:
                for n, line in enumerate(f, 1):
                    for pattern, what in PATTERNS:
                        m = re.search(pattern, line)
                        if m:
                            problems.append(f"{path}:{n}: {what}: {m.group(0)!r}: {line.strip()[:120]}")
        self.assertGreater(count, 100, "too few files checked: is the tree there?")
        if problems:
            self.fail(f"{len(problems)} problems:\n" + "\n".join(problems))


if __name__ == "__main__":
    unittest.main()
