"""The README's first screen is enough, and every page of docs/ it sends a reader to is there.

No database, no process: text read from disk.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

FIRST_SCREEN = 60  # lines
MOST_LINES = 400
# A Markdown link's target, and a path to a page of docs/ written in the text.
LINK = re.compile(r"\]\(([^)\s]+)\)")
DOCS_PATH = re.compile(r"(?<![\w./(-])docs/[\w./-]+\.md\b")


def _lines(page):
    return page.read_text().splitlines()


def _first_line_starting(lines, command):
    return next((n for n, line in enumerate(lines, 1) if line.startswith(command)), None)


@pytest.mark.parametrize("command", ["make run", "make test"])
def test_the_two_commands_are_on_the_first_screen(command):
    found = _first_line_starting(_lines(README), command)

    assert found is not None and found <= FIRST_SCREEN, (command, found)


def test_the_readme_is_short():
    assert len(_lines(README)) <= MOST_LINES


def _targets(page, root=ROOT):
    text = page.read_text()
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # another site, a mail, an anchor of the same page
        yield target, page.parent / target.split("#")[0]
    for path in DOCS_PATH.findall(text):
        yield path, root / path


def _slug(heading):
    """A heading's anchor as GitHub writes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page):
    return {_slug(line.lstrip("#")) for line in _lines(page) if re.match(r"#{1,6} ", line)}


def _missing_anchors(page):
    for target in LINK.findall(page.read_text()):
        if "#" not in target or re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue
        file, anchor = target.split("#", 1)
        found = page.parent / file if file else page
        if found.suffix == ".md" and found.exists() and anchor not in _anchors(found):
            yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_link_and_docs_path_resolves(page):
    missing = [target for target, path in _targets(page) if not path.exists()]

    assert missing == []
    assert list(_missing_anchors(page)) == []


def test_a_missing_page_is_found(tmp_path):
    page = tmp_path / "README.md"
    page.write_text("See [the design](docs/design.md), docs/gone.md and [a site](https://x.org).\n")

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text("# Design\n")

    found = {target: path.exists() for target, path in _targets(page, root=tmp_path)}

    assert found == {"docs/design.md": True, "docs/gone.md": False}


def test_a_missing_heading_is_found(tmp_path):
    page = tmp_path / "design.md"
    page.write_text("# Design\n\n[Words](#words-we-use), [gone](#gone)\n\n## Words we use\n")

    assert list(_missing_anchors(page)) == ["#gone"]


def test_the_how_to_a_language_is_sent_to_is_where_it_is_said_to_be():
    """`make messages`, LANGUAGES and the catalog test name the page that adds a language."""
    for source in ("Makefile", "scorekeeper/settings.py", "tests/deploy/test_catalogs.py"):
        lines = [line for line in _lines(ROOT / source) if "Adding a language" in line]
        assert lines, source
        for line in lines:
            pages = DOCS_PATH.findall(line)
            assert pages, (source, line)
            assert all("# Adding a language" in (ROOT / page).read_text() for page in pages)
