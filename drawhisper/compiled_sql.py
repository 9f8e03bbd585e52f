"""Querysets compiled to SQL once per process, then run again with new values.

Django compiles a queryset to SQL every time it is evaluated. For the few reads every chat
turn makes, that compile costs more CPU than PostgreSQL takes to answer them.
``CompiledQuery(build)`` calls ``build(**values)`` once with stand-in values, keeps the SQL
and where the stand-ins sit among its parameters, and answers later calls with that SQL and
the real values: ``rows(**values)`` as model instances (``Model.objects.raw``, annotations
included as attributes, field converters applied), ``sql(**values)`` as ``(sql, params)``
for a caller that embeds it in a larger statement.

Invariants:
- ``build`` gives the same SQL whatever the values (it never branches on them) and takes
  only whole numbers; every other parameter of its SQL is a constant. The stand-ins are
  integers nobody stores, so a parameter equal to one is that value's place.
- If a stand-in is not found among the parameters (Django wrote the value into the SQL
  itself) or shows up in the SQL text, nothing is kept and every call compiles afresh, so a
  result is never wrong, only slower.
- Kept per database alias, for the life of the process (schema changes mean a new process).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import DEFAULT_DB_ALIAS
from django.db.models import QuerySet

# Distinct whole numbers near the top of PostgreSQL's ``integer`` (so in range for every
# integer column: Django refuses a lookup with a value outside its field's range), far above
# any id or sequence number a row of these tables reaches.
_STAND_IN_BASE = 2_147_400_000


class CompiledQuery:
    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self.build = build
        self._compiled: dict[tuple, tuple[str, list[Any], dict[int, str]] | None] = {}
        self._lock = threading.Lock()
        self._model: Any = None

    def _compile(self, names: tuple[str, ...], using: str):
        key = (using, names)
        with self._lock:
            if key in self._compiled:
                return self._compiled[key]
            stand_ins = {name: _STAND_IN_BASE + index for index, name in enumerate(names)}
            queryset = self.build(**stand_ins).using(using)
            self._model = queryset.model
            try:
                sql, params = queryset.query.sql_with_params()
            except (EmptyResultSet, FullResultSet):  # decided by the values: compile each time
                self._compiled[key] = None
                return None
            by_value = {value: name for name, value in stand_ins.items()}
            # psycopg wrappers (``Int4``) are ints too: the value's place keeps its wrapper.
            slots = {
                position: by_value[int(param)]
                for position, param in enumerate(params)
                if isinstance(param, int) and not isinstance(param, bool) and int(param) in by_value
            }
            complete = set(slots.values()) == set(names) and not any(
                str(value) in sql for value in stand_ins.values()
            )
            compiled = (sql, list(params), slots) if complete else None
            self._compiled[key] = compiled
            return compiled

    def sql(self, *, using: str = DEFAULT_DB_ALIAS, **values: int) -> tuple[str, list[Any]]:
        """The SQL and params of ``build(**values)``."""
        compiled = self._compile(tuple(sorted(values)), using)
        if compiled is None:
            sql, params = self.build(**values).using(using).query.sql_with_params()
            return sql, list(params)
        return _filled(compiled, values)

    def rows(self, *, using: str = DEFAULT_DB_ALIAS, **values: int) -> list:
        """The model instances ``build(**values)`` gives, in its order."""
        compiled = self._compile(tuple(sorted(values)), using)
        if compiled is None:
            return list(self.build(**values).using(using))
        sql, params = _filled(compiled, values)
        return list(self._model._default_manager.db_manager(using).raw(sql, params))


def _filled(compiled: tuple[str, list[Any], dict[int, str]], values: dict[str, int]):
    """The kept SQL with ``values`` in their places among its parameters."""
    sql, params, slots = compiled
    params = list(params)
    for position, name in slots.items():
        params[position] = type(params[position])(values[name])
    return sql, params
