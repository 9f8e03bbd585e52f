from __future__ import annotations

import pytest

from drawhisper.celery import app as celery_app


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture(autouse=True)
def document_root(settings, tmp_path):
    """Where the originals go (private, outside the media root)."""
    settings.DOCUMENT_ROOT = tmp_path / "documents"
    return settings.DOCUMENT_ROOT


@pytest.fixture
def eager_celery():
    """Index uploads in-process (Celery reads its config once, so set it on the app)."""
    previous = (celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates)
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield celery_app
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = previous
