#!/usr/bin/env python3
"""Writes a C++ source holding files' bytes: the shipped dictionaries built into fixwire.

usage: embed_files.py OUT.cc NAME=PATH...
Defines fixwire::cli::EmbeddedFile kEmbeddedFiles[] and kEmbeddedFileCount
(declared in tools/cli/embedded_files.h).
"""
import sys


def main():
    out = sys.argv[1]
    entries = [arg.split("=", 1) for arg in sys.argv[2:]]
    lines = ['#include "tools/cli/embedded_files.h"', "", "namespace fixwire::cli {", "namespace {"]
    for i, (_, path) in enumerate(entries):
        data = open(path, "rb").read()
        lines.append("const unsigned char kData%d[%d] = {" % (i, len(data) + 1))
        for start in range(0, len(data), 24):
            lines.append(",".join(str(b) for b in data[start:start + 24]) + ",")
        lines.append("0};")
    lines.append("}  // namespace")
    lines.append("const EmbeddedFile kEmbeddedFiles[] = {")
    for i, (name, path) in enumerate(entries):
        size = len(open(path, "rb").read())
        lines.append('    {"%s", reinterpret_cast<const char*>(kData%d), %d},' % (name, i, size))
    lines.append("};")
    lines.append("const int kEmbeddedFileCount = %d;" % len(entries))
    lines.append("}  // namespace fixwire::cli")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
