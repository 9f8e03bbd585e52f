"""The vector store tables: StoredVector and VectorIndexState.

Used by ``memories.index.stores.pgvector`` and ``memories.index``; see those modules.
"""

from __future__ import annotations

from django.db import models
from pgvector.django import VectorField


class StoredVector(models.Model):
    """One vector of the pgvector store, in the embedding space of one model.

    ``space`` is ``"<index>:<model id>"``, so vectors of two embedding models never meet in a
    query. ``embedding`` has no fixed size: each space gets its own partial HNSW index on
    ``embedding::vector(<dimensions>)``, created with the space. The filterable metadata keys
    are columns; ``metadata`` keeps the whole dict as given. Not a foreign key to the rows:
    the vector store may be another system, and ``reconcile_vectors`` repairs drift."""

    space = models.CharField(max_length=200)
    key = models.CharField(max_length=255)
    owner_id = models.BigIntegerField()
    character_id = models.BigIntegerField(null=True)
    thread_id = models.BigIntegerField(null=True)
    kind = models.CharField(max_length=16)
    type = models.CharField(max_length=32, blank=True, default="")
    shared = models.BooleanField(default=False)
    status = models.CharField(max_length=16, blank=True, default="")
    metadata = models.JSONField(default=dict)
    embedding = VectorField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "memories_vector"
        constraints = [
            models.UniqueConstraint(fields=["space", "key"], name="memories_vector_unique_key")
        ]
        indexes = [
            models.Index(fields=["space", "owner_id", "character_id"], name="memories_vector_owner")
        ]

    def __str__(self) -> str:
        return f"{self.space} {self.key}"


class VectorIndexState(models.Model):
    """The embedding model whose vectors a store serves, one row per store location.

    Written when the first vector goes into an empty store and when ``reindex_memories``
    finishes; read by the start-up check, which refuses a different configured model."""

    store = models.CharField(max_length=300, unique=True)
    model_id = models.CharField(max_length=200)
    dimensions = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.store}: {self.model_id} ({self.dimensions})"
