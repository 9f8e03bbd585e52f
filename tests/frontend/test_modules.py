"""Every browser module loads: each import of frontend/js names a module that exists and
names exported from it, so a page never fails on a missing file or a misspelt export."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "frontend" / "js"
MODULES = sorted(JS.rglob("*.js"))

IMPORT = re.compile(r'^import\s+(?:\{([^}]*)\}\s+from\s+)?"([^"]+)";', re.MULTILINE)
EXPORT = re.compile(
    r"^export\s+(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)", re.MULTILINE
)
EXPORT_LIST = re.compile(r"^export\s+\{([^}]*)\}", re.MULTILINE)


def exported_names(source: str) -> set[str]:
    names = set(EXPORT.findall(source))
    for group in EXPORT_LIST.findall(source):
        names.update(part.split(" as ")[-1].strip() for part in group.split(",") if part.strip())
    return names


def test_the_page_modules_are_there():
    names = {path.relative_to(JS).as_posix() for path in MODULES}
    for page in (
        "chat.js",
        "memory-panel.js",
        "memories-page.js",
        "scene-editor.js",
        "protocol.js",
    ):
        assert page in names


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.relative_to(JS).as_posix())
def test_imports_resolve_to_modules_and_their_exports(module):
    source = module.read_text()
    for names, target in IMPORT.findall(source):
        assert target.startswith(("./", "../")), (
            f"{target}: import browser modules by relative path"
        )
        imported = (module.parent / target).resolve()
        assert imported.is_file(), f"{module.name} imports missing {target}"
        available = exported_names(imported.read_text())
        for name in filter(None, (part.split(" as ")[0].strip() for part in names.split(","))):
            assert name in available, f"{module.name} imports {name} that {target} does not export"
