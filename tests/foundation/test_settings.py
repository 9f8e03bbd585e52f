"""Settings come from the environment only; bad values fail with a readable message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DUMP = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'llm': s.LLM_PROVIDER, 'chat': s.LLM_BACKENDS['chat'], 'emb': s.EMBEDDING_BACKENDS['default']['BACKEND'],"
    " 'vs': s.VECTOR_STORES['default'], 'trigger': s.MEMORY_TRIGGER_TOKENS, 'db': s.DATABASES['default']['NAME'],"
    " 'debug': s.DEBUG, 'embedded_pg': s.EMBEDDED_POSTGRES, 'embedded_redis': s.EMBEDDED_REDIS, 'redis': s.REDIS_URL}, default=str))"
)


def _settings(
    tmp_path: Path, *, outside_tests: bool = False, **overrides: str
) -> subprocess.CompletedProcess:
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "LLM_PROVIDER",
            "OPENAI_API_KEY",
            "DEEPSEEK_API_KEY",
            "EMBEDDING_PROVIDER",
            "VECTOR_STORE",
            "MEMORY_TRIGGER_TOKENS",
            "DEBUG",
            "SECRET_KEY",
        }
    }
    if outside_tests:
        env.pop("PYTEST_VERSION", None)
    env.update(
        DJANGO_SETTINGS_MODULE="drawhisper.settings",
        DRAWHISPER_DATA_DIR=str(tmp_path / "data"),
        **overrides,
    )
    return subprocess.run(
        [sys.executable, "-c", DUMP], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


EXTERNAL = {
    "DATABASE_URL": "postgres://app:secret@db.internal:5432/drawhisper",
    "REDIS_URL": "redis://cache.internal:6379/2",
}


def test_external_services_start_nothing_embedded(tmp_path):
    result = _settings(tmp_path, **EXTERNAL)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["db"] == "drawhisper" and values["redis"] == EXTERNAL["REDIS_URL"]
    assert values["embedded_pg"] is False and values["embedded_redis"] is False
    assert not (tmp_path / "data" / "postgres").exists()


def test_no_key_means_offline_llm_and_local_embeddings(tmp_path):
    values = json.loads(_settings(tmp_path, **EXTERNAL).stdout)
    assert values["llm"] == "offline"
    assert values["chat"]["BACKEND"].endswith("OfflineChatBackend")
    assert values["emb"].endswith("LocalEmbedder")
    assert values["vs"]["BACKEND"].endswith("PgVectorStore")
    assert values["trigger"] == 2048


def test_openai_key_and_base_url_select_the_openai_adapter(tmp_path):
    result = _settings(
        tmp_path,
        **EXTERNAL,
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL="http://127.0.0.1:11434/v1",
        CHAT_MODEL="llama3.1",
        MEMORY_TRIGGER_TOKENS="512",
        VECTOR_STORE="s3vectors",
        S3_VECTORS_BUCKET="b1",
    )
    values = json.loads(result.stdout)
    assert values["llm"] == "openai"
    assert values["chat"]["OPTIONS"]["base_url"] == "http://127.0.0.1:11434/v1"
    assert values["chat"]["OPTIONS"]["model"] == "llama3.1"
    assert values["trigger"] == 512
    assert (
        values["vs"]["BACKEND"].endswith("S3VectorStore")
        and values["vs"]["OPTIONS"]["bucket"] == "b1"
    )


def test_unknown_provider_is_a_readable_configuration_error(tmp_path):
    result = _settings(tmp_path, **EXTERNAL, LLM_PROVIDER="gpt5000")
    assert result.returncode != 0
    assert "LLM_PROVIDER must be one of" in result.stderr


def test_non_numeric_trigger_is_refused(tmp_path):
    result = _settings(tmp_path, **EXTERNAL, MEMORY_TRIGGER_TOKENS="lots")
    assert result.returncode != 0
    assert "lots" in result.stderr


def test_debug_is_off_unless_asked_for(tmp_path):
    assert json.loads(_settings(tmp_path, **EXTERNAL).stdout)["debug"] is False
    assert json.loads(_settings(tmp_path, **EXTERNAL, DEBUG="true").stdout)["debug"] is True


def test_test_only_backends_are_refused_outside_the_test_suite(tmp_path):
    scripted = _settings(tmp_path, outside_tests=True, **EXTERNAL, LLM_PROVIDER="scripted")
    assert scripted.returncode != 0
    assert "scripted is for the test suite only" in scripted.stderr
    fake = _settings(tmp_path, outside_tests=True, **EXTERNAL, EMBEDDING_PROVIDER="fake")
    assert fake.returncode != 0
    assert "fake is for the test suite only" in fake.stderr
    assert (
        _settings(
            tmp_path, **EXTERNAL, LLM_PROVIDER="scripted", EMBEDDING_PROVIDER="fake"
        ).returncode
        == 0
    )


def test_without_secret_key_one_is_generated_once_and_kept_private(tmp_path):
    dump = "import django; django.setup(); from django.conf import settings; print(settings.SECRET_KEY)"
    env = {key: value for key, value in os.environ.items() if key != "SECRET_KEY"}
    env.update(
        DJANGO_SETTINGS_MODULE="drawhisper.settings",
        DRAWHISPER_DATA_DIR=str(tmp_path / "data"),
        **EXTERNAL,
    )
    keys = [
        subprocess.run(
            [sys.executable, "-c", dump],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.strip()
        for _ in range(2)
    ]
    assert keys[0] == keys[1] and len(keys[0]) >= 50
    assert "insecure" not in keys[0]
    assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o777 == 0o600
