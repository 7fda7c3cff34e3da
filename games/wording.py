"""Players' names in sentences and lists, as English and French readers expect them.

French elision before a name: "la main d’Anna", "les parties d’Ömer", not "de Anna". A
translation writes "de %(name)s" once; whether it reads "de" or "d’" depends on the name, so
it is decided here, after the name is in the sentence. Only the words just before one of the
names given change, and only in French.

And names in a list as a sentence reads them ("Ana, Ben and Cleo"): every page that lists the
winners of a shared victory writes them with `and_list`, never with commas alone. Names in
dictionary order: common/names.py, collation_key.
"""

import re
import unicodedata

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import get_text_list
from django.utils.translation import get_language
from django.utils.translation import gettext as _

# The words French elides before a vowel or a mute h, and how they read elided.
ELIDED = {"de": "d’", "que": "qu’", "le": "l’", "la": "l’", "je": "j’", "ne": "n’", "se": "s’"}
VOWELS = set("aeiou")


def elides_before(name):
    """Whether French elides before `name`: a vowel (accented or not: Émile, Ömer), an h
    (the h of a first name is mute: Hélène, Hugo), a y before a consonant (Yves, not Yannick)."""
    letters = [unicodedata.normalize("NFD", c)[0].lower() for c in str(name)[:2]]
    if not letters:
        return False
    first, second = letters[0], letters[1] if len(letters) > 1 else ""
    if first in VOWELS or first == "h":
        return True
    return first == "y" and bool(second) and second.isalpha() and second not in VOWELS


def elide(text, *names):
    """`text` with each elidable word before one of `names` elided, in French only.

    Safe HTML stays safe: the names are looked for as HTML-escaped when `text` is.
    """
    if not (get_language() or "").startswith("fr"):
        return text
    safe = isinstance(text, SafeString)
    for name in names:
        if not name or not elides_before(name):
            continue
        written = str(conditional_escape(name)) if safe else str(name)
        words = "|".join(ELIDED)
        pattern = re.compile(rf"\b({words}) ({re.escape(written)})(?!\w)", re.IGNORECASE)
        text = pattern.sub(_elided, str(text))
    return mark_safe(text) if safe else text


def _elided(match):
    word, name = match.groups()
    elided = ELIDED[word.lower()]
    return (elided[0].upper() + elided[1:] if word[0].isupper() else elided) + name


def and_list(names):
    """ "Ana", "Ana and Ben", "Ana, Ben and Cleo", in the reader's language."""
    return get_text_list([str(name) for name in names], _("and"))
