"""Views never import views: the doors to a game or a player are in games/access.py, what
several views render alike in games/pages.py, and only the URL modules name views. Read from
the source (ast), so an import inside a function counts as much as one at the top."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "accounts", "common", "jobs", "scorekeeper")


def is_view_module(name):
    parts = name.split(".")
    return len(parts) >= 2 and parts[0] in APPS and parts[1] == "views"


def imported(path):
    """The modules `path` imports, by their dotted names (`from a import b` names a.b too, as
    b may be a module)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def project_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


@pytest.mark.parametrize("path", list(project_modules()), ids=lambda p: str(p.relative_to(ROOT)))
def test_only_url_modules_import_views(path):
    if path.name == "urls.py":
        return
    views = sorted(name for name in imported(path) if is_view_module(name))
    assert not views, f"{path.relative_to(ROOT)} imports {views}"


def test_it_sees_an_import_of_a_view(tmp_path):
    module = tmp_path / "views.py"
    module.write_text("def f():\n    from games.views import sheet\n")
    assert any(is_view_module(name) for name in imported(module))
