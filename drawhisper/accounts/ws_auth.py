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
    from rest_framework.authtoken.models import Token

    try:
        token = Token.objects.select_related("user").get(key=key)
    except Token.DoesNotExist:
        return AnonymousUser()
    return token.user if token.user.is_active else AnonymousUser()


class _TokenAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        token = (query.get("token") or [""])[0]
        if token:
            scope = dict(scope, user=await _user_for_token(token))
        return await super().__call__(scope, receive, send)


def SessionOrTokenAuthMiddleware(inner):  # noqa: N802 - reads like the other middleware stacks
    return AuthMiddlewareStack(_TokenAuthMiddleware(inner))
