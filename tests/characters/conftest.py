import pytest


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Uploaded avatars go to a temporary folder, never the development media folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
