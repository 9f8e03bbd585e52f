"""API keys at rest: Fernet (AES-128-CBC with an HMAC) from ``cryptography``.

The keys come from ``settings.CONNECTION_ENCRYPTION_KEYS``: the first encrypts, every one
decrypts (``MultiFernet``), so a key can be rotated by putting the new one first. Without the
setting, one key is derived from ``SECRET_KEY``."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings


def _fernet() -> MultiFernet:
    keys = [key for key in getattr(settings, "CONNECTION_ENCRYPTION_KEYS", []) if key]
    if not keys:
        digest = hashlib.sha256(f"drawhisper-connections:{settings.SECRET_KEY}".encode()).digest()
        keys = [base64.urlsafe_b64encode(digest).decode()]
    return MultiFernet([Fernet(key) for key in keys])


def encrypt_secret(value: str) -> str:
    """The token stored in the database for ``value`` ("" stays "")."""
    return _fernet().encrypt(value.encode()).decode() if value else ""


def decrypt_secret(token: str) -> str:
    """The plain value of a stored token; "" when the token cannot be read with any key."""
    if not token:
        return ""
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken:
        return ""
