"""The authentication backend that puts every login behind django-axes' lock-out.

Requests from the network always reach ``authenticate`` with the request (login page, admin
login, token endpoint). Code that authenticates without a request (the test client's
``login()``, a shell) has no client address to count against, so it is not throttled."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
