"""The translation catalogs: complete, compiled, consistent and in French typography."""

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

from tests.helpers.pagetext import bad_typography

LOCALE = Path(settings.BASE_DIR) / "locale"
NOT_SOURCES = {"locale", "tests", "static", "staticfiles", "bin", "tmp", "node_modules"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def sources():
    """Every folder of the project that may hold translatable strings (apps, templates)."""
    root = Path(settings.BASE_DIR)
    return [
        path
        for path in root.iterdir()
        if path.is_dir()
        and not path.name.startswith(".")
        and not path.name.endswith(".egg-info")
        and path.name not in NOT_SOURCES
    ]


def french():
    return polib.pofile(str(LOCALE / "fr" / "LC_MESSAGES" / "django.po"))


# Every language of the site but the source's has its catalogs: django.po, and djangojs.po
# where the JavaScript has strings of its own. A language added to LANGUAGES is checked here
# without a line of this file changing.
OTHER_LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
CATALOGS = [
    pytest.param(path, id=f"{code}-{path.stem}")
    for code in OTHER_LANGUAGES
    for path in sorted((LOCALE / code / "LC_MESSAGES").glob("*.po"))
    or [LOCALE / code / "django.po"]
]


def live(po):
    return [entry for entry in po if not entry.obsolete]


def translations(entries):
    """What a catalog really translates: {(context, msgid): text or plural texts}."""
    found = {}
    for entry in entries:
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            value = tuple(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))
        else:
            value = entry.msgstr
        if value and all(value):
            found[(entry.msgctxt, entry.msgid)] = value
    return found


def stale_messages(po_path, mo_path):
    """Messages whose compiled form differs from the source; empty when the .mo is current."""
    source = translations(polib.pofile(str(po_path)))
    compiled = translations(polib.mofile(str(mo_path)))
    return sorted(
        key[1] for key in source.keys() | compiled.keys() if source.get(key) != compiled.get(key)
    )


def msgstrs(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def plural_forms(po):
    return int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"]).group(1))


def forms_needed(language):
    """How many plural forms `language` needs, as GNU gettext's own table says (msginit writes
    it into a new catalog): 3 for Polish (1 runda, 2 rundy, 5 rund), 2 for German."""
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    made = subprocess.run(
        ["msginit", "--no-translator", f"--locale={language}", "--input=-", "--output-file=-"],
        input=header, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return plural_forms(polib.pofile(made.stdout))


def short_plurals(po):
    forms = plural_forms(po)
    return [
        e.msgid
        for e in live(po)
        if e.msgid_plural and len(list(filter(None, e.msgstr_plural.values()))) < forms
    ]


def changed_placeholders(po):
    """Messages whose translation names other placeholders than the English (each form of a
    plural may drop none and add none; a placeholder may be used twice)."""
    changed = []
    for entry in live(po):
        expected = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        changed += [(entry.msgid, text) for text in msgstrs(entry)
                    if text and set(PLACEHOLDER.findall(text)) != expected]  # fmt: skip
    return changed


@pytest.mark.parametrize("path", CATALOGS)
def test_every_message_is_translated_and_not_fuzzy(path):
    assert path.exists(), f'{path} is missing: see docs/languages.md, "Adding a language"'
    po = polib.pofile(str(path))
    missing = [e.msgid for e in live(po) if not all(msgstrs(e))]
    fuzzy = [e.msgid for e in live(po) if "fuzzy" in e.flags]
    assert (missing, fuzzy) == ([], []), f"translate these in {path}"


@pytest.mark.parametrize("path", CATALOGS)
def test_every_plural_has_each_form_its_language_counts(path):
    po = polib.pofile(str(path))
    language = path.parent.parent.name
    if shutil.which("msginit"):  # GNU gettext, which make test installs
        assert plural_forms(po) >= forms_needed(language), f"{path}: Plural-Forms"
    assert short_plurals(po) == []


@pytest.mark.parametrize("path", CATALOGS)
def test_every_message_keeps_its_placeholders(path):
    assert changed_placeholders(polib.pofile(str(path))) == []


def test_the_checks_notice_a_missing_form_and_a_changed_placeholder():
    po = polib.pofile(str(LOCALE / "pl" / "LC_MESSAGES" / "django.po"))
    entry = next(e for e in po if e.msgid == "%(count)s game")
    entry.msgstr_plural = {0: "%(count)s partia", 1: "%(count)s partie", 2: ""}
    assert short_plurals(po) == ["%(count)s game"]
    entry.msgstr_plural[2] = "%(liczba)s partii"
    assert changed_placeholders(po) == [("%(count)s game", "%(liczba)s partii")]


@pytest.mark.skipif(shutil.which("msginit") is None, reason="needs GNU gettext")
def test_polish_needs_three_plural_forms_and_german_two():
    assert (forms_needed("pl"), forms_needed("de")) == (3, 2)


def test_every_compiled_catalog_matches_its_source():
    pairs = [(po, po.with_suffix(".mo")) for po in LOCALE.glob("*/LC_MESSAGES/*.po")]
    assert pairs, "no catalog found"
    for po, mo in pairs:
        assert mo.exists(), f"{mo} is missing: run make messages"
        assert stale_messages(po, mo) == [], f"{mo} is older than {po}: run make messages"


def test_the_freshness_check_notices_an_edited_source(tmp_path):
    po_path, mo_path = tmp_path / "django.po", tmp_path / "django.mo"
    po = french()
    po.save(str(po_path))
    po.save_as_mofile(str(mo_path))
    assert stale_messages(po_path, mo_path) == []
    po[0].msgstr += " (edited)"
    po.save(str(po_path))
    assert stale_messages(po_path, mo_path) == [po[0].msgid]


@pytest.mark.parametrize("catalog", sorted(LOCALE.glob("fr/LC_MESSAGES/*.po")), ids=str)
def test_french_messages_follow_french_typography(catalog):
    # django.po and, once the JavaScript has strings of its own, djangojs.po
    problems = {
        entry.msgid: found
        for entry in live(polib.pofile(str(catalog)))
        for text in msgstrs(entry)
        if (found := bad_typography(text))
    }
    assert problems == {}


# German speaks to the reader as "Sie" everywhere (the rule pages too): a message that says "du"
# reads as another voice beside the others.
DUZEN = re.compile(r"\b(du|dein(e[mnrs]?)?|dich|dir|euch|euer|eure[mnrs]?)\b", re.I)


def test_german_messages_address_the_reader_as_sie():
    po = polib.pofile(str(LOCALE / "de" / "LC_MESSAGES" / "django.po"))
    found = {
        entry.msgid: text for entry in live(po) for text in msgstrs(entry) if DUZEN.search(text)
    }
    assert found == {}
    assert DUZEN.search("Deine Bilder: versuche es") and not DUZEN.search("Ihr Konto, direkt")


# ":" ";" "!" "?" right after a value written into a page, outside any translated string: in
# French it then lacks its no-break space ("LAMA: Grand-père"). The words go in the catalog
# ("%(name)s: %(value)s"), where the check above reads their French.
BESIDE_A_VALUE = re.compile(r"(\}\}|%\}|</[a-z]+>)[:;!?](\s|$)", re.M)
TRANSLATED = re.compile(
    r"\{%\s*blocktranslate.*?endblocktranslate\s*%\}|\{%\s*translate\s.*?%\}", re.S
)
# In JavaScript: in a template literal (`${seat}: ${name}`), or a string of its own
# (seat + ": " + name).
LITERAL = re.compile(r"`(?:[^`\\]|\\.)*`")
BESIDE_A_SLOT = re.compile(r"\}[:;!?]\s|[:;!?]\s\$\{")
PUNCTUATION_ALONE = re.compile(r"(?<=[\s(+,])[\"'][:;!?]\s*[\"']")
COMMENTS = re.compile(r"^\s*//[^\n]*$|/\*.*?\*/", re.M | re.S)


def written_beside_a_value(text, kind):
    if kind == "html":
        return BESIDE_A_VALUE.findall(TRANSLATED.sub("", text))
    text = COMMENTS.sub("", text)
    slots = [literal for literal in LITERAL.findall(text) if BESIDE_A_SLOT.search(literal)]
    return slots + PUNCTUATION_ALONE.findall(text)


PROSE_WITHOUT_NBSP = {code for code, _name in settings.LANGUAGES} - {"fr"}


def test_no_punctuation_is_written_beside_a_value_outside_the_catalog():
    root = Path(settings.BASE_DIR)
    templates = [
        path
        for path in root.glob("templates/**/*.html")
        # The rule prose of every language but French's: no space before its colons.
        if not set(path.relative_to(root / "templates").parts[:2]) & (PROSE_WITHOUT_NBSP)
    ]
    files = [*templates, *root.glob("static/js/*.js")]
    found = {
        str(path.relative_to(root)): hits
        for path in files
        if (hits := written_beside_a_value(path.read_text(), path.suffix.lstrip(".")))
    }
    assert found == {}


def test_the_punctuation_check_notices_a_value_and_its_colon():
    assert written_beside_a_value("<span>{{ label }}: {{ names }}</span>", "html")
    assert written_beside_a_value("<a>{{ name }}</a>: ", "html")
    assert not written_beside_a_value(
        "{% blocktranslate %}{{ a }}: {{ b }}{% endblocktranslate %}", "html"
    )
    assert written_beside_a_value("text = `${seat}: ${name}`;", "js")
    assert written_beside_a_value('text = seat + ": " + name;', "js")
    assert not written_beside_a_value('const a = { "b": "c" };\n// `${d}: ${e}`', "js")


def test_the_typography_check_notices_an_ordinary_space():
    assert bad_typography("Manche 2 : perdu !") == [" :", " !"]
    assert bad_typography('Il dit "non".') == ['"', '"']
    assert bad_typography("Manche\u00a02\u00a0: «\u00a0gagné\u00a0»\u202f!") == []


@pytest.mark.skipif(
    shutil.which("xgettext") is None, reason="needs GNU gettext (make test installs it)"
)
def test_every_catalog_has_every_message_of_the_code(tmp_path, monkeypatch, settings):
    for source in sources():
        shutil.copytree(source, tmp_path / source.name, ignore=shutil.ignore_patterns("*.pyc"))
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    call_command("makemessages", locale=["fr"], verbosity=0)
    extracted = {(e.msgctxt, e.msgid) for e in polib.pofile("locale/fr/LC_MESSAGES/django.po")}
    for code in OTHER_LANGUAGES:
        po = polib.pofile(str(LOCALE / code / "LC_MESSAGES" / "django.po"))
        committed = {(e.msgctxt, e.msgid) for e in live(po)}
        assert sorted(m for _c, m in extracted - committed) == [], f"{code}: run make messages"
        assert sorted(m for _c, m in committed - extracted) == [], f"{code}: run make messages"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_admin_labels_of_our_models_are_translated(language):
    from django.apps import apps
    from django.utils import translation

    def labels():
        config = apps.get_app_config("games")
        found = {"app": str(config.verbose_name)}
        for model in config.get_models():
            meta = model._meta
            found[model.__name__] = (str(meta.verbose_name), str(meta.verbose_name_plural))
            for field in meta.get_fields():
                if hasattr(field, "verbose_name") and not field.auto_created:
                    found[f"{model.__name__}.{field.name}"] = str(field.verbose_name)
        return found

    with translation.override("en"):
        english = labels()
    with translation.override(language):
        translated = labels()
    # Words that a language spells as English does, checked to be in the catalog all the same.
    same_word = {"fr": {"Entry.value": "points"}}.get(language, {})
    assert [k for k in english if english[k] == translated[k] != same_word.get(k)] == []
