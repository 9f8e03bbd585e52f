"""WebSocket authentication: the session cookie (browser) or ``?token=`` (API clients).

A token in the query string wins over the session, so a script can connect as the token's
user from anywhere. Unauthenticated scopes get ``AnonymousUser``; consumers refuse them.
A socket reads its session and never writes it: the session is saved, and its cookie set,
only on an HTTP response (``SocketSessionMiddleware``)."""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qs

from channels.auth import AuthMiddleware
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware
from django.contrib.auth.models import AnonymousUser


@database_sync_to_async
def _user_for_token(key: str):
    """The same check as the REST API's ``Authorization: Token`` (django-rest-knox)."""
    from rest_framework.exceptions import AuthenticationFailed

    try:
        user, _ = _token_check().authenticate_credentials(key.encode())
    except (AuthenticationFailed, UnicodeError, ValueError):
        return AnonymousUser()
    return user


@cache
def _token_check_class():
    # Imported here: knox's models need the app registry, which is not ready at import time.
    from knox.auth import TokenAuthentication

    class SocketTokenAuthentication(TokenAuthentication):
        """knox's check, without its sweep of the user's other expired tokens when the token
        shown never expires (every token this project issues: ``token_for_user``): that sweep
        is a read of all the user's tokens on every connect, and the REST API's requests
        still do it. A token that expires is checked, and swept, exactly as knox does."""

        def _cleanup_token(self, auth_token) -> bool:
            if auth_token.expiry is None:
                return False
            return super()._cleanup_token(auth_token)

    return SocketTokenAuthentication


def _token_check():
    return _token_check_class()()


class _TokenAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        token = (query.get("token") or [""])[0]
        if token:
            scope = dict(scope, user=await _user_for_token(token))
        return await super().__call__(scope, receive, send)


class SocketSessionMiddleware(SessionMiddleware):
    """Channels' ``SessionMiddleware`` without its wrapper around every message a WebSocket
    sends. That wrapper saves a changed session and sets its cookie on
    ``http.response.start`` only, which a socket never sends, so on a socket it did nothing
    but look at the session once per frame (every streamed ``reply.delta`` batch). The
    session is loaded into the scope exactly as before; other scopes keep the wrapper."""

    async def __call__(self, scope, receive, send):
        if scope.get("type") != "websocket":
            return await super().__call__(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def SessionOrTokenAuthMiddleware(inner):  # noqa: N802 - reads like the other middleware stacks
    """Channels' ``AuthMiddlewareStack`` (cookies, session, user) with the socket's session
    middleware, and the token check inside it."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(_TokenAuthMiddleware(inner))))
