"""Lorebooks (world info): entries inserted into a chat's prompt when their keys come up.

Public interface of the package: the writes in ``services``, the reads in ``selectors``, the
pure matcher in ``matching`` and the file formats in ``formats``. Other apps use
``characters.selectors`` (``chat_lore``, ``lore_scan``) and the frozen dataclasses."""
