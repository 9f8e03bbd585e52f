"""Error responses that never show internals: JSON under ``/api/``, plain pages elsewhere.

Django calls these for errors no view handled (``handler400`` ... ``handler500`` in
``drawhisper.urls``). With ``DEBUG`` off they replace Django's pages; the bodies name what
went wrong for the user and nothing about the server (no traceback, settings, paths or URL
patterns). The 500 page is rendered without the request context, so a broken database or
session store cannot break the error page too."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader

API_PREFIX = "/api/"

MESSAGES = {
    400: ("Bad request", "The request could not be understood."),
    403: ("Forbidden", "You are not allowed to do that."),
    404: ("Not found", "There is nothing at this address."),
    413: ("Too large", "The request body is too large."),
    500: ("Server error", "Something went wrong on our side. Please try again in a moment."),
}


def wants_json(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX) or request.path == "/healthz"


def error_response(request: HttpRequest, status: int, detail: str | None = None) -> HttpResponse:
    title, message = MESSAGES.get(status, MESSAGES[500] if status >= 500 else MESSAGES[400])
    if wants_json(request):
        return JsonResponse({"detail": detail or message}, status=status)
    html = loader.get_template("errors/page.html").render(
        {"status": status, "title": title, "message": detail or message}
    )
    return HttpResponse(html, status=status)


def _limit_message() -> str:
    from django.conf import settings

    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    size = f"{limit / 1_048_576:g} MB" if limit >= 1_048_576 else f"{limit:,} bytes"
    return f"The request body is too large (at most {size})."


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return error_response(request, 413, _limit_message())
    return error_response(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_response(request, 403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_response(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    return error_response(request, 500)
