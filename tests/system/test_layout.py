"""The package's shape: imports run one way, modules stay small, and the names the docs cite exist.

Read from the AST of ``compiler/`` (every import, also those inside functions), so a circle
that only closes at run time is one too."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "compiler"
TOP_LEVEL = {"__init__", "__main__", "build", "normalize"}
"""The modules at the package's top (docs/architecture.md says why each)."""
SHARED = ROOT.parent / "shared"
MAX_LINES = 450
CLICK_OUTSIDE_CLI = {"compiler.core.errors", "compiler.runtime.progress"}
"""Outside ``cli/``, click is used only for its exception root and its progress bar."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Return the modules of the package that ``name`` imports."""
    out = set()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def package_of(name: str) -> str:
    """A first-level package (``compiler.site``) or a top-level module (``compiler.build``)."""
    return ".".join(name.split(".")[:2])


def test_no_module_imports_itself_through_others():
    assert cycles(graph()) == []


def test_no_package_imports_itself_through_others():
    packages = defaultdict(set)
    for name, targets in graph().items():
        packages[package_of(name)] |= {package_of(t) for t in targets} - {package_of(name)}
    assert cycles(packages) == []


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_command_line_is_at_the_top():
    for name, targets in graph().items():
        if not name.startswith(("compiler.cli", "compiler.__main__")):
            assert not {t for t in targets if t.startswith("compiler.cli")}, name


def test_only_the_command_line_uses_click():
    users = {name for name, path in modules().items()
             if re.search(r"^\s*(import click|from click)", path.read_text(encoding="utf-8"), re.M)}
    assert {u for u in users if not u.startswith("compiler.cli")} <= CLICK_OUTSIDE_CLI


def test_the_top_holds_only_the_scripts_of_the_phases():
    assert {p.stem for p in PACKAGE.glob("*.py")} <= TOP_LEVEL


def test_no_module_imports_what_another_keeps_private():
    """A ``_name`` is its module's own: one needed elsewhere gets a public name."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("compiler"):
                found += [f"{name}: {alias.name} from {node.module}" for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert found == []


def test_no_module_is_long():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


CITED = re.compile(r"(?<![\w/.-])((?:compiler|tests|tools|bench)/[\w./-]*\w|[\w/-]+\.(?:py|md|tsv)\b)")
"""A path in prose: one under a folder of the project's code, or a file of code, prose or data
by its name (the site's own paths, ``cards/x.html``, ``search/meta.js``, are not files here)."""


def cited_paths(text: str) -> set[str]:
    return {m for m in CITED.findall(text) if not m.startswith(("http", "www"))}


def test_every_file_the_docs_and_docstrings_name_exists():
    files = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()
             and p.relative_to(ROOT).parts[0] not in (".git", ".venv", "site", "build")
             and not {"__pycache__", "golden-site"} & set(p.parts)}
    files |= {p.name for p in SHARED.rglob("*.md")} if SHARED.is_dir() else set()  # its documents
    names = {f.rpartition("/")[2] for f in files} | {f for f in files}
    folders = {"/".join(f.split("/")[:i]) for f in files for i in range(1, f.count("/") + 1)}
    texts = {p: p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *ROOT.glob("docs/*.md")]}
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        texts[path] = "\n".join(ast.get_docstring(node) or "" for node in ast.walk(tree)
                                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)))
    missing = {}
    for path, text in texts.items():
        gone = {c for c in cited_paths(text) if not _exists(c, files, names, folders)}
        if gone:
            missing[path.relative_to(ROOT).as_posix()] = sorted(gone)
    assert missing == {}


def _exists(cited: str, files: set[str], names: set[str], folders: set[str]) -> bool:
    cited = cited.rstrip("/.")
    if cited in files or cited in folders or cited in names:
        return True
    # a file named in a folder's prose by its path inside the package (cr/cache.py)
    return any(f.endswith("/" + cited) for f in files) or any(f.endswith("/" + cited) for f in folders)
