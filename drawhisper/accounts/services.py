"""Account writes: sign-up with Django's password validators, token issue."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from rest_framework.authtoken.models import Token


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


def token_for_user(*, user) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
