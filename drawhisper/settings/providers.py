"""The model providers and the vector store: API keys, the LLM backends per alias (chat,
summary, extract), the embedding backend and the vector store, each chosen by an environment
variable, Django ``STORAGES`` style (``{"BACKEND": dotted.path, "OPTIONS": {...}}``).

A provider name outside the known adapters fails at start-up with a readable message; the
test-only ones (scripted, fake) exist only under the test suite.
"""

from __future__ import annotations

import os

import environ

from drawhisper.settings.environment import BASE_DIR, TESTING, env
from drawhisper.settings.security import ALLOWED_HOSTS

OPENAI_API_KEY = env("OPENAI_API_KEY", default="")
OPENAI_BASE_URL = env("OPENAI_BASE_URL", default="") or None
DEEPSEEK_API_KEY = env("DEEPSEEK_API_KEY", default="")
# Fernet keys for the API keys of user connections, newest first (older ones still decrypt).
# Unset: one key derived from SECRET_KEY.
CONNECTION_ENCRYPTION_KEYS = env.list("CONNECTION_ENCRYPTION_KEYS", default=[])
# Whether users' connections may point at loopback, private or link-local addresses (a local
# Ollama, LM Studio; but also the server's own network and cloud metadata). Unset: allowed
# while the site answers only to loopback host names (the make run default, one person's
# machine), refused as soon as ALLOWED_HOSTS names any other host (a server others can reach).
_LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1", "testserver"}
CONNECTIONS_ALLOW_PRIVATE = env.bool(
    "CONNECTIONS_ALLOW_PRIVATE", default=set(ALLOWED_HOSTS) <= _LOOPBACK_HOSTS
)

# The LLM provider: "openai", "deepseek" or "offline". With no key, offline.
_default_llm = "openai" if OPENAI_API_KEY else ("deepseek" if DEEPSEEK_API_KEY else "offline")
LLM_PROVIDER = env("LLM_PROVIDER", default=_default_llm)
_default_chat_model = {"openai": "gpt-4o-mini", "deepseek": "deepseek-v4-flash"}.get(
    LLM_PROVIDER, "offline"
)
CHAT_MODEL = env("CHAT_MODEL", default=_default_chat_model)
MEMORY_SUMMARY_MODEL = env(
    "MEMORY_SUMMARY_MODEL",
    default={"openai": "o4-mini", "deepseek": "deepseek-v4-flash"}.get(LLM_PROVIDER, "offline"),
)
MEMORY_EXTRACT_MODEL = env("MEMORY_EXTRACT_MODEL", default=CHAT_MODEL)
LLM_TIMEOUT_SECONDS = env.float("LLM_TIMEOUT_SECONDS", default=60.0)
LLM_MAX_RETRIES = env.int("LLM_MAX_RETRIES", default=2)

_LLM_ADAPTERS = {
    "openai": "drawhisper.providers.openai_chat.OpenAIChatBackend",
    "deepseek": "drawhisper.providers.deepseek_chat.DeepSeekChatBackend",
    "offline": "drawhisper.providers.offline.OfflineChatBackend",
}
if TESTING:
    # Test-only: replies from a script file shared by every process (see providers/fake.py).
    _LLM_ADAPTERS["scripted"] = "drawhisper.providers.fake.ScriptedChatBackend"
if LLM_PROVIDER not in _LLM_ADAPTERS:
    raise environ.ImproperlyConfigured(
        f"LLM_PROVIDER must be one of {sorted(_LLM_ADAPTERS)}, not {LLM_PROVIDER!r}"
        + (" (scripted is for the test suite only)" if LLM_PROVIDER == "scripted" else "")
    )


def _llm(model: str, **options: object) -> dict:
    return {
        "BACKEND": _LLM_ADAPTERS[LLM_PROVIDER],
        "OPTIONS": {
            "model": model,
            "api_key": OPENAI_API_KEY if LLM_PROVIDER == "openai" else DEEPSEEK_API_KEY,
            "base_url": OPENAI_BASE_URL if LLM_PROVIDER == "openai" else None,
            "timeout": LLM_TIMEOUT_SECONDS,
            "max_retries": LLM_MAX_RETRIES,
            **(
                {"shared_file": env("SCRIPTED_LLM_FILE", default="") or None}
                if LLM_PROVIDER == "scripted"
                else {}
            ),
            **options,
        },
    }


# Aliases: "chat" streams replies, "summary" is the reasoning model, "extract" returns JSON.
LLM_BACKENDS = {
    "chat": _llm(CHAT_MODEL),
    "summary": _llm(MEMORY_SUMMARY_MODEL, reasoning=True),
    "extract": _llm(MEMORY_EXTRACT_MODEL),
}

EMBEDDING_PROVIDER = env("EMBEDDING_PROVIDER", default="openai" if OPENAI_API_KEY else "local")
_EMBEDDING_ADAPTERS = {
    "openai": "drawhisper.providers.embeddings.openai.OpenAIEmbedder",
    "local": "drawhisper.providers.embeddings.local.LocalEmbedder",
}
if TESTING:
    _EMBEDDING_ADAPTERS["fake"] = "drawhisper.providers.embeddings.fake.FakeEmbedder"
if EMBEDDING_PROVIDER not in _EMBEDDING_ADAPTERS:
    raise environ.ImproperlyConfigured(
        f"EMBEDDING_PROVIDER must be one of {sorted(_EMBEDDING_ADAPTERS)}, not {EMBEDDING_PROVIDER!r}"
        + (" (fake is for the test suite only)" if EMBEDDING_PROVIDER == "fake" else "")
    )
EMBEDDING_MODEL = env(
    "EMBEDDING_MODEL",
    default={"openai": "text-embedding-3-small", "local": "all-MiniLM-L6-v2"}.get(
        EMBEDDING_PROVIDER, "fake"
    ),
)
# Vector size, for an OpenAI-compatible model the adapter does not know, or to shorten a
# text-embedding-3 model. Changing it (or the model) requires `manage.py reindex_memories`.
EMBEDDING_DIMENSIONS = env.int("EMBEDDING_DIMENSIONS", default=0)
# How the local model runs: `onnx` (ONNX Runtime, the same vectors as PyTorch, about three
# times faster per query), `onnx-int8` (8-bit weights: faster again, other vectors, so a
# switch needs `manage.py reindex_memories`) or `torch` (sentence-transformers).
EMBEDDING_LOCAL_RUNTIME = env("EMBEDDING_LOCAL_RUNTIME", default="onnx")
if EMBEDDING_LOCAL_RUNTIME not in ("onnx", "onnx-int8", "torch"):
    raise environ.ImproperlyConfigured(
        f"EMBEDDING_LOCAL_RUNTIME must be onnx, onnx-int8 or torch, not {EMBEDDING_LOCAL_RUNTIME!r}"
    )
# The chat turn's search queries through 8-bit weights (`int8`: about half the CPU, a
# query's vector at a cosine of about 0.99 to its full one) while stored vectors keep full
# precision (`full`); the model id, so the index, is the same either way. `onnx` only.
EMBEDDING_LOCAL_QUERY_WEIGHTS = env("EMBEDDING_LOCAL_QUERY_WEIGHTS", default="full")
if EMBEDDING_LOCAL_QUERY_WEIGHTS not in ("full", "int8"):
    raise environ.ImproperlyConfigured(
        f"EMBEDDING_LOCAL_QUERY_WEIGHTS must be full or int8, not {EMBEDDING_LOCAL_QUERY_WEIGHTS!r}"
    )
EMBEDDING_BACKENDS = {
    "default": {
        "BACKEND": _EMBEDDING_ADAPTERS[EMBEDDING_PROVIDER],
        "OPTIONS": {
            "model": EMBEDDING_MODEL,
            "api_key": OPENAI_API_KEY,
            "base_url": OPENAI_BASE_URL,
            **({"dimensions": EMBEDDING_DIMENSIONS} if EMBEDDING_DIMENSIONS else {}),
            "runtime": EMBEDDING_LOCAL_RUNTIME,
            "query_weights": EMBEDDING_LOCAL_QUERY_WEIGHTS,
            # The local model's ONNX export, made once from its PyTorch weights.
            "cache_dir": str(BASE_DIR / ".data" / "models"),
        },
    }
}

VECTOR_STORE = env("VECTOR_STORE", default="pgvector")
_VECTOR_ADAPTERS = {
    "pgvector": "memories.index.stores.pgvector.PgVectorStore",
    "s3vectors": "memories.index.stores.s3vectors.S3VectorStore",
}
if VECTOR_STORE not in _VECTOR_ADAPTERS:
    raise environ.ImproperlyConfigured(
        f"VECTOR_STORE must be one of {sorted(_VECTOR_ADAPTERS)}, not {VECTOR_STORE!r}"
    )
S3_VECTORS_BUCKET = env("S3_VECTORS_BUCKET", default="drawhisper-memories")
S3_VECTORS_INDEX = env("S3_VECTORS_INDEX", default="memories")
AWS_REGION = env("AWS_REGION", default="us-east-1")
S3_VECTORS_ENDPOINT_URL = env("S3_VECTORS_ENDPOINT_URL", default="") or None
VECTOR_STORES = {
    "default": {
        "BACKEND": _VECTOR_ADAPTERS[VECTOR_STORE],
        "OPTIONS": {
            "bucket": S3_VECTORS_BUCKET,
            "index": S3_VECTORS_INDEX,
            "region": AWS_REGION,
            "endpoint_url": S3_VECTORS_ENDPOINT_URL,
        },
    }
}

# The local embedding model is loaded from its package folder, never downloaded.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
