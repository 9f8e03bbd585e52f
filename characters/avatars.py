"""Avatar images: checked with Pillow, stored under a random name, removed after commit.

An avatar is refused, with the reason, when it is larger than ``AVATAR_MAX_BYTES``, has more
than ``AVATAR_MAX_PIXELS`` pixels (a small, highly compressed file can still decode to gigabytes;
the size is read from the header, before any pixel is decoded), is not an image Pillow can
read, or not one of ``AVATAR_FORMATS``. File names never come from the
uploader, so a name cannot carry markup or a path."""

from __future__ import annotations

import io
import uuid

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from PIL import Image, UnidentifiedImageError

AVATAR_MAX_BYTES = 4 * 1024 * 1024
AVATAR_FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp", "GIF": "gif"}
AVATAR_MAX_PIXELS = 4096 * 4096  # about 16.8 megapixels; character cards are far smaller


def check_pixels(image: Image.Image, *, field: str = "avatar") -> None:
    """Refuse an opened (not yet decoded) image with more than ``AVATAR_MAX_PIXELS`` pixels."""
    width, height = image.size
    if width * height > AVATAR_MAX_PIXELS:
        raise ValidationError({field: [pixel_message(width, height)]})


def pixel_message(width: int | None = None, height: int | None = None) -> str:
    limit = f"the limit is {AVATAR_MAX_PIXELS / 1_000_000:.1f} megapixels (for example 4096 × 4096)"
    if width and height:
        return f"The image is {width} × {height} pixels ({width * height / 1_000_000:.0f} megapixels); {limit}."
    return f"The image has too many pixels; {limit}."


def check_avatar(data: bytes) -> str:
    """Return the file extension for a valid avatar, or raise a readable ValidationError."""
    if len(data) > AVATAR_MAX_BYTES:
        raise ValidationError(
            {
                "avatar": [
                    f"The avatar is {len(data) / 1_048_576:.1f} MB; the limit is {AVATAR_MAX_BYTES // 1_048_576} MB."
                ]
            }
        )
    try:
        with Image.open(io.BytesIO(data)) as image:
            image_format = image.format
            check_pixels(image)
            image.verify()
    except Image.DecompressionBombError:  # past Pillow's own limit: refused while opening
        raise ValidationError({"avatar": [pixel_message()]}) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise ValidationError(
            {"avatar": ["The avatar is not an image we can read. Use PNG, JPEG, WebP or GIF."]}
        ) from None
    if image_format not in AVATAR_FORMATS:
        raise ValidationError(
            {"avatar": [f"{image_format} images are not supported. Use PNG, JPEG, WebP or GIF."]}
        )
    return AVATAR_FORMATS[image_format]


def avatar_content(data: bytes) -> ContentFile:
    """A checked avatar, named ``<random>.<ext>`` for ``Character.avatar.save``."""
    extension = check_avatar(data)
    return ContentFile(data, name=f"{uuid.uuid4().hex}.{extension}")


def read_upload(upload) -> bytes:
    """All bytes of an uploaded file, refusing one over the limit before reading it."""
    size = getattr(upload, "size", None)
    if size is not None and size > AVATAR_MAX_BYTES:
        raise ValidationError(
            {
                "avatar": [
                    f"The avatar is {size / 1_048_576:.1f} MB; the limit is {AVATAR_MAX_BYTES // 1_048_576} MB."
                ]
            }
        )
    upload.seek(0)
    return upload.read()


def delete_file_after_commit(name: str) -> None:
    """Remove a stored avatar once the row that pointed at it is committed without it."""
    if name:
        transaction.on_commit(lambda: default_storage.delete(name))
