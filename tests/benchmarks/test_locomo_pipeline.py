"""``bench_locomo --memories pipeline`` and ``--answer`` on the small synthetic file, with the
real OpenAI adapter talking to the fake OpenAI-compatible server over HTTP: the product's
own summarize and extract steps make the memories, and the chat model answers and a judge
grades as in mem0's LoCoMo evaluation."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from benchmarks import locomo
from benchmarks.answering import parse_label
from benchmarks.loader import load_conversation
from benchmarks.openai_server import FakeOpenAIServer

DATA = Path(__file__).parent / "data" / "synthetic_locomo.json"
OPENAI = "drawhisper.providers.openai_chat.OpenAIChatBackend"
OFFLINE = "drawhisper.providers.offline.OfflineChatBackend"


def use_server(settings, server: FakeOpenAIServer) -> None:
    def block(model: str) -> dict:
        return {
            "BACKEND": OPENAI,
            "OPTIONS": {
                "model": model,
                "api_key": "test",
                "base_url": server.base_url,
                "timeout": 5,
                "max_retries": 0,
            },
        }

    settings.LLM_BACKENDS = {
        "chat": block("fake-chat"),
        "summary": block("fake-summary"),
        "extract": block("fake-extract"),
    }


def chunks(*items: tuple[str, str, str]) -> dict:
    text = json.dumps({"chunks": [{"title": t, "content": c, "type": k} for t, c, k in items]})
    return {"text": text, "match": "json", "model": "fake-extract"}


def verdict(label: str) -> dict:
    return {"text": json.dumps({"label": label}), "match": "json", "model": "fake-judge"}


def test_the_judge_label_is_read_from_json_then_from_the_last_label_word():
    assert parse_label('{"label": "CORRECT"}') is True
    assert parse_label('Same dog. {"label": "WRONG"}') is False
    assert parse_label("The answer names the same city: CORRECT") is True
    assert parse_label("It is not CORRECT, so WRONG") is False
    assert parse_label("no idea") is False


@pytest.mark.django_db
def test_pipeline_memories_cover_the_seqs_they_name_and_nothing_else_strictly(settings):
    conversation = locomo.load_file(DATA)[0]
    with FakeOpenAIServer() as server:
        use_server(settings, server)
        server.push(
            chunks(("Ava's dog", "Ava has a dog called Comet.", "fact")),
            chunks(("Bruno's recital", "Bruno plays the cello at a recital.", "important_event")),
        )
        loaded = load_conversation(conversation, memories="pipeline")
        requests = server.requests()
    models = [request["body"]["model"] for request in requests]
    # Each session went through the product's own steps: a summary, then an extraction.
    assert models == ["fake-summary", "fake-extract", "fake-summary", "fake-extract"]
    assert "Comet" in json.dumps(requests[1]["body"]["messages"])  # the session's own turns
    assert loaded.failed_sessions == [] and loaded.stored_per_session == {1: 1, 2: 1}
    assert len(loaded.memory_cover) == 2 and len(loaded.summary_cover) == 2
    first = min(loaded.memory_cover)
    # The memory names its job's range (session 1, seqs 1-4), not the turns it came from:
    # strictly it covers none, generously its session, like a gold observation citing nothing.
    assert loaded.cover("memory", first, 1, 4, scoring="strict") == frozenset()
    assert loaded.cover("memory", first, 1, 4, scoring="generous") == frozenset({1, 2, 3, 4})
    summary = min(loaded.summary_cover)
    assert loaded.cover("summary", summary, 1, 4, scoring="strict") == frozenset()


@pytest.mark.django_db
def test_bench_locomo_reports_pipeline_memories_and_judged_answers_beside_gold(settings, tmp_path):
    out = tmp_path / "results.json"
    stdout = StringIO()
    with FakeOpenAIServer() as server:
        use_server(settings, server)
        # The pipeline run: syn-1's two sessions, then syn-2's two.
        server.push(
            chunks(("Ava's dog", "Ava has a dog called Comet.", "fact")),
            chunks(("Bruno's recital", "Bruno plays the cello at a recital.", "important_event")),
            chunks(("Kai's race", "Kai runs a half marathon in Porto.", "important_event")),
            chunks(("Lena's starter", "Lena's sourdough starter is called Bubbles.", "fact")),
        )
        server.push({"text": "Comet", "match": "complete", "model": "fake-chat"})
        # Seven graded questions (categories 1-4), two answering methods each, in order:
        # the gold run (Drawhisper right on all, fusion wrong on all), then the pipeline run
        # (Drawhisper right on the first question only, fusion right on all).
        for _ in range(7):
            server.push(verdict("CORRECT"), verdict("WRONG"))
        server.push(verdict("CORRECT"), verdict("CORRECT"))
        for _ in range(6):
            server.push(verdict("WRONG"), verdict("CORRECT"))
        call_command(
            "bench_locomo",
            "--data",
            str(DATA),
            "--budget",
            "120",
            "--memories",
            "pipeline",
            "--answer",
            "--answer-methods",
            "drawhisper,fusion_items",
            "--judge-model",
            "fake-judge",
            "--out",
            str(out),
            "--in-place",
            stdout=stdout,
            verbosity=0,
        )
        requests = server.requests()
        assert server.pending() == []  # every scripted reply was asked for
    results = json.loads(out.read_text())
    gold, made = results["methods"], results["pipeline_memories"]["methods"]
    assert gold["drawhisper"]["j"]["overall"] == 100.0
    assert gold["fusion_items"]["j"]["overall"] == 0.0
    assert "j" not in gold["bm25_turns"]  # only the methods asked answered
    assert made["drawhisper"]["j"] == {
        "multi-hop": 0.0,
        "temporal": 0.0,
        "open-domain": 0.0,
        "single-hop": 25.0,  # 1 of syn-1's 1 and syn-2's 3 single-hop questions
        "overall": 14.3,  # 1 of 7
    }
    assert made["fusion_items"]["j"]["overall"] == 100.0
    assert made["drawhisper"]["j_questions"] == 7 and made["drawhisper"]["j_errors"] == 0
    pipeline = results["pipeline_memories"]
    assert pipeline["failed_sessions"] == 0 and pipeline["sessions"] == 4
    assert [entry["memories"] for entry in pipeline["conversations"]] == [2, 2]
    assert results["setup"]["memories"] == "pipeline"
    assert results["setup"]["answer"]["judge_model"] == "fake-judge"
    # The first answer request carries the question and what retrieval found; its judge
    # request carries the gold answer and that generated answer.
    answers = [r for r in requests if r["body"]["model"] == "fake-chat"]
    judges = [r for r in requests if r["body"]["model"] == "fake-judge"]
    assert len(answers) == len(judges) == 28
    first_answer = answers[0]["body"]["messages"][-1]["content"]
    assert "Question: What is the name of Ava's dog?" in first_answer
    assert "Comet" in first_answer.split("Memories:")[1]
    first_judge = judges[0]["body"]["messages"][-1]["content"]
    assert "Gold answer: Comet" in first_judge and "Generated answer: Comet" in first_judge
    assert judges[0]["body"]["temperature"] == 0
    printed = stdout.getvalue()
    assert "Product-made memories" in printed and "J (% judged CORRECT" in printed


@pytest.mark.django_db
def test_answering_refuses_the_offline_stand_in(settings):
    settings.LLM_BACKENDS = {**settings.LLM_BACKENDS, "chat": {"BACKEND": OFFLINE, "OPTIONS": {}}}
    with pytest.raises(CommandError, match="--answer needs a configured chat model"):
        call_command("bench_locomo", "--data", str(DATA), "--answer", "--in-place")
