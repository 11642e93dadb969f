#!/usr/bin/env python3
"""pseudo_po.py TEMPLATE.pot OUT.po: the pseudo-language en@pseudo, for tests.

Every message "translated" into English that still reads, with each letter accented and
the text about 40% longer, in brackets: "Run" becomes "[Ŕûñ··]". A string drawn plain in
that language was never marked; a label that fits in English but clips here will clip in
French or Italian, which run about a fifth longer. What a program reads in a message is
kept as it is: {0} placeholders, printf-like %-sequences (which must never be formats,
but are kept so that a test can see them drawn), HTML tags and entities, escapes.
"""
import re
import sys

# Letters with marks from Latin-1 and Latin Extended-A/B, which the UI font's ranges hold
# (app/widgets/ui_style.cpp); m, v and x have none there and stay as they are.
ACCENTED = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺmñöþǫŕšţûvŵxýžÀƁÇĐÉƑĜĤÎĴĶĹMÑÖÞǪŔŠŢÛVŴXÝŽ"))
# Kept whole: {0}, %s / %.1f / %%, <tag attr="...">, &amp;, and a C escape such as \n or \".
KEPT = re.compile(r'\{[0-9]\}|%[-+ #0-9.]*[a-zA-Z%]|<[^>]*>|&[a-zA-Z#0-9]+;|\\.')
PAD = "·"


def pseudo(text: str) -> str:
    if not text:
        return text
    out, letters, at = [], 0, 0
    for match in KEPT.finditer(text):
        chunk = text[at:match.start()]
        out.append("".join(ACCENTED.get(c, c) for c in chunk))
        letters += sum(c.isalpha() for c in chunk)
        out.append(match.group(0))
        at = match.end()
    chunk = text[at:]
    out.append("".join(ACCENTED.get(c, c) for c in chunk))
    letters += sum(c.isalpha() for c in chunk)
    body = "".join(out)
    # A message that ends a line keeps its newline last; the padding goes before it.
    tail = ""
    while body.endswith("\\n"):
        body, tail = body[:-2], tail + "\\n"
    padding = PAD * max(0, round(0.4 * max(letters, 1)) - 2)  # the brackets count for two
    return "[" + body + padding + "]" + tail


def strings(lines):
    """The concatenated contents of a run of "..." lines."""
    return "".join(line[line.index('"') + 1:line.rindex('"')] for line in lines)


def main(template: str, out_path: str) -> None:
    entries, current, key = [], {}, None
    with open(template, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip():
                if current:
                    entries.append(current)
                current, key = {}, None
                continue
            if line.startswith("#"):
                current.setdefault("comments", []).append(line)
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                key = m.group(1)
                current.setdefault(key, []).append(m.group(2))
            elif line.startswith('"') and key:
                current[key].append(line)
    if current:
        entries.append(current)

    with open(out_path, "w", encoding="utf-8") as out:
        for entry in entries:
            msgid = strings(entry.get("msgid", ['""']))
            if not msgid and "msgctxt" not in entry:  # the header
                out.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                          '"Language: en@pseudo\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
                continue
            for comment in entry.get("comments", []):
                if comment.startswith("#,"):  # flags (fuzzy would leave the message out)
                    flags = [f.strip() for f in comment[2:].split(",") if f.strip() != "fuzzy"]
                    if flags:
                        out.write("#, " + ", ".join(flags) + "\n")
            if "msgctxt" in entry:
                out.write('msgctxt "' + strings(entry["msgctxt"]) + '"\n')
            out.write('msgid "' + msgid + '"\n')
            if "msgid_plural" in entry:
                plural = strings(entry["msgid_plural"])
                out.write('msgid_plural "' + plural + '"\n')
                out.write('msgstr[0] "' + pseudo(msgid) + '"\n')
                out.write('msgstr[1] "' + pseudo(plural) + '"\n\n')
            else:
                out.write('msgstr "' + pseudo(msgid) + '"\n\n')


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: pseudo_po.py TEMPLATE.pot OUT.po")
    main(sys.argv[1], sys.argv[2])
