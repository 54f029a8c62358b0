#!/usr/bin/env python3
"""dictgen: writes fixwire's QuickFIX-format FIX data dictionaries from compact text sources.

Usage: tools/dictgen/dictgen.py [OUTPUT_DIR]   (default: codec/dictionaries)

Sources (all written by hand from the FIX specifications, in this folder):
  fix44_fields.txt   every FIX 4.4 field: "tag Name TYPE [value=DESCRIPTION ...]"
  fix42_fields.txt   the FIX 4.2 fields as differences from FIX 4.4 (see its header)
  fix44_layout.txt   FIX 4.4 header, trailer, components and messages
  fix42_layout.txt   FIX 4.2 header, trailer, components and messages
  fix41_fields.txt   the FIX 4.1 fields as differences from FIX 4.2 (see its header)
  fix41_layout.txt   the FIX 4.1 layout as differences from FIX 4.2 (see below)
  fix40_fields.txt, fix40_layout.txt   FIX 4.0, likewise as differences from FIX 4.2
  fix4_values.txt    the FIX version that added each enumerated value (for "values X.Y" below)

Layout syntax: "header:", "trailer:", "component NAME:" and "message NAME MSGTYPE admin|app:"
open a section; the indented lines below list its members in order, several per line:
"Field", "Field*" (required), "@Component", "@Component*", "%Block". "define NAME:" opens a
block of members that "%NAME" copies in place (FIX 4.2 has no components: its messages list
the instrument fields inline, and blocks keep the source short without changing the output).
A line holding a single
"NoXxx:" or "NoXxx*:" opens a repeating group whose members are the more indented lines
that follow it (its first member is the delimiter). "#" starts a comment.
The generator refuses (exit 1) a source that names an unknown field or component.

A fields file of differences (FIX 4.0, 4.1, 4.3) may hold two value rules. "values X.Y": the fields
it takes from its base version (not those it writes out) keep only the values that fix4_values.txt
dates FIX X.Y or earlier, and those it does not date. "+ tag enum ...": the field gets back those
values of the FIX 4.2 fields, which its base version dropped.

A layout of differences (FIX 4.1, FIX 4.0) starts from the FIX 4.2 layout: "keep:" lists the
FIX 4.2 messages the version has, in their FIX 4.2 order, from which every member naming a field
the version does not define is dropped (a group with its count field); a "header:", "trailer:",
"component ..." or "message ..." section there replaces the base's one of that name (a message:
of that MsgType), or adds one. FIX 4.3 is written the same way from the FIX 4.4 layout; there
"drop:" lines "Message: Name ..." also drop the named members of a kept message, "add:" lines
"Message[/Group]: Anchor + Name ..." insert members after Anchor, "required:" lines
"Message: Name ..." make members of the message required, and
"drop components:" lists FIX 4.4 components FIX 4.3 does not have.
"""

import copy
import os
import sys
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))

# FIX 4.2 has no SEQNUM, NUMINGROUP, PERCENTAGE, COUNTRY or UTCDATEONLY type.
FIX42_TYPES = {
    "SEQNUM": "INT",
    "NUMINGROUP": "INT",
    "PERCENTAGE": "FLOAT",
    "COUNTRY": "STRING",
    "UTCDATEONLY": "UTCDATE",
}


class SourceError(Exception):
    pass


def _lines(path):
    with open(path, encoding="ascii") as f:
        for number, raw in enumerate(f, 1):
            text = raw.split("#", 1)[0].rstrip()
            if text.strip():
                yield number, text


def read_fields(path):
    """Returns (fields, removed, rules): fields is {tag: [name, type, [(enum, description), ...]]} in
    file order, removed the "- first last" ranges, rules the version's value rules: "values" (the
    (major, minor) of a "values X.Y" line, or None) and "restore" ({tag: [enum, ...]} of "+ tag
    enum ..." lines)."""
    fields = {}
    removed = []
    rules = {"values": None, "restore": {}}
    last = None
    for number, text in _lines(path):
        where = "%s:%d" % (os.path.basename(path), number)
        if text[0].isspace():
            if last is None:
                raise SourceError(where + ": continuation line without a field")
            fields[last][2].extend(_values(text.split(), where))
            continue
        words = text.split()
        last = None
        if words[0] == "-":
            removed.append((int(words[1]), int(words[2])))
            continue
        if words[0] == "values":
            if len(words) != 2 or rules["values"] is not None:
                raise SourceError(where + ": expected one 'values MAJOR.MINOR' line")
            rules["values"] = _version(words[1], where)
            continue
        if words[0] == "+":
            if len(words) < 3 or not words[1].isdigit() or int(words[1]) in rules["restore"]:
                raise SourceError(where + ": expected '+ tag enum ...' once per tag")
            rules["restore"][int(words[1])] = words[2:]
            continue
        if len(words) < 3:
            raise SourceError(where + ": expected 'tag Name TYPE'")
        tag = int(words[0])
        if tag in fields:
            raise SourceError("%s: tag %d defined twice" % (where, tag))
        fields[tag] = [words[1], words[2], _values(words[3:], where)]
        last = tag
    return fields, removed, rules


def _version(text, where):
    major, dot, minor = text.partition(".")
    if not dot or not major.isdigit() or not minor.isdigit():
        raise SourceError("%s: bad version %r (want MAJOR.MINOR)" % (where, text))
    return int(major), int(minor)


def read_value_dates(path):
    """Returns {tag: {enum: (major, minor)}} from fix4_values.txt: lines "tag V: enum ... V: enum ..."
    (indented lines continue the tag above) give the FIX version V that added each enum; "4.0"
    stands for FIX 4.0 or earlier."""
    dates = {}
    tag = None
    version = None
    for number, text in _lines(path):
        where = "%s:%d" % (os.path.basename(path), number)
        words = text.split()
        if not text[0].isspace():
            if not words[0].isdigit() or int(words[0]) in dates:
                raise SourceError(where + ": expected a new tag")
            tag = int(words[0])
            dates[tag] = {}
            version = None
            words = words[1:]
        elif tag is None:
            raise SourceError(where + ": continuation line without a tag")
        for word in words:
            if word.endswith(":"):
                version = _version(word[:-1], where)
            elif version is None:
                raise SourceError(where + ": value %s before a version" % word)
            elif word in dates[tag]:
                raise SourceError("%s: tag %d value %s dated twice" % (where, tag, word))
            else:
                dates[tag][word] = version
    return dates


def apply_value_rules(fields, own, rules, label, restore_base=None):
    """Applies the version's value rules to fields (in place). "values X.Y": the fields taken from
    the base version (tags not in own) keep the values fix4_values.txt dates X.Y or earlier, and
    the values it does not date (a field whose every value is dated later keeps none: any value
    of its type is then accepted). "+ tag enum ...": adds those values of restore_base's field
    (the FIX 4.2 fields) in their FIX 4.2 order."""
    if rules["values"] is not None:
        dates = read_value_dates(os.path.join(HERE, "fix4_values.txt"))
        for tag, definition in fields.items():
            if tag in own or tag not in dates:
                continue
            definition[2] = [value for value in definition[2]
                             if dates[tag].get(value[0], (0, 0)) <= rules["values"]]
    for tag, enums in rules["restore"].items():
        if tag not in fields or restore_base is None or tag not in restore_base:
            raise SourceError("%s: + %d: no such field to restore values to" % (label, tag))
        values = fields[tag][2]
        source = restore_base[tag][2]
        order = [enum for enum, _ in source]
        for enum in enums:
            if enum not in order:
                raise SourceError("%s: + %d: %s is not a FIX 4.2 value" % (label, tag, enum))
            if any(enum == value[0] for value in values):
                raise SourceError("%s: + %d: %s is already listed" % (label, tag, enum))
            # After the last value that precedes it in the FIX 4.2 list, else first.
            before = set(order[:order.index(enum)])
            at = 0
            for i, value in enumerate(values):
                if value[0] in before:
                    at = i + 1
            values.insert(at, source[order.index(enum)])


def _values(words, where):
    values = []
    for word in words:
        enum, sep, description = word.partition("=")
        if not sep or not enum or not description:
            raise SourceError("%s: bad value %r (want value=DESCRIPTION)" % (where, word))
        values.append((enum, description))
    return values


def fix42_fields():
    base, _, _ = read_fields(os.path.join(HERE, "fix44_fields.txt"))
    changes, removed, _ = read_fields(os.path.join(HERE, "fix42_fields.txt"))
    fields = {}
    for tag, (name, type_, values) in base.items():
        if tag > 446 or any(lo <= tag <= hi for lo, hi in removed):
            continue
        fields[tag] = [name, FIX42_TYPES.get(type_, type_), values]
    for tag, definition in changes.items():
        if tag not in fields:
            raise SourceError("fix42_fields.txt: tag %d is not a FIX 4.2 tag" % tag)
        fields[tag] = definition
    return fields


def derived_fields(base, path, max_tag, restore_base=None):
    """The fields of an older version: the tags of `base` up to max_tag, minus the ranges "- a b"
    of `path`, with the definitions of `path` replacing (or adding) tags, and the value rules of
    `path` applied (see apply_value_rules)."""
    changes, removed, rules = read_fields(path)
    fields = {}
    for tag, definition in base.items():
        if tag > max_tag or any(lo <= tag <= hi for lo, hi in removed):
            continue
        fields[tag] = copy.deepcopy(definition)
    for tag, definition in changes.items():
        fields[tag] = definition
    apply_value_rules(fields, changes, rules, os.path.basename(path), restore_base)
    return dict(sorted(fields.items()))


def _filter_members(members, dropped, components=None, renamed=None):
    """Drops the members naming a field of `dropped` (a group with its count field) and the
    components not in `components`; renames the fields of `renamed` (base name -> name)."""
    renamed = renamed or {}
    out = []
    for member in members:
        if member[0] != "component" and member[1] in renamed:
            member = (member[0], renamed[member[1]]) + tuple(member[2:])
        if member[0] == "component":
            if components is not None and member[1] in components:
                out.append(member)
            continue
        if member[1] in dropped:
            continue
        if member[0] == "group":
            nested = _filter_members(member[3], dropped, components, renamed)
            if not nested:
                continue
            member = ("group", member[1], member[2], nested)
        out.append(member)
    return out


def derived_layout(base_path, path, fields, base_fields):
    """Applies the layout differences of `path` to the layout of `base_path` (see the top).
    Members naming a field of `base_fields` that `fields` lacks are dropped, also from the
    sections of `path` (so that FIX 4.2's blocks can be used); other unknown names stay and
    make check() fail."""
    with open(base_path, encoding="ascii") as f:
        base, base_components, blocks = _read_layout_text(f.read().splitlines(),
                                                          os.path.basename(base_path))
    names = {definition[0] for definition in fields.values()}
    # A tag the version names differently: its members are renamed, not dropped.
    renamed = {base_fields[tag][0]: fields[tag][0] for tag in fields
               if tag in base_fields and base_fields[tag][0] != fields[tag][0]}
    dropped = {definition[0] for definition in base_fields.values()} - names - set(renamed)
    keep = []
    drop_components = []
    drop_lines = []
    add_lines = []
    required_lines = []
    with open(path, encoding="ascii") as f:
        text = f.read()
    lines = []
    in_list = None
    for raw in text.splitlines():
        code = raw.split("#", 1)[0].rstrip()
        if code.strip() in ("keep:", "drop components:", "drop:", "add:", "required:"):
            in_list = {"keep:": keep, "drop components:": drop_components, "drop:": drop_lines,
                       "add:": add_lines, "required:": required_lines}[code.strip()]
            continue
        if in_list is not None and code and not code[0].isspace():
            in_list = None
        if (in_list is drop_lines or in_list is add_lines or in_list is required_lines) and code.strip():
            in_list.append(code.strip())
        elif in_list is not None:
            in_list.extend(code.split())
        else:
            lines.append(raw)
    own, components, _ = _read_layout_text(lines, os.path.basename(path), blocks)
    by_name = {m[0]: m for m in base["messages"]}
    for name in keep:
        if name not in by_name:
            raise SourceError("%s: keep names %s, not a message of %s"
                              % (os.path.basename(path), name, os.path.basename(base_path)))
    # Components: the base's, replaced by the version's of the same name, less those the
    # version lists under "drop components:"; those left empty after filtering are dropped too.
    merged = dict(base_components)
    merged.update(components)
    for name in drop_components:
        merged.pop(name, None)
    kept = set(merged)
    while True:
        filtered = {name: _filter_members(members, dropped, kept, renamed) for name, members in merged.items()}
        empty = {name for name, members in filtered.items() if not members}
        if not empty:
            break
        kept -= empty
        merged = {name: members for name, members in merged.items() if name in kept}
    components = filtered
    # "drop:" lines "Message: Name ...": members (fields, groups, components) of the FIX 4.4
    # message that the version does not have, at any depth.
    required_in = {}
    for line in required_lines:
        message, sep, names = line.partition(":")
        if not sep or message.strip() not in by_name:
            raise SourceError("%s: bad required line %r" % (os.path.basename(path), line))
        required_in.setdefault(message.strip(), set()).update(names.split())
    drops = {}
    for line in drop_lines:
        message, sep, names = line.partition(":")
        if not sep or message.strip() not in by_name:
            raise SourceError("%s: bad drop line %r" % (os.path.basename(path), line))
        drops.setdefault(message.strip(), set()).update(names.split())

    def without(members, names):
        out = []
        for member in members:
            if member[1] in names:
                continue
            if member[0] == "group":
                member = ("group", member[1], member[2], without(member[3], names))
            out.append(member)
        return out

    # "add:" lines "Message[/Group...]: Anchor + Name Name* ...": members the version has that the
    # FIX 4.4 message lacks, inserted after the member Anchor (a field, group or @component) of
    # the message or of the group entry the path names.
    adds = {}
    for line in add_lines:
        where, sep, rest = line.partition(":")
        anchor, plus, names = rest.partition("+")
        path_names = where.strip().split("/")
        if not sep or not plus or path_names[0] not in by_name:
            raise SourceError("%s: bad add line %r" % (os.path.basename(path), line))
        adds.setdefault(path_names[0], []).append((path_names[1:], anchor.strip(), names.split()))

    def added(members, group_path, anchor, names):
        if group_path:
            out = []
            for member in members:
                if member[0] == "group" and member[1] == group_path[0]:
                    member = ("group", member[1], member[2], added(member[3], group_path[1:], anchor, names))
                out.append(member)
            return out
        at = None
        for i, member in enumerate(members):
            if (("@" + member[1]) if member[0] == "component" else member[1]) == anchor:
                at = i
        if at is None:
            raise SourceError("%s: add: no member %s" % (os.path.basename(path), anchor))
        new = []
        for token in names:
            required = token.endswith("*")
            token = token.rstrip("*")
            if token.startswith("@"):
                new.append(("component", token[1:], required))
            else:
                new.append(("field", token, required))
        return members[:at + 1] + new + members[at + 1:]

    own_by_type = {m[1]: m for m in own["messages"]}
    sections = {}
    for key in ("header", "trailer"):
        sections[key] = _filter_members(own[key] if own[key] is not None else base[key], dropped, kept, renamed)
    messages = []
    for name, msgtype, msgcat, members in base["messages"]:
        if msgtype in own_by_type:
            own_name, own_type, own_cat, own_members = own_by_type.pop(msgtype)
            messages.append((own_name, own_type, own_cat, _filter_members(own_members, dropped, kept, renamed)))
        elif name in keep:
            members = without(members, drops.get(name, set()))
            members = [(m[0], m[1], True) + tuple(m[3:]) if m[1] in required_in.get(name, ()) else m
                       for m in members]
            for group_path, anchor, names in adds.get(name, []):
                try:
                    members = added(members, group_path, anchor, names)
                except SourceError as error:
                    raise SourceError("%s (message %s)" % (error, name))
            messages.append((name, msgtype, msgcat, _filter_members(members, dropped, kept, renamed)))
    messages.extend((m[0], m[1], m[2], _filter_members(m[3], dropped, kept, renamed))
                    for m in own["messages"] if m[1] in own_by_type)
    sections["messages"] = messages
    return sections, components


def read_layout(path):
    with open(path, encoding="ascii") as f:
        sections, components, _ = _read_layout_text(f.read().splitlines(), os.path.basename(path))
    return sections, components


def _read_layout_text(raw_lines, label, blocks=None):
    """Returns (sections, components): sections maps 'header'/'trailer' to member lists,
    plus 'messages': [(name, msgtype, msgcat, members)]; components: {name: members}.
    A member is ('field', name, required), ('component', name, required) or
    ('group', name, required, members)."""
    sections = {"header": None, "trailer": None, "messages": []}
    components = {}
    blocks = dict(blocks or {})
    stack = None  # [(indent, members)]
    for number, raw in enumerate(raw_lines, 1):
        text = raw.split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        where = "%s:%d" % (label, number)
        indent = len(text) - len(text.lstrip())
        words = text.split()
        if indent == 0:
            if not text.endswith(":"):
                raise SourceError(where + ": section line must end with ':'")
            words = text[:-1].split()
            members = []
            if words == ["header"] or words == ["trailer"]:
                sections[words[0]] = members
            elif words[0] == "component" and len(words) == 2:
                if words[1] in components:
                    raise SourceError(where + ": component %s defined twice" % words[1])
                components[words[1]] = members
            elif words[0] == "define" and len(words) == 2:
                blocks[words[1]] = members
            elif words[0] == "message" and len(words) == 4 and words[3] in ("admin", "app"):
                sections["messages"].append((words[1], words[2], words[3], members))
            else:
                raise SourceError(where + ": unknown section " + text)
            stack = [(-1, members)]
            continue
        if stack is None:
            raise SourceError(where + ": member outside a section")
        while indent <= stack[-1][0]:
            stack.pop()
        target = stack[-1][1]
        if len(words) == 1 and words[0].endswith(":"):
            token = words[0][:-1]
            required = token.endswith("*")
            group = ("group", token.rstrip("*"), required, [])
            target.append(group)
            stack.append((indent, group[3]))
            continue
        for token in words:
            if token.startswith("%"):
                if token[1:] not in blocks:
                    raise SourceError(where + ": unknown block " + token)
                target.extend(copy.deepcopy(blocks[token[1:]]))
                continue
            required = token.endswith("*")
            token = token.rstrip("*")
            if token.startswith("@"):
                target.append(("component", token[1:], required))
            else:
                target.append(("field", token, required))
    return sections, components, blocks


def check(fields, sections, components, label):
    names = {}
    for tag, (name, type_, _) in fields.items():
        if name in names:
            raise SourceError("%s: field name %s used by tags %d and %d" % (label, name, names[name], tag))
        names[name] = tag

    def walk(members, where):
        for member in members:
            if member[0] == "component":
                if member[1] not in components:
                    raise SourceError("%s: %s names unknown component %s" % (label, where, member[1]))
            elif member[1] not in names:
                raise SourceError("%s: %s names unknown field %s" % (label, where, member[1]))
            if member[0] == "group":
                if not member[3]:
                    raise SourceError("%s: group %s in %s is empty" % (label, member[1], where))
                walk(member[3], where + "/" + member[1])

    for key in ("header", "trailer"):
        if sections[key] is None:
            raise SourceError("%s: no %s section" % (label, key))
        walk(sections[key], key)
    for name, members in components.items():
        walk(members, "component " + name)
    seen = set()
    for name, msgtype, _, members in sections["messages"]:
        if msgtype in seen:
            raise SourceError("%s: msgtype %s used twice" % (label, msgtype))
        seen.add(msgtype)
        walk(members, "message " + name)


def _members_xml(out, members, depth):
    pad = "  " * depth
    for member in members:
        required = "Y" if member[2] else "N"
        if member[0] == "group":
            out.append("%s<group name=%s required=\"%s\">" % (pad, quoteattr(member[1]), required))
            _members_xml(out, member[3], depth + 1)
            out.append("%s</group>" % pad)
        else:
            out.append("%s<%s name=%s required=\"%s\"/>" % (pad, member[0], quoteattr(member[1]), required))


def render(version, fields, sections, components, sources):
    major, minor = version
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           "<!-- FIX %d.%d data dictionary in QuickFIX's XML format, written for fixwire from the FIX %d.%d"
           " specification. -->" % (major, minor, major, minor),
           "<!-- generated by tools/dictgen/dictgen.py from %s; do not edit -->" % ", ".join(sources),
           '<fix type="FIX" major="%d" minor="%d" servicepack="0">' % (major, minor)]
    for key in ("header", "trailer"):
        out.append("  <%s>" % key)
        _members_xml(out, sections[key], 2)
        out.append("  </%s>" % key)
    out.append("  <messages>")
    for name, msgtype, msgcat, members in sections["messages"]:
        out.append("    <message name=%s msgtype=%s msgcat=\"%s\">" % (quoteattr(name), quoteattr(msgtype), msgcat))
        _members_xml(out, members, 3)
        out.append("    </message>")
    out.append("  </messages>")
    out.append("  <components>")
    for name, members in components.items():
        out.append("    <component name=%s>" % quoteattr(name))
        _members_xml(out, members, 3)
        out.append("    </component>")
    out.append("  </components>")
    out.append("  <fields>")
    for tag in sorted(fields):
        name, type_, values = fields[tag]
        head = "    <field number=\"%d\" name=%s type=%s" % (tag, quoteattr(name), quoteattr(type_))
        if not values:
            out.append(head + "/>")
            continue
        out.append(head + ">")
        for enum, description in values:
            out.append("      <value enum=%s description=%s/>" % (quoteattr(enum), quoteattr(description)))
        out.append("    </field>")
    out.append("  </fields>")
    out.append("</fix>")
    return "\n".join(out) + "\n"


def main(argv):
    out_dir = argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "..", "codec", "dictionaries")
    def fix44_fields():
        return read_fields(os.path.join(HERE, "fix44_fields.txt"))[0]

    def older(fields_file, layout_file, max_tag, base_fields=fix42_fields, base_layout="fix42_layout.txt"):
        def get():
            base = base_fields()
            fields = derived_fields(base, os.path.join(HERE, fields_file), max_tag, fix42_fields())
            sections, components = derived_layout(os.path.join(HERE, base_layout),
                                                  os.path.join(HERE, layout_file), fields, base)
            return fields, sections, components
        return get

    def plain(get_fields, layout_file):
        def get():
            fields = get_fields()
            sections, components = read_layout(os.path.join(HERE, layout_file))
            return fields, sections, components
        return get

    jobs = [
        ((4, 0), older("fix40_fields.txt", "fix40_layout.txt", 140),
         ["fix44_fields.txt", "fix42_fields.txt", "fix40_fields.txt", "fix4_values.txt", "fix42_layout.txt",
          "fix40_layout.txt"],
         "FIX40.xml"),
        ((4, 1), older("fix41_fields.txt", "fix41_layout.txt", 211),
         ["fix44_fields.txt", "fix42_fields.txt", "fix41_fields.txt", "fix4_values.txt", "fix42_layout.txt",
          "fix41_layout.txt"],
         "FIX41.xml"),
        ((4, 2), plain(fix42_fields, "fix42_layout.txt"),
         ["fix44_fields.txt", "fix42_fields.txt", "fix42_layout.txt"], "FIX42.xml"),
        ((4, 3), older("fix43_fields.txt", "fix43_layout.txt", 659, fix44_fields, "fix44_layout.txt"),
         ["fix44_fields.txt", "fix42_fields.txt", "fix43_fields.txt", "fix4_values.txt", "fix44_layout.txt",
          "fix43_layout.txt"], "FIX43.xml"),
        ((4, 4), plain(fix44_fields, "fix44_layout.txt"),
         ["fix44_fields.txt", "fix44_layout.txt"], "FIX44.xml"),
    ]
    try:
        for version, get, sources, output in jobs:
            needed = [os.path.join(HERE, source) for source in sources]
            if not all(os.path.exists(path) for path in needed):
                print("skipping %s: sources missing" % output)
                continue
            fields, sections, components = get()
            check(fields, sections, components, output)
            text = render(version, fields, sections, components, sources)
            with open(os.path.join(out_dir, output), "w", encoding="ascii") as f:
                f.write(text)
            print("wrote %s: %d fields, %d components, %d messages"
                  % (output, len(fields), len(components), len(sections["messages"])))
    except SourceError as error:
        print("dictgen: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
