"""Fixtures of the integration tests that run the app's processes (``tests.support.stack``),
registered for the whole suite in ``tests/conftest.py``.

- ``llm_server``: the fake OpenAI-compatible server (``tests.support.openai_server``), in
  this process, for the real OpenAI adapter in the children to talk to.
- ``pgvector_store``: the vector store the children write (the project's pgvector), read from
  the test, with the project's Redis channel layer (a suite may have swapped both for doubles).
- ``services``: daphne and one Celery worker on the test database and a Redis database of the
  module's own, stopped (whole process groups) when the test ends. A module using it says how
  its processes run by overriding ``stack_options``::

      @pytest.fixture
      def stack_options(llm_server, pgvector_store):
          return StackOptions(name="documents-test", redis_db=RedisDatabase.DOCUMENTS, env=openai_env(llm_server))

Each module keeps its own Redis database number, so two suites' queues never mix.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.support import processes
from tests.support.openai_server import FakeOpenAIServer
from tests.support.stack import running_stack, stack_env


@dataclass(frozen=True)
class StackOptions:
    """How a module's ``services`` run: its name (logs, worker names), its own Redis database,
    the environment on top of the test's (``stack_env``), and start-up bounds."""

    name: str
    redis_db: int
    env: dict[str, str] = field(default_factory=dict)
    defaults_only: bool = False  # drop every provider and memory setting first
    web_timeout: float = 90


def openai_env(server: FakeOpenAIServer, **extra: str) -> dict[str, str]:
    """The children's environment for the real OpenAI adapter on ``server``, fake embedder."""
    return {
        "LLM_PROVIDER": "openai",
        "OPENAI_API_KEY": "test-key",
        "OPENAI_BASE_URL": server.base_url,
        "EMBEDDING_PROVIDER": "fake",
        **extra,
    }


@pytest.fixture
def llm_server():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
def pgvector_store(settings):
    """The store the children write (the project's pgvector), read from the test."""
    import drawhisper.settings as project_settings

    settings.VECTOR_STORES = project_settings.VECTOR_STORES
    settings.CHANNEL_LAYERS = project_settings.CHANNEL_LAYERS
    from memories.index.stores import get_vector_store

    return get_vector_store()


@pytest.fixture
def stack_options() -> StackOptions:
    pytest.fail("a module that uses the `services` fixture defines a `stack_options` fixture")


@pytest.fixture
def services(settings, tmp_path, stack_options: StackOptions):
    env = stack_env(
        redis_url=processes.redis_database_url(settings.REDIS_URL, stack_options.redis_db),
        defaults_only=stack_options.defaults_only,
        **stack_options.env,
    )
    with running_stack(
        env=env, log_dir=tmp_path, name=stack_options.name, web_timeout=stack_options.web_timeout
    ) as stack:
        yield stack
