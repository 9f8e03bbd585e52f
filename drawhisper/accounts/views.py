"""Sign-up page; login and logout come from ``django.contrib.auth.views``."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from drawhisper.accounts.services import user_signup
from drawhisper.accounts.throttling import SignupRateThrottle


class SignupForm(forms.Form):
    username = forms.CharField(max_length=150)
    password = forms.CharField(widget=forms.PasswordInput, strip=False)


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and not SignupRateThrottle().allow_request(request, None):
        form.add_error(None, "Too many sign-ups from your address. Please try again later.")
        return render(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_signup(**form.cleaned_data)
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                for message in messages:
                    form.add_error(field if field in form.fields else None, message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("/")
    return render(request, "registration/signup.html", {"form": form})
