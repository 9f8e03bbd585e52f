"""WebSocket authentication: the session cookie (browser) or ``?token=`` (API clients).

A token in the query string wins over the session, so a script can connect as the token's
user from anywhere. Unauthenticated scopes get ``AnonymousUser``; consumers refuse them."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser


@database_sync_to_async
def _user_for_token(key: str):
    """The same check as the REST API's ``Authorization: Token`` (django-rest-knox)."""
    from knox.auth import TokenAuthentication
    from rest_framework.exceptions import AuthenticationFailed

    try:
        user, _ = TokenAuthentication().authenticate_credentials(key.encode())
    except (AuthenticationFailed, UnicodeError, ValueError):
        return AnonymousUser()
    return user


class _TokenAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        token = (query.get("token") or [""])[0]
        if token:
            scope = dict(scope, user=await _user_for_token(token))
        return await super().__call__(scope, receive, send)


def SessionOrTokenAuthMiddleware(inner):  # noqa: N802 - reads like the other middleware stacks
    return AuthMiddlewareStack(_TokenAuthMiddleware(inner))
