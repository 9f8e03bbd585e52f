"""Mark streaming replies whose process died as interrupted (their text is kept).

Safe to run at any time and on every start: a reply still being written saves progress every
few seconds and is left alone."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from chat.services import replies_interrupt_stale


class Command(BaseCommand):
    help = "Mark streaming replies that stopped saving progress as interrupted."

    def handle(self, *args, **options) -> None:
        count = replies_interrupt_stale()
        self.stdout.write(f"Marked {count} stale repl{'y' if count == 1 else 'ies'} interrupted.")
