"""The accounts app's models, defined in their capability packages."""

from drawhisper.accounts.connections.models import Connection, MemoryModels

__all__ = ["Connection", "MemoryModels"]
