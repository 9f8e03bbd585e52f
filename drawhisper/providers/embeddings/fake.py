"""A deterministic embedder for unit tests: hashed bag of word stems, L2-normalised.

Texts that share words are close, unrelated texts are near-orthogonal, and the same text
always gives the same vector, with no model to load."""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from typing import Any

_WORD = re.compile(r"[a-z0-9]+")


class FakeEmbedder:
    #: A query's vector is its document vector, whatever else is embedded with it.
    queries_batch_as_documents = True

    def __init__(self, *, model: str = "fake", dimensions: int = 64, **_: Any) -> None:
        self.model_id = f"{model}-{dimensions}"
        self.dimensions = dimensions

    def _embed(self, text: str) -> list[float]:
        vector = [0.0] * self.dimensions
        for word in _WORD.findall(text.lower()):
            stem = word[:5]
            digest = hashlib.blake2b(stem.encode(), digest_size=8).digest()
            index = int.from_bytes(digest[:4], "little") % self.dimensions
            sign = 1.0 if digest[4] & 1 else -1.0
            vector[index] += sign
        norm = math.sqrt(sum(value * value for value in vector))
        if norm == 0:
            vector[0] = 1.0
            return vector
        return [value / norm for value in vector]

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._embed(text) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._embed(text)
