"""Querysets compiled to SQL once per process, then run again with new values.

Django compiles a queryset to SQL every time it is evaluated. For the few reads every chat
turn makes, that compile costs more CPU than PostgreSQL takes to answer them.
``CompiledQuery(build)`` calls ``build(**values)`` once with stand-in values, keeps the SQL
and where the stand-ins sit among its parameters, and answers later calls with that SQL and
the real values: ``rows(**values)`` as model instances, built as the queryset itself builds
them (its ``select_related`` objects, its annotations as attributes, field converters
applied) from the columns the compile laid out, and ``sql(**values)`` as ``(sql, params)``
for a caller that embeds it in a larger statement.

Invariants:
- ``build`` gives the same SQL whatever the values (it never branches on them) and takes
  only whole numbers; every other parameter of its SQL is a constant. The stand-ins are
  integers nobody stores, so a parameter equal to one is that value's place.
- If a stand-in is not found among the parameters (Django wrote the value into the SQL
  itself) or shows up in the SQL text, nothing is kept and every call compiles afresh, so a
  result is never wrong, only slower.
- ``rows`` takes querysets of model instances only (no ``values()``, no ``prefetch_related``):
  any other is evaluated afresh each call.
- Kept per database alias, for the life of the process (schema changes mean a new process).
  What is kept (the SQL, the column layout, the converters) is only read after the compile,
  so threads share it; each call runs on its own thread's connection.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.query import ModelIterable, get_related_populators

# Distinct whole numbers near the top of PostgreSQL's ``integer`` (so in range for every
# integer column: Django refuses a lookup with a value outside its field's range), far above
# any id or sequence number a row of these tables reaches.
_STAND_IN_BASE = 2_147_400_000


@dataclass(frozen=True)
class _Layout:
    """How a model queryset's rows become instances (``ModelIterable``'s part after the
    query runs), worked out once from its compiler."""

    model: Any
    init_list: list[str]
    start: int
    end: int
    populators: list
    annotations: dict[str, int]
    converters: list[tuple[int, tuple[list, Any]]]

    @classmethod
    def of(cls, queryset: QuerySet, compiler) -> _Layout | None:
        if (
            queryset._iterable_class is not ModelIterable
            or queryset._prefetch_related_lookups
            or queryset._known_related_objects
            or compiler.has_composite_fields(compiler.select[: compiler.col_count])
        ):
            return None
        select, klass_info = compiler.select, compiler.klass_info
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return cls(
            model=klass_info["model"],
            init_list=[column[0].target.attname for column in select[start:end]],
            start=start,
            end=end,
            populators=get_related_populators(klass_info, select, queryset.db),
            annotations=dict(compiler.annotation_col_map or {}),
            converters=list(
                compiler.get_converters(
                    [column[0] for column in select[: compiler.col_count]]
                ).items()
            ),
        )

    def instances(self, rows: list[tuple], using: str) -> list:
        connection = connections[using]
        found = []
        for row in rows:
            if self.converters:
                row = list(row)
                for position, (converters, expression) in self.converters:
                    value = row[position]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[position] = value
            instance = self.model.from_db(using, self.init_list, row[self.start : self.end])
            for populator in self.populators:
                populator.populate(row, instance)
            for name, position in self.annotations.items():
                setattr(instance, name, row[position])
            found.append(instance)
        return found


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: list[Any]
    slots: dict[int, str]  # parameter position -> the value's name
    layout: _Layout | None  # None: not a model queryset ``rows`` can build itself


class CompiledQuery:
    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self.build = build
        self._compiled: dict[tuple, _Compiled | None] = {}
        self._lock = threading.Lock()

    def _compile(self, names: tuple[str, ...], using: str):
        key = (using, names)
        with self._lock:
            if key in self._compiled:
                return self._compiled[key]
            stand_ins = {name: _STAND_IN_BASE + index for index, name in enumerate(names)}
            queryset = self.build(**stand_ins).using(using)
            compiler = queryset.query.get_compiler(using=using)
            try:
                sql, params = compiler.as_sql()
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
            compiled = (
                _Compiled(sql, list(params), slots, _Layout.of(queryset, compiler))
                if complete
                else None
            )
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
        if compiled is None or compiled.layout is None:
            return list(self.build(**values).using(using))
        sql, params = _filled(compiled, values)
        with connections[using].cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        return compiled.layout.instances(rows, using)


def _filled(compiled: _Compiled, values: dict[str, int]):
    """The kept SQL with ``values`` in their places among its parameters."""
    params = list(compiled.params)
    for position, name in compiled.slots.items():
        params[position] = type(params[position])(values[name])
    return compiled.sql, params
