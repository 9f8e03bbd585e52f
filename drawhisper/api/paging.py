"""Paged lists: ``?limit=&offset=`` checked as strictly as any other input (a 400, not the
default page), up to ``MAX_PAGE_SIZE`` items, the answer of one page (``paged_response``) and
the schema of one page and its parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response

from drawhisper.api.fields import ID_MAX, StrictIntegerField, refuse_repeated

MAX_PAGE_SIZE = 500


class Pagination(LimitOffsetPagination):
    """``?limit=&offset=`` with a 400 for a value that is not a whole number in range, where
    DRF falls back to the default page or passes the number to the database."""

    max_limit = MAX_PAGE_SIZE

    def _param(self, request, name: str, *, minimum: int, maximum: int, default: int) -> int:
        refuse_repeated(request.query_params)
        raw = request.query_params.get(name)
        if raw is None:
            return default
        field = StrictIntegerField(min_value=minimum, max_value=maximum)
        try:
            return field.run_validation(raw)
        except serializers.ValidationError as error:
            raise serializers.ValidationError({name: error.detail}) from None

    def get_limit(self, request):
        return self._param(
            request,
            self.limit_query_param,
            minimum=1,
            maximum=self.max_limit,
            default=self.default_limit,
        )

    def get_offset(self, request):
        return self._param(request, self.offset_query_param, minimum=0, maximum=ID_MAX, default=0)


def paged_response(
    request, rows: Any, output: type[serializers.BaseSerializer] | Callable[[Any], Any]
) -> Response:
    """The page of ``rows`` (a queryset or list) that the request's ``limit`` and ``offset``
    ask for, each row rendered by ``output``: an output serializer class, or a function of one
    row."""
    paginator = Pagination()
    page = paginator.paginate_queryset(rows, request)
    if isinstance(output, type) and issubclass(output, serializers.BaseSerializer):
        items = output(page, many=True).data
    else:
        items = [output(row) for row in page]
    return paginator.get_paginated_response(items)


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        description=f"Items per page, 1 to {MAX_PAGE_SIZE} (default 50).",
    ),
    OpenApiParameter(
        "offset",
        {"type": "integer", "minimum": 0, "maximum": ID_MAX},
        description="Items to skip (default 0).",
    ),
]


@cache
def paged(serializer_class: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The schema of one page of ``serializer_class`` items, as ``Pagination`` answers it."""
    name = serializer_class.__name__.removesuffix("Serializer").removesuffix("Output")
    return type(
        f"Paged{name}List",
        (serializers.Serializer,),
        {
            "__doc__": f"One page of {name} items.",
            "count": serializers.IntegerField(help_text="Items in the whole list."),
            "next": serializers.URLField(allow_null=True, help_text="The next page, or null."),
            "previous": serializers.URLField(allow_null=True, help_text="The previous page."),
            "results": serializer_class(many=True),
        },
    )
