"""Django settings, read from the environment through django-environ and nothing else.

Production differs from development only by environment variables (see `.env.example`).
With no ``DATABASE_URL`` / ``REDIS_URL`` the embedded servers in ``drawhisper.embedded``
are started on demand, so every ``manage.py`` command works on a fresh clone.

``DJANGO_SETTINGS_MODULE=drawhisper.settings`` names this package, which gathers one module
per concern. Every setting is defined in exactly one of them, and a module that needs another's
value imports it by name, so the order below changes nothing:

- ``environment``: the project directory, ``.env`` and whether the test suite runs;
- ``web``: apps, middleware, templates, languages, static and uploaded files;
- ``database``: PostgreSQL (configured or embedded) and the connection pool;
- ``messaging``: Redis (configured or embedded), Channels, the cache and Celery;
- ``security``: debug, the secret key, hosts, logins, rate limits, sessions, CSP;
- ``rest``: the REST API, its tokens and its schema;
- ``providers``: the LLM, embedding and vector store backends;
- ``memory``: the memory pipeline's jobs and support check;
- ``context``: a chat turn's token budgets, input limits and lorebook scanning;
- ``retrieval``: hybrid retrieval's knobs;
- ``logs``: logging.
"""

from drawhisper.settings.context import *  # noqa: F403
from drawhisper.settings.database import *  # noqa: F403
from drawhisper.settings.environment import *  # noqa: F403
from drawhisper.settings.logs import *  # noqa: F403
from drawhisper.settings.memory import *  # noqa: F403
from drawhisper.settings.messaging import *  # noqa: F403
from drawhisper.settings.providers import *  # noqa: F403
from drawhisper.settings.rest import *  # noqa: F403
from drawhisper.settings.retrieval import *  # noqa: F403
from drawhisper.settings.security import *  # noqa: F403
from drawhisper.settings.web import *  # noqa: F403
