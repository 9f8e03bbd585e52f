"""Django settings, read from the environment through django-environ and nothing else.

Production differs from development only by environment variables (see `.env.example`).
With no ``DATABASE_URL`` / ``REDIS_URL`` the embedded servers in ``drawhisper.embedded``
are started on demand, so every ``manage.py`` command works on a fresh clone.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# Under pytest (the suite and the servers and workers it starts inherit PYTEST_VERSION).
TESTING = bool(os.environ.get("PYTEST_VERSION"))

# Off unless DEBUG=true: Django's debug pages show source, settings and request headers.
DEBUG = env.bool("DEBUG", default=False)
# Unset: a random key generated once and kept in .data/secret_key (mode 0600), so sessions
# survive restarts and no two installations share a key.
SECRET_KEY = env("SECRET_KEY", default="")
if not SECRET_KEY:
    from drawhisper.embedded import generated_secret

    SECRET_KEY = generated_secret("secret_key", length=50)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "knox",  # API tokens, stored as SHA-512 digests only
    "axes",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our static files, not a CDN
    "channels",
    "drawhisper.accounts",
    "characters",
    "scenes",
    "chat",
    "memories",
    "benchmarks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "drawhisper.middleware.NoStoreForAuthenticatedMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login refused by the lock-out into a 429 (drawhisper.accounts.throttling).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "drawhisper.urls"
ASGI_APPLICATION = "drawhisper.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --------------------------------------------------------------------------- services

if env("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
    EMBEDDED_POSTGRES = False
else:
    from drawhisper.embedded import ensure_postgres

    DATABASES = {"default": env.db_url_config(ensure_postgres())}
    EMBEDDED_POSTGRES = True
DATABASES["default"]["ENGINE"] = "drawhisper.postgresql"
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
# A pool of open connections per process (Django's psycopg pool), so a chat turn's calls do
# not each open a connection (a SCRAM handshake on both sides). Big enough for the chat
# database threads (chat.db: 8, and 2 for progress saves) plus the request thread; 0 turns it off, and a
# CONN_MAX_AGE above 0 (persistent connections, which the pool replaces) does too. Off in the
# test suite, whose fixtures and live servers rename and flush the database under it.
DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", default=0 if TESTING else 12)
if DATABASE_POOL_SIZE > 0 and not DATABASES["default"]["CONN_MAX_AGE"]:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DATABASE_POOL_SIZE),
        "max_size": DATABASE_POOL_SIZE,
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=30.0),
    }
# With the pool, this makes the pool check each connection it hands out; Django's backend
# with a check that pays a round trip only when the server has said something on the socket
# (drawhisper.postgresql), not on every checkout, several times a chat turn.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"]["TEST"] = {"NAME": env("TEST_DATABASE_NAME", default="test_drawhisper")}

if env("REDIS_URL", default=""):
    REDIS_URL = env("REDIS_URL")
    EMBEDDED_REDIS = False
else:
    from drawhisper.embedded import ensure_redis

    REDIS_URL = ensure_redis()
    EMBEDDED_REDIS = True
    if TESTING:
        # A test run (and the servers and workers it starts, which inherit the variable) uses
        # its own Redis database, so its tasks never reach a worker of `make run`.
        REDIS_URL = REDIS_URL.rsplit("/", 1)[0] + "/1"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "capacity": 1500, "expiry": 30},
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env("CACHE_KEY_PREFIX", default="drawhisper"),
    },
    # Sign-up and token rate limits: in the database, so they hold while Redis is down.
    "throttle": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "drawhisper_throttle_cache",  # created by migration accounts 0001
    },
}

# --------------------------------------------------------------------------- Celery

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True  # every task is idempotent; see memories/tasks.py
# A pool process that dies mid-task (kill -9, out of memory) has its task requeued at once.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# When the broker connection drops, running tasks go on: their claims keep them exactly-once
# and their messages stay in Redis; cancelling them would only redo the work.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
# The Redis broker gives an unacknowledged task (its worker was killed) back only after the
# visibility timeout, counted from delivery; it must stay above the longest retry countdown
# (10 min) or waiting retries are delivered twice. A killed worker's memory job does not wait
# for it: its heartbeat stops, and the sweep (memories.tasks.requeue_dead_jobs) enqueues it
# again within seconds; the late redelivery then finds the job done and does nothing.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / ".data" / "celerybeat-schedule")
MEMORY_CONSOLIDATION_HOUR = env.int("MEMORY_CONSOLIDATION_HOUR", default=4)

# --------------------------------------------------------------------------- auth

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Refuses a login while its account and address are locked out (django-axes).
    "drawhisper.accounts.backends.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The client address is REMOTE_ADDR unless the request came through proxies we run: their
# number in front of the web process, and/or their addresses (IPs or networks). Only then is
# X-Forwarded-For read (drawhisper.accounts.throttling.client_address).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
# Failed logins per account *and* address before that pair waits LOGIN_COOLOFF_MINUTES; the
# same account from another address is not affected.
LOGIN_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
LOGIN_COOLOFF_MINUTES = env.int("LOGIN_COOLOFF_MINUTES", default=15)
AXES_ENABLED = True
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_COOLOFF_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "drawhisper.accounts.throttling.client_address"
AXES_LOCKOUT_CALLABLE = "drawhisper.accounts.throttling.lockout_response"
AXES_VERBOSE = False
# Token requests per client address ("20/minute"; empty turns the limit off).
AUTH_THROTTLE_RATE = env("AUTH_THROTTLE_RATE", default="20/minute") or None
# Sign-ups (page and API) per client address, counted apart from logins.
SIGNUP_THROTTLE_RATE = env("SIGNUP_THROTTLE_RATE", default="10/hour") or None
# Sessions live in the database (not the Redis cache), so logging in and staying logged in
# keep working while Redis is down.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",  # Authorization: Token <token>
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drawhisper.api_schema.ApiSchema",
    "DEFAULT_PARSER_CLASSES": [
        "drawhisper.api.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "drawhisper.api.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "drawhisper.api.exception_handler",
}
# Tokens never expire by themselves (as before); each token request issues a new one and a
# user keeps at most API_TOKENS_PER_USER (the oldest go first).
REST_KNOX = {"TOKEN_TTL": None, "AUTH_HEADER_PREFIX": "Token"}
API_TOKENS_PER_USER = env.int("API_TOKENS_PER_USER", default=20)
SPECTACULAR_SETTINGS = {
    "TITLE": "Drawhisper API",
    "DESCRIPTION": "Characters, scenes, chat threads and long-term memories.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two models have a `status`: name each enum instead of a hash-suffixed StatusXxxEnum.
    "ENUM_NAME_OVERRIDES": {
        "MessageStatusEnum": "chat.models.Message.Status",
        "MemoryStatusEnum": "memories.models.Memory.Status",
    },
}

# Content-Security-Policy (django-csp): scripts and styles only from our own files (no inline
# script anywhere); the chat WebSocket is same-origin ('self' covers ws:/wss: there).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --------------------------------------------------------------------------- i18n, static

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / ".data" / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every request otherwise
STATICFILES_DIRS = [("frontend", BASE_DIR / "frontend")]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(BASE_DIR / ".data" / "media")))
SERVE_MEDIA = env.bool("SERVE_MEDIA", default=True)
# Originals of uploaded lore documents: private, outside MEDIA_ROOT (no media route or proxy
# serves them); their owner downloads them through /api/documents/{id}/file/.
DOCUMENT_ROOT = Path(env("DOCUMENT_ROOT", default=str(BASE_DIR / ".data" / "documents")))
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# --------------------------------------------------------------------------- providers

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

# How an extracted memory is checked against the messages it cites before it is stored as
# active: "model" (a short verification call to MEMORY_EXTRACT_MODEL) or "local" (word
# overlap and embedding similarity; no model call). Offline: local.
MEMORY_SUPPORT_CHECK = env(
    "MEMORY_SUPPORT_CHECK", default="local" if LLM_PROVIDER == "offline" else "model"
)
if MEMORY_SUPPORT_CHECK not in ("model", "local"):
    raise environ.ImproperlyConfigured(
        f"MEMORY_SUPPORT_CHECK must be model or local, not {MEMORY_SUPPORT_CHECK!r}"
    )

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
EMBEDDING_BACKENDS = {
    "default": {
        "BACKEND": _EMBEDDING_ADAPTERS[EMBEDDING_PROVIDER],
        "OPTIONS": {
            "model": EMBEDDING_MODEL,
            "api_key": OPENAI_API_KEY,
            "base_url": OPENAI_BASE_URL,
            **({"dimensions": EMBEDDING_DIMENSIONS} if EMBEDDING_DIMENSIONS else {}),
            "runtime": EMBEDDING_LOCAL_RUNTIME,
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

# --------------------------------------------------------------------------- memory and context

MEMORY_TRIGGER_TOKENS = env.int("MEMORY_TRIGGER_TOKENS", default=2048)
# A memory job covers at most this many tokens (the rest waits for the next job).
MEMORY_JOB_MAX_TOKENS = env.int("MEMORY_JOB_MAX_TOKENS", default=8192)
# The worker running a job refreshes its heartbeat every MEMORY_JOB_HEARTBEAT_SECONDS; a job
# whose heartbeat is three intervals old, or whose process on this host is gone, belongs to a
# dead worker: a redelivered task takes it over at once, and beat's sweep (every
# MEMORY_JOB_SWEEP_SECONDS, and when a worker starts) enqueues it again. A pending job nobody
# touched for MEMORY_JOB_STALE_SECONDS lost its task and is enqueued again too.
MEMORY_JOB_HEARTBEAT_SECONDS = env.float("MEMORY_JOB_HEARTBEAT_SECONDS", default=5.0)
MEMORY_JOB_SWEEP_SECONDS = env.float("MEMORY_JOB_SWEEP_SECONDS", default=10.0)
MEMORY_JOB_STALE_SECONDS = env.int("MEMORY_JOB_STALE_SECONDS", default=900)
CHAT_CONTEXT_TOKENS = env.int("CHAT_CONTEXT_TOKENS", default=8192)
CHAT_REPLY_TOKENS = env.int("CHAT_REPLY_TOKENS", default=1024)
# Per-layer budgets (tokens) of chat context assembly: one CONTEXT_BUDGET_<LAYER> variable per
# budgeted layer of chat.context.ORDER (the new message takes what is left). A new layer adds
# its default here. The whole prompt never exceeds CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS.
CONTEXT_LAYER_BUDGET_DEFAULTS = {
    "character": 1500,
    "pinned": 600,
    "shared": 600,
    "retrieved": 1000,
    "summary": 600,
    "recent": 2048,
    "persona": 300,
    "profile": 500,
    "lore_before": 500,
    "lore_after": 500,
    "lore_depth": 300,
    "author_note": 200,
    "post_history": 300,
}
CONTEXT_LAYER_BUDGETS = {
    layer: env.int(f"CONTEXT_BUDGET_{layer.upper()}", default=tokens)
    for layer, tokens in CONTEXT_LAYER_BUDGET_DEFAULTS.items()
}
# Chat: the longest message a user may send (characters), and how long a streaming reply may
# go without saving progress before it counts as cut off (its process died).
CHAT_MAX_MESSAGE_CHARS = env.int("CHAT_MAX_MESSAGE_CHARS", default=8000)
CHAT_STALE_REPLY_SECONDS = env.int("CHAT_STALE_REPLY_SECONDS", default=30)
# Chat import (SillyTavern JSONL): the largest file, the most messages and the longest message.
CHAT_IMPORT_MAX_BYTES = env.int("CHAT_IMPORT_MAX_BYTES", default=32 * 1024 * 1024)
# Lore documents (text, Markdown, PDF attached to a character, scene or lorebook).
DOCUMENT_MAX_BYTES = env.int("DOCUMENT_MAX_BYTES", default=16 * 1024 * 1024)
CHAT_IMPORT_MAX_MESSAGES = env.int("CHAT_IMPORT_MAX_MESSAGES", default=20000)
CHAT_IMPORT_MAX_MESSAGE_CHARS = env.int("CHAT_IMPORT_MAX_MESSAGE_CHARS", default=64000)
# Streamed text reaches the browser at most every CHAT_DELTA_FLUSH_MS milliseconds (the first
# piece at once): one channel-layer send per batch instead of one per model token. 0 = every piece.
CHAT_DELTA_FLUSH_MS = env.int("CHAT_DELTA_FLUSH_MS", default=40)
# Lorebooks: how many of the newest messages are scanned for entry keys (an entry or book may
# set its own), and how many passes recursive scanning makes over fired entries' text.
LORE_SCAN_DEPTH = env.int("LORE_SCAN_DEPTH", default=2)
LORE_MAX_RECURSION = env.int("LORE_MAX_RECURSION", default=3)
# Lorebook entries matched by meaning (SillyTavern's vectorized entries): the similarity
# (cosine) the new message needs to an entry's content, and how many may fire so per turn.
LORE_VECTOR_THRESHOLD = env.float("LORE_VECTOR_THRESHOLD", default=0.25)
LORE_VECTOR_MAX_ENTRIES = env.int("LORE_VECTOR_MAX_ENTRIES", default=5)

# Hybrid retrieval of memories, summaries and archived messages (memories/retrieval/config.py
# says what each knob does). Defaults chosen with `manage.py bench_locomo` (docs/benchmarks.md).
# What retrieval searches (a benchmark can leave a kind out with --set RETRIEVAL_KINDS=...).
RETRIEVAL_KINDS = ("memory", "summary", "message", "document")
RETRIEVAL_CANDIDATES_PER_LIST = env.int("RETRIEVAL_CANDIDATES_PER_LIST", default=30)
RETRIEVAL_RRF_K = env.int("RETRIEVAL_RRF_K", default=10)
RETRIEVAL_LEXICAL_WEIGHT = env.float("RETRIEVAL_LEXICAL_WEIGHT", default=1.0)
RETRIEVAL_VECTOR_WEIGHT = env.float("RETRIEVAL_VECTOR_WEIGHT", default=0.5)
# A summary costs 130-200 tokens for what a few memories say in 30 each: it must be that much
# more relevant to win a place.
RETRIEVAL_KIND_WEIGHTS = {"memory": 1.0, "summary": 0.6, "message": 0.8, "document": 1.0}
# The turns next to the 10 best messages join the candidates at 0.7 of their score (what
# answered a matching question, what a matching answer replied to).
RETRIEVAL_NEIGHBOUR_SOURCES = 10
RETRIEVAL_NEIGHBOUR_WEIGHT = 0.7
# A question naming one participant, or a day or month: their items weigh this much more.
RETRIEVAL_SUBJECT_WEIGHT = 1.2
RETRIEVAL_DATE_WEIGHT = 1.5
RETRIEVAL_TYPE_WEIGHTS: dict[str, float] = {}
RETRIEVAL_RECENCY_WEIGHT = env.float("RETRIEVAL_RECENCY_WEIGHT", default=0.0)
RETRIEVAL_RECENCY_HALF_LIFE_DAYS = env.float("RETRIEVAL_RECENCY_HALF_LIFE_DAYS", default=30.0)
RETRIEVAL_MIN_SIMILARITY = env.float("RETRIEVAL_MIN_SIMILARITY", default=0.15)
RETRIEVAL_MIN_SCORE = env.float("RETRIEVAL_MIN_SCORE", default=0.0)
RETRIEVAL_DEDUP_JACCARD = env.float("RETRIEVAL_DEDUP_JACCARD", default=0.8)
RETRIEVAL_TEXT_SEARCH_CONFIG = "english"  # also in the GIN indexes of migration memories 0003
RETRIEVAL_SHOW_DATES = env.bool("RETRIEVAL_SHOW_DATES", default=True)

# --------------------------------------------------------------------------- logging

LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOG_FORMAT = env("LOG_FORMAT", default="console")  # "console" or "json"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "structured": {"()": "drawhisper.log_config.formatter", "log_format": LOG_FORMAT},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structured"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # The HTTP clients log one INFO line per request: one per model call and per
        # streamed reply, which is the chat turn's hot path. Their warnings still show.
        "httpx": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
    },
}

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
