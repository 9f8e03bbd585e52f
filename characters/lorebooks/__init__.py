"""Lorebooks (world info): entries inserted into a chat's prompt when their keys come up.

Public interface of the package: the writes in ``services``, the reads in ``selectors``, the
pure matcher in ``matching`` (with SillyTavern's inclusion groups in ``groups`` and timed
effects in ``timing``, both pure) and the file formats in ``formats``; ``entry_checks`` checks
an entry's fields for ``services``. Other apps use
``characters.selectors`` (``chat_lore``, ``lore_scan``) and the frozen dataclasses."""
