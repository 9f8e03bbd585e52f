from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture(autouse=True)
def document_root(settings, tmp_path):
    """Where the originals go (private, outside the media root)."""
    settings.DOCUMENT_ROOT = tmp_path / "documents"
    return settings.DOCUMENT_ROOT
