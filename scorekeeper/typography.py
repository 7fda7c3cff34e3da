"""Polish typography: a one-letter word (a, i, o, u, w, z) never ends a line.

Polish typesetting keeps such a word on the line of the word after it ("w domu", "z komarami",
"Ana i Bartek"), by a no-break space (U+00A0) in place of the space after it. The app writes
that space once, here, on every Polish page as it leaves the server (the middleware
`scorekeeper.middleware.bind_polish_single_letters`): the catalog's sentences, the rule pages,
the names people typed, all alike. Only text is touched: a tag and its attributes, a comment,
and the content of <script>, <style>, <pre> and <textarea> stay as they are.
"""

import re

NBSP = "\u00a0"
# What is not text: a comment, an element whose content is not prose, a tag (its attribute
# values may hold ">" inside quotes).
MARKUP = re.compile(
    r"<!--.*?-->"
    r"|<(script|style|pre|textarea)\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>.*?</\1\s*>"
    r"|<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.S | re.I,
)
# A word of one of these letters (nothing before it that is part of a word, an abbreviation or
# an entity: "L.A.M.A." and "&amp;" stay), the spaces after it, and the word that follows.
SINGLE_LETTER = re.compile(r"(?<![\w.\-’'&;/@])([aiouwzAIOUWZ])[ \t\r\n]+(?=([^\s<]*))")
# A long capitalised word after it is a name most often ("Anne-Laure i Maximiliane"): bound to
# the letter, the two may not fit one line of a 320 px phone in large type, and the line would
# overflow. Before such a word the line may still break; before any other it may not.
LONG_NAME = 10


def bind_single_letters(html: str) -> str:
    """`html` with a no-break space after each one-letter word of its text."""
    out, last = [], 0
    for markup in MARKUP.finditer(html):
        out.append(_bind(html[last : markup.start()]))
        out.append(markup.group())
        last = markup.end()
    out.append(_bind(html[last:]))
    return "".join(out)


def _bind(text: str) -> str:
    return SINGLE_LETTER.sub(_bound, text)


def _bound(match: re.Match) -> str:
    letter, following = match.group(1), match.group(2)
    if following[:1].isupper() and len(following) >= LONG_NAME:
        return match.group(0)
    return letter + NBSP
