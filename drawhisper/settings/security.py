"""Security: debug pages, the secret key, accepted hosts, logins and their lock-out, rate
limits, sessions, and the Content-Security-Policy."""

from __future__ import annotations

from datetime import timedelta

from drawhisper.settings.environment import env

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
