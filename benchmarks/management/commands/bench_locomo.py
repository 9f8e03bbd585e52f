"""``manage.py bench_locomo --data PATH --budget 1000 --out results.json``

Evidence recall and answer coverage of the chat's retrieval on a LoCoMo-format file, against
baselines at the same token budget and under the same scoring rule (``--scoring``, strict by
default; docs/benchmarks.md). By default everything is written to a throwaway
database that is created (migrated) for the run and dropped afterwards, so development data
is never touched. Use the local embedding model (``EMBEDDING_PROVIDER=local``) for figures
comparable with the published ones."""

from __future__ import annotations

import gc
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connections
from django.test.utils import override_settings
from tqdm import tqdm

from benchmarks import locomo
from benchmarks.answering import Answering
from benchmarks.database import throwaway_database
from benchmarks.evaluate import METHODS, evaluate
from benchmarks.loader import MEMORY_SOURCES, load_conversation, remove_conversation
from benchmarks.report import answer_tables, locomo_tables, machine, pipeline_tables
from benchmarks.scoring import DEFAULT_SCORING, SCORINGS
from drawhisper.providers.registry import get_embedder, get_llm

OFFLINE_BACKEND = "drawhisper.providers.offline.OfflineChatBackend"


@contextmanager
def current_database(*, keep: bool, loaded: list):
    """Write into the configured database; remove what was written afterwards."""
    try:
        yield connections["default"].settings_dict["NAME"]
    finally:
        if not keep:
            for conversation in loaded:
                remove_conversation(conversation)


def parse_overrides(pairs: list[str]) -> dict[str, object]:
    overrides: dict[str, object] = {}
    for pair in pairs:
        name, separator, raw = pair.partition("=")
        name = name.strip().upper()
        if not separator or not name.startswith("RETRIEVAL_") or not hasattr(settings, name):
            raise CommandError(
                f"--set takes RETRIEVAL_NAME=value for an existing setting, not {pair!r}"
            )
        try:
            overrides[name] = json.loads(raw)
        except json.JSONDecodeError:
            overrides[name] = raw
    return overrides


def provider_setup() -> dict[str, dict[str, str]]:
    """The configured model of each pipeline alias (backend class and model), no secrets."""
    return {
        alias: {
            "backend": config["BACKEND"].rpartition(".")[2],
            "model": str(config.get("OPTIONS", {}).get("model", "")),
        }
        for alias, config in settings.LLM_BACKENDS.items()
    }


def answering(options) -> Answering | None:
    """The answering model and judge for ``--answer``: the configured chat model (or
    ``--answer-model``/``--judge-model`` on the same provider), at temperature 0."""
    if not options["answer"]:
        return None
    chat = settings.LLM_BACKENDS["chat"]
    if chat["BACKEND"] == OFFLINE_BACKEND:
        raise CommandError(
            "--answer needs a configured chat model (LLM_PROVIDER with its key, or "
            "OPENAI_BASE_URL for a compatible server): the offline stand-in cannot answer"
        )

    def build(model: str):
        block_options = {**chat.get("OPTIONS", {}), "temperature": 0}
        if model:
            block_options["model"] = model
        return get_llm(config={"BACKEND": chat["BACKEND"], "OPTIONS": block_options})

    methods = tuple(locomo.sample_ids(options["answer_methods"])) or METHODS
    unknown = sorted(set(methods) - set(METHODS))
    if unknown:
        raise CommandError(f"--answer-methods: no method {', '.join(unknown)}")
    return Answering(
        llm=build(options["answer_model"]), judge=build(options["judge_model"]), methods=methods
    )


def local_embedding_options(names: str) -> list[tuple[str, object]]:
    """``(runtime, LocalEmbedder)`` for each runtime named (comma-separated)."""
    from drawhisper.providers.embeddings.local import RUNTIMES, LocalEmbedder

    chosen = [name.strip() for name in names.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in RUNTIMES]
    if unknown:
        raise CommandError(
            f"--embedding-runtimes: unknown {', '.join(unknown)} (one of {', '.join(RUNTIMES)})"
        )
    cache_dir = settings.EMBEDDING_BACKENDS["default"]["OPTIONS"].get("cache_dir")
    return [(name, LocalEmbedder(runtime=name, cache_dir=cache_dir)) for name in chosen]


class Command(BaseCommand):
    help = "Evidence recall and latency of retrieval on a LoCoMo-format file, with baselines."

    def add_arguments(self, parser):
        parser.add_argument("--data", required=True, help="a LoCoMo-format JSON file")
        parser.add_argument(
            "--budget",
            type=int,
            default=None,
            help="token budget of the retrieved layer (default: CONTEXT_LAYER_BUDGETS['retrieved'])",
        )
        parser.add_argument("--out", help="write the results as JSON to this file")
        parser.add_argument(
            "--limit", type=int, default=None, help="only the first N conversations"
        )
        parser.add_argument("--no-baselines", action="store_true", help="skip the baselines")
        parser.add_argument(
            "--scoring",
            choices=SCORINGS,
            default=DEFAULT_SCORING,
            help="what a retrieved item covers: strict (a summary covers no turn, a memory "
            "the turns it cites) or generous (a summary covers its session); both are "
            "written, this one is the headline",
        )
        parser.add_argument(
            "--samples",
            default="",
            metavar="ID,ID",
            help="only these conversations (sample ids, comma-separated)",
        )
        parser.add_argument(
            "--tuned-on",
            default="",
            metavar="ID,ID",
            help="sample ids the settings were tuned on: reported apart from the others",
        )
        parser.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="RETRIEVAL_NAME=VALUE",
            help="override a retrieval setting for this run (JSON values), e.g. RETRIEVAL_RRF_K=30",
        )
        parser.add_argument(
            "--in-place",
            action="store_true",
            help="write into the configured database instead of a throwaway one, and delete "
            "what was written at the end",
        )
        parser.add_argument(
            "--keep", action="store_true", help="keep the data (and database) afterwards"
        )
        parser.add_argument("--database-name", default=None, help="name of the throwaway database")
        parser.add_argument(
            "--memories",
            choices=MEMORY_SOURCES,
            default="gold",
            help="gold: store the dataset's observations as the memories (the headline); "
            "pipeline: also run the product's own summarize and extract steps over each "
            "session with the configured provider, and report that run beside the gold one",
        )
        parser.add_argument(
            "--answer",
            action="store_true",
            help="answer each question from every method's retrieved items with the "
            "configured chat model and grade it with an LLM judge (J, mem0's protocol)",
        )
        parser.add_argument(
            "--answer-methods",
            default="",
            metavar="NAME,NAME",
            help="only these methods answer (default: every method)",
        )
        parser.add_argument(
            "--answer-model", default="", help="model that answers (default: CHAT_MODEL)"
        )
        parser.add_argument(
            "--judge-model", default="", help="model that judges (default: CHAT_MODEL)"
        )
        parser.add_argument(
            "--embedding-runtimes",
            default="",
            metavar="NAME,NAME",
            help="also time a bare query embedding of the local model on every question of "
            "the timed pass with these runtimes (onnx, onnx-int8, torch), beside the "
            "configured one; recall needs a run with EMBEDDING_LOCAL_RUNTIME set",
        )

    def handle(self, *args, **options):
        path = Path(options["data"])
        try:
            conversations = locomo.load_conversations(
                path, locomo.sample_ids(options["samples"]), limit=options["limit"]
            )
        except locomo.LoadError as error:
            raise CommandError(str(error)) from error
        tuned_on = locomo.sample_ids(options["tuned_on"])
        if not conversations:
            raise CommandError("the file holds no conversation")
        budget = options["budget"] or int(settings.CONTEXT_LAYER_BUDGETS.get("retrieved", 1000))
        overrides = parse_overrides(options["set"])
        questions = sum(len(c.questions) for c in conversations)
        answer = answering(options)
        embedding_options = local_embedding_options(options["embedding_runtimes"])
        with_pipeline = options["memories"] == "pipeline"
        loaded: list = []
        made: list = []  # the same conversations with the pipeline's own memories

        database = (
            current_database(keep=options["keep"], loaded=loaded)
            if options["in_place"]
            else throwaway_database(
                options["database_name"] or f"bench_locomo_{os.getpid()}", keep=options["keep"]
            )
        )
        started = time.perf_counter()
        with database as database_name, override_settings(**overrides):
            units = sum(len(c.turns) + len(c.sessions()) for c in conversations)
            with tqdm(
                total=units, desc="loading", unit="turn", disable=options["verbosity"] < 1
            ) as bar:
                for conversation in conversations:
                    loaded.append(load_conversation(conversation, progress=bar.update))
            if with_pipeline:
                with tqdm(
                    total=units, desc="pipeline", unit="turn", disable=options["verbosity"] < 1
                ) as bar:
                    for conversation in conversations:
                        made.append(
                            load_conversation(
                                conversation, memories="pipeline", progress=bar.update
                            )
                        )
                loaded.extend(made)  # removed with the rest in place
            # Freshly loaded tables have no planner statistics yet, and autovacuum would
            # start on them in the middle of the measurements: do both now, as a database in
            # service has long done.
            connection = connections["default"]
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE")
            if not connection.in_atomic_block:
                # Write the loaded pages out now rather than while latency is measured.
                try:
                    with connection.cursor() as cursor:
                        cursor.execute("CHECKPOINT")
                except DatabaseError:  # needs a privileged role; a managed database may refuse
                    pass
            gc.collect()
            gc.freeze()  # what loading left behind is not the retrieval's garbage to collect
            load_seconds = time.perf_counter() - started
            with tqdm(
                total=2 * questions, desc="questions", unit="q", disable=options["verbosity"] < 1
            ) as bar:
                results = evaluate(
                    loaded[: len(conversations)],
                    budget=budget,
                    baselines=not options["no_baselines"],
                    scoring=options["scoring"],
                    tuned_on=tuned_on,
                    progress=bar.update,
                    answer=answer,
                    embedding_options=embedding_options,
                )
            if with_pipeline:
                with tqdm(
                    total=questions,
                    desc="pipeline questions",
                    unit="q",
                    disable=options["verbosity"] < 1,
                ) as bar:
                    results["pipeline_memories"] = {
                        "providers": provider_setup(),
                        "failed_sessions": sum(len(c.failed_sessions) for c in made),
                        "sessions": sum(len(c.conversation.sessions()) for c in made),
                        "errors": sorted({error for c in made for _, error in c.failed_sessions}),
                        **evaluate(
                            made,
                            budget=budget,
                            baselines=not options["no_baselines"],
                            scoring=options["scoring"],
                            tuned_on=tuned_on,
                            progress=bar.update,
                            answer=answer,
                            latency=False,
                        ),
                    }
            embedder = get_embedder()
            results["setup"] = {
                "data": str(path),
                "conversations": len(conversations),
                "samples": [c.sample_id for c in conversations],
                "tuned_on": tuned_on,
                "database": database_name,
                "memories": options["memories"],
                "providers": provider_setup(),
                "answer": (
                    {
                        "methods": list(answer.methods),
                        "answer_model": answer.llm.model,
                        "judge_model": answer.judge.model,
                    }
                    if answer
                    else None
                ),
                "embedding_model": getattr(embedder, "model_id", type(embedder).__name__),
                "vector_store": settings.VECTOR_STORES["default"]["BACKEND"],
                "retrieval_settings": {
                    name: getattr(settings, name)
                    for name in dir(settings)
                    if name.startswith("RETRIEVAL_")
                },
                "load_seconds": round(load_seconds, 1),
                "evaluate_seconds": round(time.perf_counter() - started - load_seconds, 1),
                "machine": machine(),
            }
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(results, indent=2, default=str) + "\n")
        self.stdout.write(locomo_tables(results))
        if answer is not None:
            self.stdout.write("\n" + answer_tables(results))
        if with_pipeline:
            self.stdout.write("\n" + pipeline_tables(results))
