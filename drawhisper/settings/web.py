"""The Django application: installed apps, middleware, URLs, templates, languages, and static,
media and uploaded document files."""

from __future__ import annotations

from pathlib import Path

from drawhisper.settings.environment import BASE_DIR, env

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django.contrib.humanize",  # "now", "5 minutes ago" beside a chat in the lists
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

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

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
