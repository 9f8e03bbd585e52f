"""Account writes: sign-up with Django's password validators, token issue.

API tokens are django-rest-knox tokens: the database keeps only a SHA-512 digest and a short
lookup prefix, so a copy of the database gives no working token. The token itself is shown
once, in the answer to sign-up or the token request."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from knox.models import AuthToken


@transaction.atomic
def user_signup(*, username: str, password: str):
    User = get_user_model()
    username = (username or "").strip()
    if not username:
        raise ValidationError({"username": ["Choose a username."]})
    if len(username) > 150:
        raise ValidationError({"username": ["Usernames are at most 150 characters."]})
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError({"username": ["That username is taken."]})
    user = User(username=username)
    validate_password(password, user=user)
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user


@transaction.atomic
def token_for_user(*, user) -> str:
    """A new API token for ``user``; only its digest is stored. Beyond
    ``API_TOKENS_PER_USER`` the user's oldest tokens stop working."""
    _, token = AuthToken.objects.create(user=user, expiry=None)
    keep = AuthToken.objects.filter(user=user).order_by("-created").values_list("digest", flat=True)
    stale = list(keep[settings.API_TOKENS_PER_USER :])
    if stale:
        AuthToken.objects.filter(digest__in=stale).delete()
    return token
