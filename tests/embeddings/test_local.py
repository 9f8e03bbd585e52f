"""The offline MiniLM embedder: its identity, its vectors, and finding memories by meaning."""

from __future__ import annotations

import math

import pytest

from memories.index import index_memories, search_vectors
from memories.index.stores import VectorFilter
from tests.embeddings.conftest import LOCAL as LOCAL_BACKEND
from tests.factories import CharacterFactory, MemoryFactory


def test_identity_is_known_without_loading_the_model():
    from drawhisper.providers.embeddings.local import LocalEmbedder

    embedder = LocalEmbedder(model="all-MiniLM-L6-v2")
    assert embedder.model_id == "all-MiniLM-L6-v2-384"
    assert embedder.dimensions == 384


def test_vectors_are_normalised_and_batches_agree_with_single_texts(local_embedder):
    texts = ["Mira is my younger sister.", "", "The lighthouse keeper hums old sea shanties."]
    vectors = local_embedder.embed_documents(texts)
    assert len(vectors) == 3 and all(len(vector) == 384 for vector in vectors)
    for vector in vectors:
        assert math.sqrt(sum(value * value for value in vector)) == pytest.approx(1.0, abs=1e-4)
    assert local_embedder.embed_query(texts[0]) == pytest.approx(vectors[0], abs=1e-5)
    assert local_embedder.embed_documents([]) == []


def test_related_sentences_are_closer_than_unrelated_ones(local_embedder):
    sister, sibling, ramen = local_embedder.embed_documents(
        [
            "Mira is my younger sister",
            "what is the name of the user's sibling?",
            "I had ramen for lunch",
        ]
    )

    def similarity(left, right):
        return sum(a * b for a, b in zip(left, right, strict=True))

    assert similarity(sister, sibling) > similarity(sibling, ramen) + 0.2


def _cosine(left, right):
    dot = sum(a * b for a, b in zip(left, right, strict=True))
    return dot / math.sqrt(sum(a * a for a in left) * sum(b * b for b in right))


TEXTS = [
    "Mira is my younger sister.",
    "",
    "What did Caroline paint for the art show, and why did she choose sunflowers?",
    "ok",
    "The lighthouse keeper hums old sea shanties while he polishes the great lens. " * 30,
]


def test_onnx_runtime_gives_the_vectors_of_pytorch_under_the_same_model_id(
    local_embedder, tmp_path
):
    """The default runtime is a faster way to the same vectors: memories embedded before the
    switch are still found, without a reindex; batches of unequal lengths (padded) too."""
    from drawhisper.providers.embeddings.local import LocalEmbedder

    assert local_embedder.runtime == "onnx"
    torch_embedder = LocalEmbedder(runtime="torch")
    assert torch_embedder.model_id == local_embedder.model_id == "all-MiniLM-L6-v2-384"
    onnx_vectors = local_embedder.embed_documents(TEXTS)
    torch_vectors = torch_embedder.embed_documents(TEXTS)
    for onnx_vector, torch_vector in zip(onnx_vectors, torch_vectors, strict=True):
        assert _cosine(onnx_vector, torch_vector) > 0.9999
    assert local_embedder.embed_query(TEXTS[2]) == pytest.approx(onnx_vectors[2], abs=1e-5)


def test_eight_bit_weights_are_another_model_and_stay_close(local_embedder, tmp_path):
    from drawhisper.providers.embeddings.local import LocalEmbedder

    int8 = LocalEmbedder(runtime="onnx-int8", cache_dir=local_embedder.cache_dir)
    assert int8.model_id == "all-MiniLM-L6-v2-int8-384"  # so a switch asks for a reindex
    full = local_embedder.embed_documents(TEXTS[:3])
    quantised = int8.embed_documents(TEXTS[:3])
    for left, right in zip(full, quantised, strict=True):
        assert 0.9 < _cosine(left, right) < 0.99999


def test_eight_bit_query_weights_keep_the_stored_vectors_and_their_model_id(local_embedder):
    """Queries through the 8-bit query weights are compared with the full-precision vectors
    already stored: same model id (no reindex), every stored text's vector unchanged, and a
    query's vector close to its full-precision one, the same alone or in a batch."""
    from drawhisper.providers.embeddings.local import LocalEmbedder

    queries = LocalEmbedder(query_weights="int8", cache_dir=local_embedder.cache_dir)
    assert queries.model_id == local_embedder.model_id == "all-MiniLM-L6-v2-384"
    full = local_embedder.embed_documents(TEXTS)
    for same, stored in zip(queries.embed_documents(TEXTS), full, strict=True):
        assert same == pytest.approx(stored, abs=1e-6)
    assert queries.embed_query(TEXTS[2]) == pytest.approx(full[2], abs=1e-6)
    quantised = queries.embed_queries(TEXTS)
    closeness = [_cosine(left, right) for left, right in zip(full, quantised, strict=True)]
    assert all(0.95 < value < 0.99999 for value in closeness)
    assert min(closeness[0], closeness[2], closeness[4]) > 0.99  # the sentences, not "ok"
    assert queries.embed_queries([TEXTS[2]])[0] == pytest.approx(quantised[2], abs=1e-5)
    assert local_embedder.embed_queries([TEXTS[2]])[0] == pytest.approx(full[2], abs=1e-6)
    # The paraphrased question still finds the sister before anything else.
    sister, *others = local_embedder.embed_documents(
        ["Mira is my younger sister.", "I had ramen for lunch", "The storm sank the ship."]
    )
    (question,) = queries.embed_queries(["what is the name of the user's sibling?"])
    assert _cosine(question, sister) > max(_cosine(question, other) for other in others) + 0.2


def test_an_unknown_query_weight_is_refused_by_name():
    from drawhisper.providers.base import PermanentProviderError
    from drawhisper.providers.embeddings.local import LocalEmbedder

    with pytest.raises(PermanentProviderError, match="full, int8"):
        LocalEmbedder(query_weights="int4")


def test_an_unknown_runtime_is_refused_by_name():
    from drawhisper.providers.base import PermanentProviderError
    from drawhisper.providers.embeddings.local import LocalEmbedder

    with pytest.raises(PermanentProviderError, match="onnx, onnx-int8, torch"):
        LocalEmbedder(runtime="tensorflow")


@pytest.mark.django_db
def test_a_memory_is_found_by_a_paraphrased_question(local_embedding_settings):
    character = CharacterFactory()
    owner = character.owner
    sister = MemoryFactory(
        character=character, title="Sister", content="Mira is my younger sister."
    )
    for title, content in [
        ("Hobby", "The user goes bouldering every Saturday morning."),
        ("Food", "The user's favourite dish is mushroom risotto."),
        ("Ship", "Captain Vell lost his ship in a storm off the northern cape."),
        ("Job", "The user works night shifts as a nurse at the city hospital."),
        ("Pet", "The user has a grey cat that sleeps on the keyboard."),
    ]:
        MemoryFactory(character=character, title=title, content=content)
    other_character = CharacterFactory(owner=owner)
    MemoryFactory(character=other_character, title="Brother", content="Tomas is my older brother.")

    assert index_memories(memory_ids=[m.pk for m in owner.memories.all()]) == 7
    hits = search_vectors(
        query="what is the name of the user's sibling?",
        filter=VectorFilter(owner=owner.pk, character=character.pk),
        top_k=3,
    )
    sister.refresh_from_db()
    assert hits[0].id == sister.vector_id  # given to the hand-made memory when indexed
    assert hits[0].metadata["source_id"] == sister.pk
    assert sister.embedding_model == "all-MiniLM-L6-v2-384"


def test_a_web_process_loads_the_embedding_model_at_start_and_only_once():
    """Importing the ASGI application (what daphne does at start) loads the local model in the
    background, before any reply asks for a query vector; later embeds reuse it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import threading\n"
        "import drawhisper.asgi\n"
        "from drawhisper.providers.embeddings import local\n"
        "from drawhisper.providers.registry import get_embedder\n"
        "[t.join() for t in threading.enumerate() if t.name == 'embedder-warm-up']\n"
        "loaded = len(local._models)\n"
        "get_embedder().embed_query('Do you remember my sister?')\n"
        "print(loaded, len(local._models))\n"
    )
    env = dict(os.environ, EMBEDDING_PROVIDER="local", DJANGO_SETTINGS_MODULE="drawhisper.settings")
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["1", "1"]


def test_the_chat_turns_search_query_goes_through_the_configured_query_weights(
    local_embedding_settings, local_embedder
):
    """``EMBEDDING_LOCAL_QUERY_WEIGHTS=int8`` reaches the turn's retrieval: the query vector
    it starts is the 8-bit one, while the stored texts' model id stays the same."""
    from drawhisper.providers.embeddings.local import LocalEmbedder
    from drawhisper.providers.registry import get_embedder
    from memories.retrieval.search import clear_query_embedding_cache, start_query_embedding

    options = local_embedding_settings.EMBEDDING_BACKENDS["default"]["OPTIONS"]
    local_embedding_settings.EMBEDDING_BACKENDS = {
        "default": {**LOCAL_BACKEND, "OPTIONS": {**options, "query_weights": "int8"}}
    }
    question = "what is the name of the user's sibling?"
    clear_query_embedding_cache()
    try:
        assert get_embedder().model_id == local_embedder.model_id
        vector = start_query_embedding(question).result(timeout=60)
    finally:
        clear_query_embedding_cache()
    int8 = LocalEmbedder(query_weights="int8", cache_dir=local_embedder.cache_dir)
    assert vector == pytest.approx(int8.embed_queries([question])[0], abs=1e-6)
    assert vector != pytest.approx(local_embedder.embed_query(question), abs=1e-3)
