"""``GET /healthz``: the state of every dependency, 503 when the database or Redis is down.

The vector store, LLM and embeddings are reported as configured or not; they are not called,
so a health probe never spends money or waits on a vendor."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def _database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - any failure means "down"
        return {"ok": False, "error": str(error).splitlines()[0]}
    return {
        "ok": row is not None,
        "pgvector": row[0] if row else None,
        "embedded": settings.EMBEDDED_POSTGRES,
        **({} if row else {"error": "the pgvector extension is not installed"}),
    }


def _redis() -> dict:
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
        client.ping()
    except Exception as error:  # noqa: BLE001
        return {"ok": False, "error": str(error)}
    return {"ok": True, "embedded": settings.EMBEDDED_REDIS}


def _vector_store() -> dict:
    """Configured, and serving the configured embedding model (no vendor call is made)."""
    state = {"backend": settings.VECTOR_STORE}
    try:
        from memories.index import REINDEX_HINT, get_vector_store, mismatch_message

        store = get_vector_store()
        problem = mismatch_message(
            location=store.location, model_id=store.model_id, dimensions=store.dimensions
        )
    except Exception as error:  # noqa: BLE001 - reported, not raised
        return {**state, "configured": False, "error": str(error).splitlines()[0]}
    state.update(configured=True, location=store.location, model=store.model_id)
    if problem:
        state["error"] = f"{problem} {REINDEX_HINT}"
    return state


def _llm() -> dict:
    provider = settings.LLM_PROVIDER
    configured = provider == "offline" or bool(
        settings.OPENAI_API_KEY if provider == "openai" else settings.DEEPSEEK_API_KEY
    )
    return {"provider": provider, "chat_model": settings.CHAT_MODEL, "configured": configured}


@never_cache
@require_GET
def healthz(request):
    database = _database()
    redis_state = _redis()
    body = {
        "status": "ok" if database["ok"] and redis_state["ok"] else "unavailable",
        "database": database,
        "redis": redis_state,
        "vector_store": _vector_store()
        if database["ok"]
        else {"backend": settings.VECTOR_STORE, "configured": False},
        "llm": _llm(),
        "embeddings": {
            "provider": settings.EMBEDDING_PROVIDER,
            "model": settings.EMBEDDING_MODEL,
            "configured": settings.EMBEDDING_PROVIDER != "openai" or bool(settings.OPENAI_API_KEY),
        },
    }
    return JsonResponse(body, status=200 if body["status"] == "ok" else 503)
