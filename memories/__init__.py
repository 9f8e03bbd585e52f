"""The memory app, organised by capability; each package is used through its ``__init__``.

- ``pipeline``: memory jobs (steps, runner, lifecycle, superseding, daily consolidation);
- ``index``: vector stores, vector records and ids, indexing, deletion, the archive rule;
- ``retrieval``: hybrid search for the retrieved layer of a prompt;
- ``editing``: what a user does by hand (edit, pin, share, dismiss, import, export);
- ``api``: the REST endpoints.

Chat calls only ``context`` and ``triggers`` (and reads ``contracts``); memories reads chat
only through ``chat.selectors``, ``chat.groups`` and its own ``chat_adapter``. Every memory
event is in ``events``; how a memory's text is used, in ``texts``.
"""
