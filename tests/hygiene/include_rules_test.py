"""The layers' include graph, as docs/design.md states it.

- Public headers (a package's own folder) never name an internal namespace
  and never include another package's internal/ header.
- Internal headers never include a public header of their own package or of
  a higher layer.
- No file of a package includes another package's internal/ header, and no
  package includes a higher layer's headers.
"""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import source_tree  # noqa: E402

# Package folder -> (include directory, layer). Lower layers never include higher ones.
PACKAGES = {
    "simd": ("fixwire/simd", 0),
    "arena": ("fixwire/arena", 0),
    "codec/values": ("fixwire/values", 1),
    "codec/wire": ("fixwire/wire", 2),
    "codec/encode": ("fixwire/encode", 3),
    "codec/dictionary": ("fixwire/dictionary", 4),
    "codec": ("fixwire", 5),
    "session": ("fixwire/session", 6),
    "store": ("fixwire/store", 7),
    "net": ("fixwire/net", 8),
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"(fixwire/[^"]+)"', re.M)
INTERNAL_NAME = re.compile(r"\b\w*_internal\b|\bframing_detail\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def package_of(path):
    """The package a source file belongs to (longest folder match), or None."""
    best = None
    for folder in PACKAGES:
        if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
            best = folder
    return best


def target_of(include):
    """(package folder, is_internal) of an include path fixwire/..."""
    best = None
    for folder, (prefix, _) in PACKAGES.items():
        if include.startswith(prefix + "/") and (best is None or len(prefix) > len(PACKAGES[best][0])):
            if folder == "codec" and include.count("/") > 1:
                continue  # fixwire/<pkg>/... belongs to a package, fixwire/fixwire.h to codec
            best = folder
    if best is None:
        return None, False
    rest = include[len(PACKAGES[best][0]) + 1:]
    return best, rest.startswith("internal/")


class IncludeRulesTest(unittest.TestCase):
    def setUp(self):
        self.top = source_tree.root()
        self.sources = [p for p in source_tree.files(self.top)
                        if p.endswith((".h", ".cc")) and package_of(p) is not None]
        self.assertTrue(self.sources, "no sources found under " + self.top)

    def read(self, path):
        with open(os.path.join(self.top, path), encoding="utf-8") as f:
            return f.read()

    def test_public_headers_name_no_internal_namespace(self):
        problems = []
        for path in self.sources:
            pkg = package_of(path)
            rel = path[len(pkg) + 1:]
            if not path.endswith(".h") or "/" in rel:
                continue  # only the package's own folder holds public headers
            code = COMMENT.sub("", self.read(path))
            for m in INTERNAL_NAME.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                problems.append(f"{path}: names {m.group(0)} (code line {line})")
        if problems:
            self.fail(f"{len(problems)} problems:\n" + "\n".join(problems))

    def test_include_graph(self):
        problems = []
        for path in self.sources:
            pkg = package_of(path)
            layer = PACKAGES[pkg][1]
            is_internal = "/internal/" in path[len(pkg):]
            is_header = path.endswith(".h")
            for inc in INCLUDE.findall(self.read(path)):
                target, target_internal = target_of(inc)
                if target is None:
                    problems.append(f"{path}: includes {inc}, which is no package's")
                    continue
                if target_internal and target != pkg:
                    problems.append(f"{path}: includes another package's internal header {inc}")
                if PACKAGES[target][1] > layer:
                    problems.append(f"{path}: includes {inc} of a higher layer")
                if is_internal and is_header and not target_internal and target == pkg:
                    problems.append(f"{path}: an internal header includes its package's public {inc}")
        if problems:
            self.fail(f"{len(problems)} problems:\n" + "\n".join(problems))


if __name__ == "__main__":
    unittest.main()
