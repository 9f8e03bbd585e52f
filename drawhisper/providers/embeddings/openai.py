"""OpenAIEmbedder: OpenAI's embeddings endpoint (or any OpenAI-compatible server).

``text-embedding-3-small`` (1536 dimensions) by default. ``model_id`` is ``<model>-<dims>``,
so shortening a ``text-embedding-3`` model with ``dimensions`` counts as another model.

- Batching: at most ``batch_size`` texts and ``max_batch_tokens`` tokens a request (the API
  takes 2,048 inputs and 300,000 tokens); each text is cut to ``max_input_tokens`` (8,191,
  counted with cl100k, the tokenizer of these models); an empty text is sent as a space,
  which the API accepts where it refuses "".
- Retries: the openai client retries timeouts, connection errors, 408, 409, 429 and 5xx with
  exponential backoff (honouring ``Retry-After``), ``max_retries`` times.
- Errors: what is still failing becomes ``TransientProviderError`` (worth a later retry) or
  ``PermanentProviderError`` (key, request, model or exhausted quota); nothing else leaks.
- ``http_client`` (the client type the openai package uses) may be injected, for tests and
  proxies; the client is built on first use, so settings load without a key.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from drawhisper.providers.base import PermanentProviderError, TransientProviderError

DEFAULT_MODEL = "text-embedding-3-small"
NATIVE_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


class OpenAIEmbedder:
    #: ``embed_query`` is ``embed_documents([text])[0]``: concurrent queries share a request.
    queries_batch_as_documents = True

    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        api_key: str = "",
        base_url: str | None = None,
        dimensions: int | None = None,
        batch_size: int = 512,
        max_batch_tokens: int = 250_000,
        max_input_tokens: int = 8191,
        timeout: float = 30.0,
        max_retries: int = 3,
        http_client: Any = None,
        **_: Any,
    ) -> None:
        native = NATIVE_DIMENSIONS.get(model)
        if dimensions is None and native is None:
            raise PermanentProviderError(
                f"Unknown embedding model {model!r}: give its vector size with `dimensions`."
            )
        self.model = model
        self.dimensions = int(dimensions or native)
        self.model_id = f"{model}-{self.dimensions}"
        # Only text-embedding-3 models take a `dimensions` argument; send it only to shorten.
        self._request_dimensions = (
            self.dimensions
            if model.startswith("text-embedding-3") and self.dimensions != native
            else None
        )
        self.api_key = api_key
        self.base_url = base_url or None
        self.batch_size = batch_size
        self.max_batch_tokens = max_batch_tokens
        self.max_input_tokens = max_input_tokens
        self.timeout = timeout
        self.max_retries = max_retries
        self.http_client = http_client
        self._client = None
        self._lock = threading.Lock()

    def _openai(self):
        if self._client is None:
            with self._lock:
                if self._client is None:
                    if not self.api_key:
                        raise PermanentProviderError(
                            "OPENAI_API_KEY is not set: set it, or use EMBEDDING_PROVIDER=local."
                        )
                    from openai import OpenAI

                    options: dict[str, Any] = {
                        "api_key": self.api_key,
                        "timeout": self.timeout,
                        "max_retries": self.max_retries,
                    }
                    if self.base_url:
                        options["base_url"] = self.base_url
                    if self.http_client is not None:
                        options["http_client"] = self.http_client
                    self._client = OpenAI(**options)
        return self._client

    def _batches(self, texts: Sequence[str]) -> list[list[str]]:
        from drawhisper.tokens import count_tokens, truncate_to_tokens

        batches: list[list[str]] = []
        batch: list[str] = []
        batch_tokens = 0
        for text in texts:
            text = truncate_to_tokens(text, self.max_input_tokens) if text.strip() else " "
            tokens = count_tokens(text)
            if batch and (
                len(batch) >= self.batch_size or batch_tokens + tokens > self.max_batch_tokens
            ):
                batches.append(batch)
                batch, batch_tokens = [], 0
            batch.append(text)
            batch_tokens += tokens
        if batch:
            batches.append(batch)
        return batches

    def _embed_batch(self, batch: list[str]) -> list[list[float]]:
        import openai

        extra = {"dimensions": self._request_dimensions} if self._request_dimensions else {}
        try:
            response = self._openai().embeddings.create(
                model=self.model, input=batch, encoding_format="float", **extra
            )
        except (openai.APITimeoutError, openai.APIConnectionError) as error:
            raise TransientProviderError(
                f"The embedding service did not answer: {error}"
            ) from error
        except openai.APIStatusError as error:
            raise _status_error(error) from error
        except openai.OpenAIError as error:
            raise PermanentProviderError(f"Embedding failed: {error}") from error
        data = sorted(response.data, key=lambda item: item.index)
        vectors = [list(map(float, item.embedding)) for item in data]
        if len(vectors) != len(batch) or any(len(vector) != self.dimensions for vector in vectors):
            raise PermanentProviderError(
                f"The embedding service returned {len(vectors)} vectors for {len(batch)} texts, "
                f"or vectors that are not {self.dimensions} long: is {self.model!r} the right model?"
            )
        return vectors

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for batch in self._batches(list(texts)):
            vectors.extend(self._embed_batch(batch))
        return vectors

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def _status_error(error) -> Exception:
    status = error.status_code
    code = getattr(error, "code", None) or ""
    if status == 429 and code == "insufficient_quota":
        return PermanentProviderError("The OpenAI account has no quota left for embeddings.")
    if status in (408, 409, 429) or status >= 500:
        return TransientProviderError(
            f"The embedding service is busy or failing ({status}): {error.message}"
        )
    if status in (401, 403):
        return PermanentProviderError(f"The embedding service refused the API key ({status}).")
    return PermanentProviderError(
        f"The embedding service refused the request ({status}): {error.message}"
    )
