"""The benchmark tool measures the product from outside: no product module imports it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT_PACKAGES = ("drawhisper", "characters", "scenes", "chat", "memories")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_product_module_imports_the_benchmark_tool():
    offenders = []
    for package in PRODUCT_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for name in imported_modules(path):
                if name == "benchmarks" or name.startswith("benchmarks."):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_benchmark_code_no_longer_lives_inside_the_memories_app():
    assert not (ROOT / "memories" / "benchmarks").exists()
    commands = ROOT / "memories" / "management" / "commands"
    assert sorted(p.name for p in commands.glob("bench_*.py")) == []
    assert sorted(
        p.name for p in (ROOT / "benchmarks" / "management" / "commands").glob("bench_*.py")
    ) == [
        "bench_load.py",
        "bench_locomo.py",
        "bench_memory.py",
        "bench_tokens.py",
        "bench_vectors.py",
        "bench_worker.py",
    ]


# The one product-table write the tool still makes itself, for a pipeline whose chunks cannot
# name the turns they came from (``benchmarks.loader.narrow_sources``).
MODEL_IMPORTS_ALLOWED = {("benchmarks/loader/sessions.py", "memories.models")}


def _names_models(module: str) -> bool:
    """A product app's models module, or any module inside a models package."""
    parts = module.split(".")
    return parts[0] in PRODUCT_PACKAGES and "models" in parts[1:]


def test_a_models_package_submodule_counts_as_its_models():
    assert _names_models("memories.models")
    assert _names_models("memories.models.memory")
    assert not _names_models("memories.selectors")
    assert not _names_models("benchmarks.models")


def test_the_benchmark_tool_uses_public_modules_and_not_the_tests():
    offenders = []
    for path in sorted((ROOT / "benchmarks").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for name in imported_modules(path):
            if name == "tests" or name.startswith("tests."):
                offenders.append(f"{where} imports {name}")
            elif _names_models(name):
                if (where, name) not in MODEL_IMPORTS_ALLOWED:
                    offenders.append(f"{where} imports {name}")
    assert offenders == []
