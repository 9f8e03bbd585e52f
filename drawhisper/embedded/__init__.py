"""Embedded PostgreSQL (with pgvector) and Redis for a configuration-free start.

When ``DATABASE_URL`` or ``REDIS_URL`` is unset, settings call :func:`ensure_postgres` or
:func:`ensure_redis`. Each starts a real server from a PyPI wheel under ``.data/`` (or
``DRAWHISPER_DATA_DIR``) the first time, and afterwards only checks that it still runs.

Invariants:
- One server per data directory. Start-up is serialised by an exclusive ``flock`` on
  ``.data/embedded.lock``, so processes starting at once (web, worker, beat, tests) never
  initialise or start the same server twice.
- Servers listen on loopback only, on a port chosen once and remembered in the data
  directory; the port is re-chosen only when another program has taken it.
- Both need a password: PostgreSQL accepts only SCRAM-SHA-256 logins (``pg_hba.conf`` written
  here), Redis has ``requirepass``. The passwords are generated once and kept in
  ``.data/postgres.password`` and ``.data/redis.password`` (mode 0600). A data directory from
  an older version (``trust`` logins, Redis without a password) is upgraded in place the next
  time a server is ensured, running or not; no data is touched.
- A stale pid file after a crash (the process it names is gone) is removed before starting.
- Servers outlive the process that started them; ``python -m drawhisper.embedded stop``
  (``make stop``) stops them.

The package's modules, this one its public face (settings import ``ensure_postgres``,
``ensure_redis`` and ``generated_secret`` here; ``__main__`` is the command): ``directory``
(the data directory, its lock and generated secrets), ``processes`` (pids and loopback
ports), ``postgres_server`` (PostgreSQL: start, secure, create the database, stop),
``redis_server`` (Redis: start, secure, stop) and ``command`` (``start``, ``stop`` and
``status``).
"""

from drawhisper.embedded.command import main
from drawhisper.embedded.directory import (
    BASE_DIR,
    EmbeddedServiceError,
    data_dir,
    generated_secret,
)
from drawhisper.embedded.directory import (
    _lock as _lock,  # the start-up lock, which the concurrency tests hold
)
from drawhisper.embedded.postgres_server import (
    DATABASE_NAME,
    HBA,
    HBA_HEADER,
    POSTGRES_SYSTEM_USER,
    POSTGRES_USER,
    PostgresPaths,
    ensure_postgres,
    postgres_password,
    postgres_url,
    stop_postgres,
)
from drawhisper.embedded.postgres_server import (  # the runner's and the tests' probes
    _as_postgres_user as _as_postgres_user,
)
from drawhisper.embedded.postgres_server import (
    _grant_traverse as _grant_traverse,
)
from drawhisper.embedded.postgres_server import (
    _postgres_bin as _postgres_bin,
)
from drawhisper.embedded.postgres_server import (
    _postgres_running as _postgres_running,
)
from drawhisper.embedded.processes import (  # the tests' probes of processes and ports
    _choose_port as _choose_port,
)
from drawhisper.embedded.processes import (
    _pid_alive as _pid_alive,
)
from drawhisper.embedded.processes import (
    _port_answers as _port_answers,
)
from drawhisper.embedded.redis_server import (
    RedisPaths,
    ensure_redis,
    redis_password,
    stop_redis,
)
from drawhisper.embedded.redis_server import (  # the runner's probe
    _redis_running as _redis_running,
)

__all__ = [
    "BASE_DIR",
    "EmbeddedServiceError",
    "data_dir",
    "generated_secret",
    "POSTGRES_USER",
    "POSTGRES_SYSTEM_USER",
    "DATABASE_NAME",
    "PostgresPaths",
    "HBA_HEADER",
    "HBA",
    "postgres_password",
    "postgres_url",
    "ensure_postgres",
    "stop_postgres",
    "RedisPaths",
    "redis_password",
    "ensure_redis",
    "stop_redis",
    "main",
]
