"""Images with too many pixels are refused with a readable 400 before they are decoded: a
small compressed file can claim 100 megapixels and cost hundreds of megabytes per render."""

from __future__ import annotations

import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from characters.avatars import AVATAR_MAX_PIXELS

pytestmark = pytest.mark.django_db


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_claiming(width: int, height: int) -> bytes:
    """A valid PNG header for a ``width`` × ``height`` 1-bit greyscale image (a few bytes of
    data; nothing here ever decodes it)."""
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("side", [10_000, 14_000])  # 100 MP, and 196 MP (past Pillow's own limit)
def test_an_avatar_with_too_many_pixels_is_refused_with_a_readable_400(api_client, side):
    upload = SimpleUploadedFile("huge.png", png_claiming(side, side), content_type="image/png")
    response = api_client.post(
        "/api/characters/", {"name": "Mara", "avatar": upload}, format="multipart"
    )
    assert response.status_code == 400
    body = response.json()
    assert "avatar" in body["errors"]
    assert "megapixels" in body["detail"]


def test_an_avatar_at_the_limit_is_not_refused_for_its_size(api_client):
    from io import BytesIO

    from PIL import Image

    output = BytesIO()
    Image.new("1", (4096, 4096)).save(output, format="PNG")
    assert 4096 * 4096 == AVATAR_MAX_PIXELS
    upload = SimpleUploadedFile("big.png", output.getvalue(), content_type="image/png")
    response = api_client.post(
        "/api/characters/", {"name": "Mara", "avatar": upload}, format="multipart"
    )
    assert response.status_code == 201, response.json()


def test_a_card_png_with_too_many_pixels_is_refused(api_client):
    upload = SimpleUploadedFile("card.png", png_claiming(10_000, 10_000), content_type="image/png")
    response = api_client.post("/api/characters/import/", {"file": upload}, format="multipart")
    assert response.status_code == 400
    assert "megapixels" in response.json()["detail"]
