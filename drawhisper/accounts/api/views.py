"""``POST /api/auth/signup/`` and ``POST /api/auth/token/``."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_logged_in
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from drawhisper.accounts.services import token_for_user, user_signup
from drawhisper.accounts.throttling import SignupRateThrottle, TokenRateThrottle, lockout_response
from drawhisper.api import StrictSerializer, refuse_query


class CredentialsInput(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        max_length=256, trim_whitespace=False, style={"input_type": "password"}
    )


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()


class MeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CredentialsView(APIView):
    """Open to anyone, without authentication: the username and password come in the body."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def credentials(self, request) -> dict:
        data = CredentialsInput(data=request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


class SignupView(CredentialsView):
    throttle_classes = [SignupRateThrottle]

    @extend_schema(request=CredentialsInput, responses={201: TokenOutput})
    def post(self, request):
        user = user_signup(**self.credentials(request))
        return Response({"token": token_for_user(user=user)}, status=status.HTTP_201_CREATED)


class TokenView(CredentialsView):
    """Failed attempts count against the account and the client's address (django-axes); a
    locked pair answers 429 whatever the password, other addresses are not affected."""

    throttle_classes = [TokenRateThrottle]

    @extend_schema(request=CredentialsInput, responses={200: TokenOutput})
    def post(self, request):
        # Django's request, so that the lock-out sees the same object the middleware does.
        user = authenticate(request._request, **self.credentials(request))
        if getattr(request._request, "axes_locked_out", False):
            return lockout_response(request._request)
        if user is None:
            return Response(
                {"detail": "Wrong username or password."}, status=status.HTTP_400_BAD_REQUEST
            )
        # A token is a login: the lock-out count resets, last_login is recorded.
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        return Response({"token": token_for_user(user=user)})


class MeView(APIView):
    """``GET /api/auth/me/``: who the credentials belong to."""

    @extend_schema(responses={200: MeOutput})
    def get(self, request):
        refuse_query(request)
        return Response({"id": request.user.pk, "username": request.user.username})
