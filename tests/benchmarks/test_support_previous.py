"""The previous support check is read from git at its revision, whole: a revision where the
check was one module and one where it is a package both load as packages of their own,
beside (not mixed with) today's modules."""

from __future__ import annotations

import subprocess
from dataclasses import astuple

import pytest

import memories.pipeline.local_support as current
from benchmarks.support_previous import (
    REPOSITORY,
    REVISION,
    RevisionUnavailable,
    frozen_local_support,
)


class LetterEmbedder:
    """Vectors of letter counts: enough for the check to run the same way twice."""

    @staticmethod
    def _vector(text: str) -> list[float]:
        return [float(text.lower().count(letter)) for letter in "abcdefghijklmnopqrstuvwxyz"]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)

    def embed_documents(self, texts) -> list[list[float]]:
        return [self._vector(text) for text in texts]


def verdict(module):
    sources = [module.Source(speaker="Ada", content="I have a dog called Biscuit.")]
    return module.local_support(
        title="Biscuit",
        content="Ada has a dog called Biscuit.",
        sources=sources,
        people=("Ada", "Mara"),
        embedder=LetterEmbedder(),
    )


# The last revision where the check was one module (``local_support.py``).
ONE_MODULE_REVISION = "180d6bb4004091fd3686b29e91c007e4ecfae98f"


def test_the_revision_of_one_module_loads_as_a_package_of_its_own():
    frozen = frozen_local_support(ONE_MODULE_REVISION)
    assert frozen is not current
    assert frozen.__name__.startswith("benchmarks._local_support_")
    assert verdict(frozen).supported


def test_the_committed_package_loads_with_its_own_modules_not_todays():
    head = subprocess.run(
        ["git", "-C", str(REPOSITORY), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    frozen = frozen_local_support(head)
    assert frozen.Source is not current.Source
    assert frozen.words.__name__ == f"{frozen.__name__}.words"
    assert frozen.words is not current.words
    assert astuple(verdict(frozen)) == astuple(verdict(current))


def test_the_previous_revision_is_a_package_and_loads():
    frozen = frozen_local_support(REVISION)
    assert frozen.words.__name__ == f"{frozen.__name__}.words"
    assert verdict(frozen).supported


def test_the_previous_revision_loads_again_whole_after_the_cache_is_cleared():
    first = frozen_local_support(REVISION)
    frozen_local_support.cache_clear()
    again = frozen_local_support(REVISION)
    assert again is not first
    assert again.words.__name__ == f"{again.__name__}.words"
    assert again.words is not first.words
    assert astuple(verdict(again)) == astuple(verdict(first))


def test_a_revision_not_in_the_history_is_refused_with_a_readable_message():
    with pytest.raises(RevisionUnavailable, match="not in this checkout's history"):
        frozen_local_support("0" * 40)
