"""Redis and what runs on it: ``REDIS_URL`` (or the embedded Redis started on demand), the
Channels layer, the cache, and Celery's broker and task behaviour."""

from __future__ import annotations

from drawhisper.settings.environment import BASE_DIR, TESTING, env

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
