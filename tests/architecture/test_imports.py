"""The architecture holds: who may import whom, checked on every run.

Two independent checks of the same rules, so a forbidden import fails the suite with a
readable message whichever way it comes back:

- the import-linter contracts in ``pyproject.toml``, run here as ``lint-imports`` does;
- a small AST scan of the product's source (imports inside functions included, imports
  under ``if TYPE_CHECKING:`` left out, as import-linter is configured), which also finds
  import circles between any two product modules and functions that grew too long.

Between apps both are allow-lists: an import of another app that is not one of the README
picture's seams (``CROSS_APP_SEAMS`` here, each app's protected contract's ``ignore_imports``
there) fails, whatever module it reaches.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCT_APPS = ("drawhisper", "characters", "scenes", "chat", "memories")
MODEL_APPS = ("characters", "scenes", "chat", "memories")
TOOL_PACKAGE = "benchmarks"
MEMORY_CAPABILITIES = ("api", "editing", "pipeline", "retrieval", "documents", "profile", "index")
# The memories modules every capability may use, which use none (but search uses the index).
MEMORY_SHARED = ("selectors", "events", "texts", "contracts", "history", "chat_adapter")
# The one memories module that may read chat's models and tables directly.
CHAT_ADAPTER = "memories.chat_adapter"
# What the memory app may import from chat, and chat from the memory app.
CHAT_MODULES_FOR_MEMORIES = ("chat.selectors", "chat.groups")
MEMORY_MODULES_FOR_CHAT = (
    "memories.context",
    "memories.triggers",
    "memories.contracts",
    "memories.chat_transfer",
)
# Every way one app may import another (README's picture): (importer, imported), the importer
# a module or package ("*" any product module), the imported module exactly. The benchmark
# tool is outside the product and may import any of it.
CROSS_APP_SEAMS = (
    ("*", "characters.selectors"),
    ("*", "scenes.selectors"),
    ("*", "chat.selectors"),
    *(("memories", module) for module in CHAT_MODULES_FOR_MEMORIES),
    (CHAT_ADAPTER, "chat.models"),
    ("characters", "chat.naming"),
    ("scenes", "chat.naming"),
    ("characters.api.lorebook_test", "chat.context"),
    ("drawhisper.routing", "chat.routing"),
    *(("chat", module) for module in MEMORY_MODULES_FOR_CHAT),
    ("characters", "memories.context"),
    ("scenes", "memories.context"),
    ("characters", "memories.selectors"),
    ("scenes", "memories.selectors"),
    ("characters.lorebooks", "memories.lore_vectors"),
    ("drawhisper.health", "memories.index"),
    ("memories.index", "characters.lorebooks.vector_rows"),
    ("scenes", "characters.validation"),
    ("scenes", "characters.forms"),
    ("scenes.api", "characters.api.serializers"),
    ("scenes.api", "characters.api.views"),
    ("chat", "scenes.prompting"),
    ("characters", "scenes.prompting"),
    ("characters.management.commands.load_demo", "scenes.services"),
)
MAX_FUNCTION_LINES = 120
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command()"


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported} (line {self.line})"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _source_files(packages: tuple[str, ...]) -> dict[str, Path]:
    files = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            files[_module_name(path)] = path
    return files


PRODUCT_FILES = _source_files(PRODUCT_APPS)
KNOWN_MODULES = set(PRODUCT_FILES) | set(_source_files((TOOL_PACKAGE,)))


def _is_type_checking_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, except what sits under ``if TYPE_CHECKING:`` (annotations only)."""
    for child in ast.iter_child_nodes(tree):
        if _is_type_checking_block(child):
            for other in child.orelse:
                yield other
                yield from _nodes(other)
            continue
        yield child
        yield from _nodes(child)


def _resolve(module: str) -> str | None:
    """The known module ``module`` names, or the nearest known package above it."""
    while module and module not in KNOWN_MODULES:
        module = module.rpartition(".")[0]
    return module or None


def _imports_of(name: str, path: Path) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node in _nodes(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t if t in KNOWN_MODULES else base for t in targets]
        for target in targets:
            resolved = _resolve(target)
            if resolved is not None and resolved != name:
                found.append(Import(name, resolved, node.lineno))
    return found


IMPORTS = [found for name, path in PRODUCT_FILES.items() for found in _imports_of(name, path)]


def _app_of(module: str) -> str:
    return module.split(".")[0]


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))
    return components


# --------------------------------------------------------------------------- the contracts


def test_the_import_linter_contracts_hold():
    """``lint-imports`` in a process of its own (it configures logging globally)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout, result.stdout


def test_the_scan_sees_the_imports_it_checks():
    """A scan that found nothing would pass every rule below: make sure it reads the seam."""
    seen = {(i.importer, i.imported) for i in IMPORTS}
    assert (CHAT_ADAPTER, "chat.models") in seen
    assert any(
        _within(importer, "chat.context") and imported == "memories.context"
        for importer, imported in seen
    )
    assert len(PRODUCT_FILES) > 100


def test_no_import_circles_among_product_modules():
    edges: dict[str, set[str]] = {}
    for found in IMPORTS:
        if found.imported in PRODUCT_FILES:
            edges.setdefault(found.importer, set()).add(found.imported)
    assert _cycles(edges) == []


def test_memories_reads_chat_only_through_its_selectors_and_one_adapter():
    wrong = [
        str(found)
        for found in IMPORTS
        if _app_of(found.importer) == "memories"
        and found.importer != CHAT_ADAPTER
        and _app_of(found.imported) == "chat"
        and not any(_within(found.imported, allowed) for allowed in CHAT_MODULES_FOR_MEMORIES)
    ]
    assert wrong == []


def test_chat_reads_memories_only_through_its_facade():
    wrong = [
        str(found)
        for found in IMPORTS
        if _app_of(found.importer) == "chat"
        and _app_of(found.imported) == "memories"
        and found.imported not in MEMORY_MODULES_FOR_CHAT
    ]
    assert wrong == []


def test_no_app_imports_another_apps_models():
    wrong = [
        str(found)
        for found in IMPORTS
        if _app_of(found.importer) in PRODUCT_APPS
        and _app_of(found.imported) in MODEL_APPS
        and _app_of(found.imported) != _app_of(found.importer)
        and _within(found.imported, f"{_app_of(found.imported)}.models")
        and not (found.importer == CHAT_ADAPTER and found.imported == "chat.models")
    ]
    assert wrong == []


def test_apps_reach_each_other_only_through_the_seams_the_readme_names():
    def allowed(found: Import) -> bool:
        return any(
            (importer == "*" or _within(found.importer, importer)) and found.imported == imported
            for importer, imported in CROSS_APP_SEAMS
        )

    wrong = [
        str(found)
        for found in IMPORTS
        if _app_of(found.imported) in MODEL_APPS
        and _app_of(found.imported) != _app_of(found.importer)
        and not allowed(found)
    ]
    assert wrong == []


def test_memories_capabilities_import_each_other_without_circles():
    def capability(module: str) -> str | None:
        parts = module.split(".")
        if parts[0] == "memories" and len(parts) > 1 and parts[1] in MEMORY_CAPABILITIES:
            return parts[1]
        return None

    edges: dict[str, set[str]] = {}
    for found in IMPORTS:
        source, target = capability(found.importer), capability(found.imported)
        if source and target and source != target:
            edges.setdefault(source, set()).add(target)
    assert _cycles(edges) == []
    # The index is the bottom layer: vectors and the archive rule know no other capability.
    assert edges.get("index", set()) == set()
    # Hand edits reach down to the index and the profile only (README's picture): what they
    # share with the pipeline (replacing a memory, kept as history) sits in memories.history.
    assert edges.get("editing", set()) <= {"index", "profile"}


def test_memories_shared_modules_import_no_capability():
    wrong = [
        str(found)
        for found in IMPORTS
        if any(_within(found.importer, f"memories.{shared}") for shared in MEMORY_SHARED)
        and any(_within(found.imported, f"memories.{name}") for name in MEMORY_CAPABILITIES)
        and not (
            found.importer == "memories.selectors.search" and found.imported == "memories.index"
        )
    ]
    assert wrong == []


def test_the_product_never_imports_the_benchmark_tool():
    wrong = [str(found) for found in IMPORTS if _app_of(found.imported) == TOOL_PACKAGE]
    assert wrong == []


@pytest.mark.parametrize("app", ["memories"])
def test_no_function_of_120_lines_or_more(app):
    long_functions = []
    for name, path in PRODUCT_FILES.items():
        if _app_of(name) != app:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length >= MAX_FUNCTION_LINES:
                    long_functions.append(f"{name}.{node.name}: {length} lines")
    assert long_functions == []
