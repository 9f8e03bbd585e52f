"""``POST /api/auth/signup/`` and ``POST /api/auth/token/``."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from drawhisper.accounts.services import token_for_user, user_signup


class CredentialsInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=256, trim_whitespace=False, style={"input_type": "password"})


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()


class CredentialsRateThrottle(AnonRateThrottle):
    """Limits password guessing and sign-up floods per client address.

    The rate is read from ``settings.AUTH_THROTTLE_RATE`` on each request (``None`` turns the
    limit off), so it can change without a restart of the class-level DRF settings."""

    scope = "credentials"

    def get_rate(self) -> str | None:
        return settings.AUTH_THROTTLE_RATE

    def allow_request(self, request, view) -> bool:
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class CredentialsView(APIView):
    """Open to anyone, without authentication: the username and password come in the body."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [CredentialsRateThrottle]

    def credentials(self, request) -> dict:
        data = CredentialsInput(data=request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


class SignupView(CredentialsView):
    @extend_schema(request=CredentialsInput, responses={201: TokenOutput})
    def post(self, request):
        user = user_signup(**self.credentials(request))
        return Response({"token": token_for_user(user=user)}, status=status.HTTP_201_CREATED)


class TokenView(CredentialsView):
    @extend_schema(request=CredentialsInput, responses={200: TokenOutput})
    def post(self, request):
        user = authenticate(request, **self.credentials(request))
        if user is None:
            return Response(
                {"detail": "Wrong username or password."}, status=status.HTTP_400_BAD_REQUEST
            )
        return Response({"token": token_for_user(user=user)})


class MeView(APIView):
    """``GET /api/auth/me/``: who the credentials belong to."""

    def get(self, request):
        return Response({"id": request.user.pk, "username": request.user.username})
