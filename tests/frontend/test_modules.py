"""Every browser module loads: each import of frontend/js names a module that exists and
names exported from it, so a page never fails on a missing file or a misspelt export.

And the layout holds: lib/ imports only lib/, the memory board's state.js and protocol.js
import nothing, no module imports a page's entry module, no module sets a global (parts of a
page talk through lib/bus.js), and only lib/ builds elements or makes requests."""

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


# Entry modules run a page; no other module may import one (parts of a page talk through
# lib/bus.js instead).
ENTRIES = {
    "chat.js",
    "chat-settings.js",
    "memory-panel.js",
    "memories-page.js",
    "scene-editor.js",
    "lorebook-editor.js",
    "connections-page.js",
    "generation-settings.js",
    "documents.js",
}
# What each layer may import, by path prefix under frontend/js.
ALLOWED = {
    "lib/": ("lib/",),
    "memory-board/state.js": (),
    "protocol.js": (),
}
GLOBAL_ASSIGNMENT = re.compile(r"\b(?:window|globalThis|self)\.[A-Za-z_$][\w$]*\s*=(?!=)")


def imports_of(module: Path) -> list[str]:
    return [
        (module.parent / target).resolve().relative_to(JS).as_posix()
        for _, target in IMPORT.findall(module.read_text())
    ]


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.relative_to(JS).as_posix())
def test_modules_keep_to_their_layer(module):
    name = module.relative_to(JS).as_posix()
    imported = imports_of(module)
    entries = [target for target in imported if target in ENTRIES]
    assert not entries, f"{name} imports the page module(s) {entries}: publish on lib/bus.js"
    for prefix, allowed in ALLOWED.items():
        if name.startswith(prefix):
            outside = [target for target in imported if not target.startswith(allowed or ("\0",))]
            assert not outside, f"{name} may import only {allowed or 'nothing'}, not {outside}"


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.relative_to(JS).as_posix())
def test_no_module_sets_globals(module):
    found = GLOBAL_ASSIGNMENT.findall(module.read_text())
    assert not found, f"{module.name} sets globals {found}: export it, or publish on lib/bus.js"


# The helpers with one copy in lib/: elements (dom.js h) and HTTP with the CSRF token (http.js).
LIB_ONLY = re.compile(r"document\.createElement\(|\bfetch\(|csrftoken|csrfmiddlewaretoken")


@pytest.mark.parametrize(
    "module",
    [path for path in MODULES if not path.relative_to(JS).as_posix().startswith("lib/")],
    ids=lambda path: path.relative_to(JS).as_posix(),
)
def test_elements_and_requests_go_through_lib(module):
    found = sorted(set(LIB_ONLY.findall(module.read_text())))
    assert not found, (
        f"{module.name} uses {found}: use h() from lib/dom.js, request() from lib/http.js"
    )
