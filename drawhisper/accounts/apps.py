from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "drawhisper.accounts"
    label = "accounts"
