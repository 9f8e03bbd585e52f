"""The connections page: the browser code lists, adds, tests and removes connections
through ``/api/connections/``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from drawhisper.accounts.connections.presets import presets_list


@login_required
def connections_page(request):
    return render(
        request,
        "accounts/connections.html",
        {
            "presets": presets_list(),
            "memory_purposes": [("summary", "Summaries"), ("extract", "Memory extraction")],
        },
    )
