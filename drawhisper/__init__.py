"""Drawhisper: role-play chat with AI characters that remember."""

from drawhisper.celery import app as celery_app

__all__ = ["celery_app"]
