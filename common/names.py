"""Player names: one rule for the new-game form, the import of a backup and the admin (their
fields: games/forms/fields.py); account names are held apart by its skeleton too
(accounts/usernames.py).

A name is stored as typed, in any script and with emoji, composed (NFC) and with its white
space collapsed. It may hold nothing that is drawn as nothing or that steers the text around
it: no control character (NUL would also be a 500 on PostgreSQL), no zero-width or direction
character, nothing private-use or unassigned. Only emoji keep their joiners (👩‍🚀) and
their emoji-style selector (❤️).

At one table, two names must not look alike. They are compared by their "skeleton", as
Unicode's confusables (UTS #39) do: the name folded (NFKC, case), decomposed, and each
letter replaced by one representative of the letters it can be mistaken for, so "Alice"
and "Аlice" (a Cyrillic А) have one skeleton, while "Zoé" and "Zoe" keep two. The data is
Unicode's confusables.txt as the confusable-homoglyphs package ships it.
"""

import functools
import re
import unicodedata

from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

INVISIBLE = _("This name holds an invisible or control character: type it again.")

# Control, format (zero-width, bidirectional), surrogate, private-use, unassigned, and the
# line and paragraph separators.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing, whatever
# their category (the Hangul filler U+3164 is a letter).
_IGNORABLE = [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
              (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
              (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
              (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
              (0xE0000, 0xE0FFF)]  # fmt: skip
SECOND_DOT = re.compile("(?<=[ij])\u0307")
ZWJ = "\u200d"
EMOJI_STYLE = {"\ufe0e", "\ufe0f"}  # text or emoji presentation of the symbol before


def clean(raw):
    """The name to store: composed, its white space collapsed (NBSP and tabs too)."""
    return " ".join(unicodedata.normalize("NFC", raw or "").split())


def _is_symbol(char):
    return unicodedata.category(char) in {"So", "Sk"}  # emoji, and their skin tones


def _drawn(char):
    code = ord(char)
    ignorable = any(low <= code <= high for low, high in _IGNORABLE)
    return not ignorable and unicodedata.category(char) not in _REFUSED_CATEGORIES


def _allowed(name, index):
    char = name[index]
    before = name[index - 1] if index else ""
    if char in EMOJI_STYLE:
        return bool(before) and _is_symbol(before)
    if char == ZWJ:  # between two emoji: 👩‍🚀, 👩🏽‍🚀, ❤️‍🔥
        if before in EMOJI_STYLE and index > 1:
            before = name[index - 2]
        after = name[index + 1 : index + 2]
        return bool(before and after) and _is_symbol(before) and _is_symbol(after)
    return _drawn(char)


def is_visible(name):
    """Whether every character of `name` is drawn and leaves the text around it alone."""
    if name.isascii():
        return name.isprintable()
    return all(_allowed(name, index) for index in range(len(name)))


def shown(name):
    """`name` with each refused character as �, to quote it in a message."""
    return "".join(c if _allowed(name, i) else "\ufffd" for i, c in enumerate(name))


def validate_visible(name):
    if not is_visible(name):
        raise ValidationError(INVISIBLE, code="invisible")


@functools.cache
def _representatives():
    """Each letter that can be mistaken for another, mapped to one of its set (the lowest)."""
    parent = {}

    def find(char):
        while parent.get(char, char) != char:
            char = parent[char]
        return char

    for char, homoglyphs in confusables_data.items():
        for homoglyph in homoglyphs:
            if len(homoglyph["c"]) == 1:  # "m" and "rn" are left apart
                first, second = sorted((find(char), find(homoglyph["c"])))
                if first != second:
                    parent[second] = first
    return {char: find(char) for char in parent}


@functools.lru_cache(maxsize=4096)  # a backup names the same players in game after game
def skeleton(name):
    """What `name` looks like: two names with one skeleton cannot be told apart at a glance."""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    # "İ" folds to an i with a second dot above: a dotted letter keeps one (Turkish İ is i).
    folded = SECOND_DOT.sub("", folded)
    same = _representatives()
    return "".join(same.get(char, char) for char in folded if _drawn(char))


def collation_key(name):
    """Names as an English or French dictionary orders them, not by code point as a database
    does: letters first, accents and case only break ties (Ömer with the Os, before Zoé; Émile
    with the Es)."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    return ("".join(c for c in folded if not unicodedata.combining(c)), name.casefold(), name)


def look_alike(name, others):
    """The first of `others` that looks like `name` (the same name in any case included)."""
    key = skeleton(name)
    return next((other for other in others if skeleton(other) == key), None)


def same_name_message(name, other):
    """Why `name` cannot sit at a table where `other` sits (see look_alike)."""
    if name.casefold() == other.casefold():
        return gettext("%(name)s is already at the table.") % {"name": name}
    message = gettext("%(name)s looks just like %(other)s: give them names that tell them apart.")
    return message % {"name": name, "other": other}


# A game's place and note are written by the players too: they hold nothing invisible either.
INVISIBLE_IN_TEXT = _("This text holds an invisible or control character: type it again.")


def clean_lines(raw):
    """Text of a few lines to store: each line cleaned as a name is, empty lines dropped."""
    text = unicodedata.normalize("NFC", raw or "").replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line for line in map(clean, text.split("\n")) if line)


def lines_visible(text):
    return all(is_visible(line) for line in text.split("\n"))


def validate_visible_text(text):
    if not lines_visible(text):
        raise ValidationError(INVISIBLE_IN_TEXT, code="invisible")
