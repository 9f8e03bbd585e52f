"""Embedding adapters: ``openai``, ``local`` (offline MiniLM) and ``fake`` (tests)."""
