"""Response headers every page and API answer gets.

``NoStoreForAuthenticatedMiddleware``: a response made for a signed-in user (session or
``Authorization`` header) is marked ``Cache-Control: no-store`` (with Django's never-cache
headers), so no shared cache or browser history keeps a user's chats, memories or tokens.
It runs inside the authentication middleware and after the view, so it also sees users that
DRF authenticated by token (DRF sets the user on Django's request)."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.utils.cache import add_never_cache_headers
from django.utils.functional import LazyObject

# Responses that hand out credentials are never cached either.
CREDENTIAL_PATHS = ("/api/auth/", "/accounts/")


def _mark(request, response, authenticated: bool) -> None:
    if (
        authenticated
        or "HTTP_AUTHORIZATION" in request.META
        or request.path.startswith(CREDENTIAL_PATHS)
    ):
        add_never_cache_headers(response)


class NoStoreForAuthenticatedMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        response = self.get_response(request)
        user = getattr(request, "user", None)
        _mark(request, response, bool(user is not None and user.is_authenticated))
        return response

    async def __acall__(self, request):
        response = await self.get_response(request)
        user = getattr(request, "user", None)
        if isinstance(user, LazyObject) and hasattr(request, "auser"):
            # Not looked at yet: resolving it here would be a database call from async code.
            user = await request.auser()
        _mark(request, response, bool(user is not None and user.is_authenticated))
        return response
