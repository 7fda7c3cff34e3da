"""The house's layers, read from the source (ast), so that an import inside a function counts as
much as one at the top: hiding an import there hides a circle, it does not remove it.

- `accounts` and `games` never import each other, in either direction; what both need lives
  in `common` (the limiter, time zones, the rule of names) or `jobs`, which import neither.
- No module of an app imports the project package `scorekeeper` (its settings and URLs name
  the apps, never the other way round).
- No two modules of the project import each other, directly or round a longer circle.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each package, and the packages it must never import.
FORBIDDEN = {
    "accounts": {"games", "scorekeeper"},
    "games": {"accounts", "scorekeeper"},
    "common": {"accounts", "games", "scorekeeper"},
    "jobs": {"accounts", "games", "scorekeeper"},
}
# The packages whose modules the circle check reads: the apps and the project package.
PACKAGES = (*FORBIDDEN, "scorekeeper")


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


# The circles


def module_name(root, path):
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root, packages):
    """{module: the modules of `packages` under `root` it imports}, every import read (inside
    functions too), relative ones resolved; `from package import name` counts as an import of
    the module package.name when there is one, else of the package."""
    paths = {
        module_name(root, path): path
        for package in packages
        for path in (root / package).rglob("*.py")
    }
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                found = {f"{base}.{alias.name}" for alias in node.names} & paths.keys()
                targets |= found or {base}
        graph[name] = (targets & paths.keys()) - {name}
    return graph


def circles(graph):
    """The groups of modules that reach each other through their imports (Tarjan's strongly
    connected components of more than one module), each as a sorted tuple."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(tuple(sorted(group)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_circle_of_imports():
    # Migrations are read too: nothing imports them, so they close no circle (Django loads
    # them by name), and the models they import are below them.
    assert circles(import_graph(ROOT, PACKAGES)) == []


def test_the_circle_check_sees_a_circle_hidden_in_a_function(tmp_path):
    package = tmp_path / "app"
    (package / "sub").mkdir(parents=True)
    for name in ("__init__.py", "sub/__init__.py", "top.py"):
        (package / name).write_text("")
    (package / "sub" / "a.py").write_text("def f():\n    from . import b\n")
    (package / "sub" / "b.py").write_text("from ..top import x\nimport app.sub.c\n")
    (package / "sub" / "c.py").write_text("from app.sub.a import f\n")

    graph = import_graph(tmp_path, ["app"])

    assert graph["app.sub.a"] == {"app.sub.b"}
    assert graph["app.sub.b"] == {"app.top", "app.sub.c"}
    assert circles(graph) == [("app.sub.a", "app.sub.b", "app.sub.c")]
    del graph["app.sub.c"]
    assert circles(graph) == []


def test_the_circle_check_sees_an_app_importing_the_project_package(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "v.py").write_text("def f():\n    import scorekeeper.keeping\n")
    assert "scorekeeper" in imported(tmp_path / "games" / "v.py") & FORBIDDEN["games"]
