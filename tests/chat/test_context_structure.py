"""The chat app stays made of small functions: none is 120 lines or longer (a function that
long is where the next layer, event or rule would otherwise pile up)."""

from __future__ import annotations

import ast
from pathlib import Path

import chat

LIMIT = 120


def long_functions(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length >= LIMIT:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return found


def test_no_function_in_chat_is_120_lines_or_longer():
    assert long_functions(Path(chat.__file__).parent) == []


def test_the_check_finds_a_long_function(tmp_path):
    package = tmp_path / "chat"
    package.mkdir()
    body = "".join(f"    x{n} = {n}\n" for n in range(LIMIT))
    (package / "long.py").write_text(f"def too_long():\n{body}", encoding="utf-8")
    assert long_functions(package) == ["chat/long.py:1 too_long"]
