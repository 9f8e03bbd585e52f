"""Shared fixtures. The suite runs on the real (embedded or configured) PostgreSQL and Redis;
only the network edge (LLM, embeddings, AWS) is faked, through settings."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from drawhisper.celery import app as celery_app
from drawhisper.providers.fake import ScriptedChatBackend
from drawhisper.providers.registry import reset_backends
from tests.factories import UserFactory

pytest_plugins = ["tests.support.integration"]

SCRIPTED = {"BACKEND": "drawhisper.providers.fake.ScriptedChatBackend", "OPTIONS": {}}


@pytest.fixture(autouse=True)
def fake_providers(settings):
    """Every test starts with the scripted LLM and the fake embedder; override per test."""
    settings.LLM_BACKENDS = {"chat": SCRIPTED, "summary": SCRIPTED, "extract": SCRIPTED}
    settings.EMBEDDING_BACKENDS = {
        "default": {"BACKEND": "drawhisper.providers.embeddings.fake.FakeEmbedder", "OPTIONS": {}}
    }
    settings.MEMORY_SUPPORT_CHECK = "local"  # the model check is tested against the fake server
    settings.AUTH_THROTTLE_RATE = None  # tests sign up many users from one address
    settings.SIGNUP_THROTTLE_RATE = None
    ScriptedChatBackend.reset()
    reset_backends()
    yield
    ScriptedChatBackend.reset()
    reset_backends()


@pytest.fixture
def eager_celery():
    """Run enqueued tasks in the test process (Celery reads its config once, so it is set on
    the app, and put back afterwards)."""
    previous = (celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates)
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield celery_app
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = previous


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def other_user(db):
    return UserFactory()


@pytest.fixture
def api_client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def other_api_client(other_user):
    client = APIClient()
    client.force_authenticate(other_user)
    return client
