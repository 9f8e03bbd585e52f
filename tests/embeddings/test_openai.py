"""The OpenAI embedder through the real openai client, with the HTTP layer mocked: batching,
ordering, the ``dimensions`` argument, retries, and errors mapped to our own."""

from __future__ import annotations

import json

import httpx2
import pytest

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from drawhisper.providers.embeddings.openai import OpenAIEmbedder


class FakeEmbeddingsAPI:
    """Answers POST /v1/embeddings with deterministic vectors; ``fail`` queues error answers."""

    def __init__(self, dimensions: int = 1536, *, reverse: bool = True) -> None:
        self.dimensions = dimensions
        self.reverse = reverse
        self.requests: list[dict] = []
        self.failures: list[tuple[int, dict]] = []

    def fail(self, status: int, code: str = "", times: int = 1) -> None:
        body = {"error": {"message": f"error {status}", "type": "test", "code": code or None}}
        self.failures.extend([(status, body)] * times)

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        if self.failures:
            status, error = self.failures.pop(0)
            return httpx2.Response(status, json=error, headers={"retry-after-ms": "1"})
        size = body.get("dimensions", self.dimensions)
        data = [
            {
                "object": "embedding",
                "index": index,
                "embedding": [float(len(text))] + [0.0] * (size - 1),
            }
            for index, text in enumerate(body["input"])
        ]
        if self.reverse:  # the API does not promise order: the client must sort by index
            data.reverse()
        return httpx2.Response(
            200,
            json={
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            },
        )


def embedder_for(api: FakeEmbeddingsAPI, **options) -> OpenAIEmbedder:
    client = httpx2.Client(transport=httpx2.MockTransport(api))
    return OpenAIEmbedder(
        api_key="test-key", base_url="http://embeddings.test/v1", http_client=client, **options
    )


def test_defaults_identify_model_and_size():
    embedder = OpenAIEmbedder(api_key="k")
    assert (embedder.model, embedder.dimensions, embedder.model_id) == (
        "text-embedding-3-small",
        1536,
        "text-embedding-3-small-1536",
    )


def test_texts_are_batched_and_returned_in_input_order():
    api = FakeEmbeddingsAPI()
    embedder = embedder_for(api, batch_size=2)
    texts = ["a", "bb", "ccc", "dddd", "eeeee"]
    vectors = embedder.embed_documents(texts)
    assert [vector[0] for vector in vectors] == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert [request["input"] for request in api.requests] == [
        ["a", "bb"],
        ["ccc", "dddd"],
        ["eeeee"],
    ]
    assert all(request["model"] == "text-embedding-3-small" for request in api.requests)
    assert "dimensions" not in api.requests[0]


def test_batches_also_respect_a_token_budget_and_long_texts_are_cut():
    api = FakeEmbeddingsAPI()
    embedder = embedder_for(api, max_batch_tokens=10, max_input_tokens=6)
    embedder.embed_documents(["one two three four", "five six seven eight", "word " * 50])
    assert [len(request["input"]) for request in api.requests] == [2, 1]
    assert api.requests[1]["input"][0] == "word word word word word word"


def test_empty_texts_are_sent_as_a_space():
    api = FakeEmbeddingsAPI()
    embedder_for(api).embed_documents(["", "   "])
    assert api.requests[0]["input"] == [" ", " "]


def test_shortened_text_embedding_3_vectors_ask_for_dimensions():
    api = FakeEmbeddingsAPI()
    embedder = embedder_for(api, dimensions=256)
    assert embedder.model_id == "text-embedding-3-small-256"
    assert len(embedder.embed_query("hello")) == 256
    assert api.requests[0]["dimensions"] == 256


def test_server_errors_are_retried_by_the_client():
    api = FakeEmbeddingsAPI()
    api.fail(500, times=2)
    vectors = embedder_for(api, max_retries=2).embed_documents(["abc"])
    assert vectors[0][0] == 3.0 and len(api.requests) == 3


@pytest.mark.parametrize(
    "status, code, error",
    [
        (500, "", TransientProviderError),
        (503, "", TransientProviderError),
        (429, "rate_limit_exceeded", TransientProviderError),
        (429, "insufficient_quota", PermanentProviderError),
        (401, "invalid_api_key", PermanentProviderError),
        (400, "invalid_request_error", PermanentProviderError),
        (404, "model_not_found", PermanentProviderError),
    ],
)
def test_errors_become_our_transient_or_permanent_errors(status, code, error):
    api = FakeEmbeddingsAPI()
    api.fail(status, code, times=5)
    with pytest.raises(error):
        embedder_for(api, max_retries=1).embed_documents(["abc"])


def test_a_connection_failure_is_transient():
    def refuse(request):
        raise httpx2.ConnectError("connection refused", request=request)

    client = httpx2.Client(transport=httpx2.MockTransport(refuse))
    embedder = OpenAIEmbedder(
        api_key="k", base_url="http://embeddings.test/v1", http_client=client, max_retries=0
    )
    with pytest.raises(TransientProviderError):
        embedder.embed_query("abc")


def test_vectors_of_the_wrong_size_are_refused():
    api = FakeEmbeddingsAPI(dimensions=10)
    with pytest.raises(PermanentProviderError, match="not 1536 long"):
        embedder_for(api).embed_query("abc")


def test_a_missing_key_or_an_unknown_model_is_a_clear_permanent_error():
    with pytest.raises(PermanentProviderError, match="OPENAI_API_KEY"):
        OpenAIEmbedder(api_key="").embed_query("abc")
    with pytest.raises(PermanentProviderError, match="dimensions"):
        OpenAIEmbedder(model="my-own-embedder", api_key="k")
    assert (
        OpenAIEmbedder(model="my-own-embedder", dimensions=768, api_key="k").model_id
        == "my-own-embedder-768"
    )
