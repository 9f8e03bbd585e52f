"""`make run` (drawhisper/runner.py): what it prints and how it supervises its processes."""

from __future__ import annotations

from drawhisper import runner


def test_development_mode_is_announced_only_when_debug_is_on(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "BASE_DIR", tmp_path)  # no .env here
    assert runner.debug_enabled({}) is False
    assert runner.debug_enabled({"DEBUG": "true"}) is True
    assert runner.debug_enabled({"DEBUG": "false"}) is False
    assert "Development mode" in runner.banner("http://127.0.0.1:8000/", debug=True)
    quiet = runner.banner("http://127.0.0.1:8000/", debug=False)
    assert "Development mode" not in quiet and "http://127.0.0.1:8000/" in quiet


def test_debug_from_the_env_file_counts_too(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "BASE_DIR", tmp_path)
    (tmp_path / ".env").write_text("# local\nDEBUG=on\n")
    assert runner.debug_enabled({}) is True
    assert runner.debug_enabled({"DEBUG": "false"}) is False
