"""Django's PostgreSQL backend, with a pool check that costs no round trip while healthy.

``ENGINE = "drawhisper.postgresql"``; everything but the pool's ``check`` is Django's
``django.db.backends.postgresql`` (see ``base``)."""
