"""`accounts` and `games` never import each other, in either direction; what both need lives
in `common` (the limiter, time zones, the rule of names) or `jobs`, which import neither.
Read from the source (ast), migrations included, so an import inside a function counts as
much as one at the top."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each package, and the packages it must never import.
FORBIDDEN = {
    "accounts": {"games"},
    "games": {"accounts"},
    "common": {"accounts", "games"},
    "jobs": {"accounts", "games"},
}


def imported(path):
    """The top-level packages `path` imports (a relative import stays in its own package)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def modules():
    for package in FORBIDDEN:
        yield from sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_package_it_must_not(path):
    package = path.relative_to(ROOT).parts[0]
    assert not imported(path) & FORBIDDEN[package]


def test_the_walk_sees_an_import_inside_a_function(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from games.services import x\n    import accounts.zones\n")
    assert imported(module) == {"games", "accounts"}
