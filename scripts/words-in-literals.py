#!/usr/bin/env python3
"""Prints each string literal of the Swift files named on the command line that holds a word
(two letters in a row), as FILE:LINE: "LITERAL", outside comments; for scripts/check-messages.sh.
Escape sequences written \\u{1B}[… and character entities (&amp;) are not words."""
import re
import sys

WORD = re.compile(r"[^\W\d_]{2}")


def literals(source):
    """(line, text) of every one-line string literal outside comments."""
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif source.startswith("//", i):
            while i < n and source[i] != "\n":
                i += 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif c == '"':
            j, text = i + 1, ""
            while j < n and source[j] != '"' and source[j] != "\n":
                if source[j] == "\\" and j + 1 < n:
                    text += source[j:j + 2]
                    j += 2
                else:
                    text += source[j]
                    j += 1
            yield line, text
            i = j + 1
        else:
            i += 1


status = 0
for path in sys.argv[1:]:
    for line, text in literals(open(path, encoding="utf-8").read()):
        # Terminal escape sequences and markup's character entities are no words.
        if text.startswith("\\u{1B}") or re.fullmatch(r"&[a-z]+;", text):
            continue
        if WORD.search(re.sub(r"\\\(.*?\)", "", text)):
            print(f'{path}:{line}: "{text}"')
            status = 1
sys.exit(status)
