"""The LoCoMo format helpers and the bench_locomo command, end to end on a small synthetic
file (tests/benchmarks/data/synthetic_locomo.json, written for these tests)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from benchmarks import locomo
from benchmarks.bm25 import BM25
from benchmarks.evaluate import percentile
from benchmarks.loader import load_conversation
from chat.models import Message
from memories.models import Memory, Summary
from tests.benchmarks.runs import DATA, run_bench


def test_session_dates_and_evidence_ids_are_parsed_leniently():
    assert locomo.parse_session_date("1:56 pm on 8 May, 2023") == datetime(
        2023, 5, 8, 13, 56, tzinfo=UTC
    )
    assert locomo.parse_session_date("12:05 am on 1 January 2024") == datetime(
        2024, 1, 1, 0, 5, tzinfo=UTC
    )
    assert locomo.parse_session_date("sometime") is None
    assert locomo.split_ids(["D8:6; D9:17", "D1:2"]) == ("D8:6", "D9:17", "D1:2")
    assert locomo.split_ids("D1:3 D1:4") == ("D1:3", "D1:4")
    assert locomo.split_ids(None) == ()


def test_category_names_follow_this_format():
    assert locomo.CATEGORY_NAMES == {
        1: "multi-hop",
        2: "temporal",
        3: "open-domain",
        4: "single-hop",
        5: "adversarial",
    }


def test_evidence_recall_is_the_covered_share_and_one_without_evidence():
    assert locomo.evidence_recall({1, 2, 3, 4}, {2, 4, 9}) == 0.5
    assert locomo.evidence_recall(set(), set()) == 1.0


def test_the_file_is_parsed_with_captions_observations_and_summaries():
    first, second = locomo.load_file(DATA)
    assert first.speaker_a == "Ava" and first.speaker_b == "Bruno"
    assert len(first.turns) == 8 and first.sessions() == [1, 2]
    assert (
        first.turns[2].text
        == "Look at her on the sofa. [image: a photo of a grey dog sleeping on a couch]"
    )
    assert first.turns[4].said_at == datetime(2024, 4, 19, 20, 40, tzinfo=UTC)
    assert first.observations[-1].dia_ids == ("D2:2", "D2:4")
    assert [s.session for s in second.summaries] == [1]
    assert first.questions[2].evidence == ("D2:4", "D1:4")


def test_bm25_ranks_rare_words_first_and_percentiles_interpolate():
    bm25 = BM25(["the cat sat", "the dog ran far", "a violin concert", "the cat and the dog"])
    assert bm25.ranking("violin") == [2]
    assert bm25.ranking("cat")[0] in (0, 3)
    assert bm25.ranking("the of") == []
    assert percentile([1, 2, 3, 4, 5], 50) == 3
    assert percentile([10, 20], 95) == pytest.approx(19.5)


@pytest.mark.django_db
def test_loading_replays_turns_and_stores_observations_through_the_pipeline():
    conversation = locomo.load_file(DATA)[0]
    loaded = load_conversation(conversation)

    messages = list(Message.objects.filter(thread_id=loaded.thread_id).order_by("seq"))
    assert [m.role for m in messages[:2]] == ["user", "assistant"]
    assert messages[0].created_at == datetime(2024, 3, 3, 10, 15, tzinfo=UTC)
    assert messages[5].created_at.date() == datetime(2024, 4, 19).date()
    assert "[image: a photo of a grey dog" in messages[2].content

    memories = Memory.objects.filter(origin_thread_id=loaded.thread_id).order_by(
        "job_id", "chunk_index"
    )
    assert memories.count() == 4
    assert all(m.created_by == "pipeline" and m.vector_id for m in memories)
    comet = memories.get(content__startswith="Ava's dog Comet")
    assert (comet.source_start_seq, comet.source_end_seq) == (6, 8)
    assert loaded.memory_cover[comet.pk] == frozenset({6, 8})  # the cited turns, not the range
    summaries = Summary.objects.filter(thread_id=loaded.thread_id).order_by("start_seq")
    assert [(s.start_seq, s.end_seq) for s in summaries] == [(1, 4), (5, 8)]
    assert loaded.evidence_seqs(("D2:4", "D1:4", "D9:99")) == {8, 4}


@pytest.mark.django_db
def test_bench_locomo_reports_recall_per_category_baselines_and_latency(tmp_path):
    out = tmp_path / "results.json"
    results, printed = run_bench(
        "bench_locomo", out, "--budget", "120", "--set", "RETRIEVAL_RRF_K=30"
    )
    ours = results["methods"]["drawhisper"]
    assert ours["questions"] == 8
    assert set(ours["recall"]) == {
        "multi-hop",
        "temporal",
        "open-domain",
        "single-hop",
        "adversarial",
    }
    assert ours["recall"]["adversarial"] == 100.0  # no evidence counts as covered
    assert 0 < ours["overall_recall"] <= 100
    assert ours["mean_tokens"] <= 120
    assert ours["latency_ms"]["p95"] >= ours["latency_ms"]["p50"] > 0
    # With and without the query embedding, beside a bare one and the machine's load, so
    # that a figure from a busy machine is read as such.
    latency = results["latency_ms"]
    assert set(latency) >= {"retrieval_cold", "retrieval_warm", "query_embedding_alone"}
    assert latency["machine"]["cpus"] >= 1
    assert len(latency["machine"]["load_average_before"]) == 3
    assert set(results["methods"]) == {
        "drawhisper",
        "recent",
        "bm25_turns",
        "vector_turns",
        "fusion_turns",
        "bm25_items",
        "vector_items",
        "fusion_items",
    }
    for summary in results["methods"].values():
        assert summary["mean_tokens"] <= 120
        # Strict is the headline; generous credits summaries too, so it is never lower.
        assert summary["overall_recall"] == summary["recall_by_scoring"]["strict"]
        assert summary["recall_by_scoring"]["generous"] >= summary["overall_recall"]
        assert 0 <= summary["answer_coverage"]["overall"] <= 100
        assert summary["answer_coverage_questions"] == 6  # categories 1-4 with content words
    assert list(results)[0] == "scoring" and results["scoring"] == "strict"
    recent = results["methods"]["recent"]  # turns alone score the same under both rules
    assert recent["recall_by_scoring"]["generous"] == recent["overall_recall"]
    assert results["full_history_tokens"]["mean"] > 0
    assert results["setup"]["retrieval_settings"]["RETRIEVAL_RRF_K"] == 30
    assert "Most recent turns only" in printed
    assert "strict scoring" in printed and "best like for like" in printed
    assert "Without the embedding (query vector cached)" in printed
    assert "load average" in printed
    # In place, the run removes what it wrote.
    assert not get_user_model().objects.filter(username__startswith="locomo-").exists()
    assert not Message.objects.exists()


def test_bench_locomo_refuses_an_unknown_embedding_runtime_by_name():
    with pytest.raises(CommandError, match="unknown tensorflow"):
        call_command("bench_locomo", "--data", str(DATA), "--embedding-runtimes", "onnx,tensorflow")


@pytest.mark.django_db
def test_bench_locomo_scores_generous_on_request_and_reports_samples_tuned_on_apart(tmp_path):
    out = tmp_path / "results.json"
    results, printed = run_bench(
        "bench_locomo", out, "--budget", "120", "--scoring", "generous", "--tuned-on", "syn-1"
    )
    assert results["scoring"] == "generous"
    ours = results["methods"]["drawhisper"]
    assert ours["overall_recall"] == ours["recall_by_scoring"]["generous"]
    assert results["groups"]["tuned_on"]["samples"] == ["syn-1"]
    assert results["groups"]["not_tuned_on"]["samples"] == ["syn-2"]
    tuned = results["groups"]["tuned_on"]["methods"]["drawhisper"]
    assert tuned["questions"] == 5
    assert results["groups"]["not_tuned_on"]["methods"]["drawhisper"]["questions"] == 3
    assert "Not tuned on (syn-2)" in printed

    results, printed = run_bench("bench_locomo", out, "--samples", "syn-2", "--no-baselines")
    assert results["setup"]["samples"] == ["syn-2"]
    assert results["methods"]["drawhisper"]["questions"] == 3
    with pytest.raises(CommandError, match="no conversation conv-99"):
        call_command("bench_locomo", "--data", str(DATA), "--samples", "conv-99", "--in-place")


@pytest.mark.django_db
def test_bench_tokens_replays_a_conversation_through_context_assembly(tmp_path):
    out = tmp_path / "tokens.json"
    results, printed = run_bench("bench_tokens", out, "--conversation", "syn-1", "--every", "1")
    assert results["conversation"] == "syn-1"
    assert results["replies"] == 4  # Bruno's turns, each after something Ava said
    turns = results["turns"]
    assert all(turn["prompt_tokens"] > 0 for turn in turns)
    assert [turn["full_history_tokens"] for turn in turns] == sorted(
        t["full_history_tokens"] for t in turns
    )
    assert results["last_turn"]["layers"]["recent"] > 0
    assert "prompt / full (%)" in printed
    # The second session's replies can draw on the first session's memories and summary.
    assert Memory.objects.filter(content__startswith="Ava adopted a greyhound").exists()


@pytest.mark.django_db
def test_load_round_checks_every_message_and_reply_is_stored():
    from benchmarks import load
    from benchmarks.management.commands.bench_load import load_report
    from chat.models import ContextReceipt

    chats = load.create_chats(2, round_name="t")
    thread_id = chats[0][0]
    assert Message.objects.filter(thread_id=thread_id).count() == load.HISTORY_TURNS
    assert load.verify(chats, messages=1)["all_stored"] is False
    for thread, _ in chats:
        seq = load.HISTORY_TURNS + 1
        Message.objects.create(thread_id=thread, seq=seq, role="user", content="Hi")
        reply = Message.objects.create(
            thread_id=thread, seq=seq + 1, role="assistant", content=load.REPLY
        )
        ContextReceipt.objects.create(message=reply)
    stored = load.verify(chats, messages=1)
    assert stored == {
        "expected": 2,
        "user_messages_stored": 2,
        "replies_stored": 2,
        "replies_complete": 2,
        "receipts": 2,
        "all_stored": True,
    }
    floor = {
        "added_ttft_ms": {"p50": 0.5, "p95": 1.0},
        "replies_per_s": 8.0,
        "failures": 0,
        "cpu_ms_per_turn": 12.5,
        "loop_cpu_ms_per_turn": 11.5,
        "system_cpu_ms_per_turn": 2.0,
        "switches_per_turn": 28.5,
        "loop_switches_per_turn": 28.0,
    }
    round_ = {
        "clients": 2,
        "messages_per_client": 1,
        "added_ttft_ms": {"p50": 1.0, "p95": 2.0},
        "reply_ms": {"p50": 3.0, "p95": 4.0},
        "replies_per_s": 4.0,
        "failures": 0,
        "queries_per_turn": 40.0,
        "cpu_ms_per_turn": 30.5,
        "loop_cpu_ms_per_turn": 14.0,
        "system_cpu_ms_per_turn": 3.0,
        "switches_per_turn": 70.0,
        "loop_switches_per_turn": 39.5,
        "floor": floor,
        "ratio_p50": 2.0,
        "ratio_p95": 2.0,
        "throughput_ratio": 0.5,
        "stored": stored,
    }
    text = load_report(
        {"rounds": [round_], "model": {"delay_s": 0.02, "chunk_chars": 8, "reply_chars": 10}}
    )
    assert (
        "| 2 | 2 | 1.0 | 2.0 | 0.5 | 1.0 | 2.0 | 2.0 | 4.0 | 8.0 | 0.5 | 40.0 | 30.5 | 12.5 | 14.0"
        " | 11.5 | 0 | yes |" in (text)
    )
    # How much of each turn's CPU was the kernel's, and how often the threads were woken.
    assert "| 2 | 30.5 | 3.0 | 70.0 | 39.5 | 12.5 | 2.0 | 28.5 | 28.0 |" in text

    # With the split of a turn: each part's CPU per turn, the percentiles, and every target
    # said to be met or not, with its figure.
    def part(cpu, p50=None, p95=None):
        return {"cpu_ms_per_turn": cpu, "wall_ms_p50": p50, "wall_ms_p95": p95}

    round_ |= {
        "clients": 50,
        "queries_per_turn": 11.0,
        "progress_queries_per_turn": 3.0,
        "cpu_ms_per_turn_without_embedding": 20.5,
        "cpu_ms_per_turn_above_floor": 8.0,
        "split": {
            "persistence": part(2.0),
            "progress": part(1.0),
            "context": part(6.0),
            "retrieval": part(3.0, 12.0, 31.0) | {"own_wall_ms_p95": 4.5},
            "embedding": part(10.0, 9.0, 14.0)
            | {"calls": 100, "model_calls": 25, "model_call_ms_p95": 6.5},
            "connect": part(1.5),
            "streaming": part(8.5),
            "event_loop": part(7.0),
        },
    }
    text = load_report(
        {"rounds": [round_], "model": {"delay_s": 0.02, "chunk_chars": 8, "reply_chars": 10}}
    )
    assert (
        "| 50 | 2.0 | 1.0 | 6.0 | 3.0 | 10.0 | 1.5 | 8.5 | 7.0 | 20.5 | 12.0 | 31.0 | 4.5 | 9.0 |"
        " 14.0 | 6.5 | 4.0 | 11.0 | 3.0 |" in text
    )
    assert (
        "50 clients: SQL/turn 11.0 (met, target 12); CPU ms/turn without embedding 20.5 (NOT met,"
        " target 15) [the floor's own 12.5, ours above it 8.0]; retrieval p95 ms 31.0 (NOT met, target 30); ratio p95 2.0 (NOT met,"
        " target 1.5)"
    ) in text


def test_a_load_client_that_gets_no_reply_fails_and_counts_as_the_timeout():
    """Nothing listens on the port: every reply of the round is a failure, and the percentiles
    see each at the reply timeout instead of leaving it out."""
    import asyncio

    from benchmarks import load

    results = asyncio.run(
        load.run_round(
            [(1, "token"), (2, "token")],
            ports=[load.free_port()],
            messages=2,
            reply_timeout=7.0,
            round_timeout=30.0,
        )
    )
    assert [result.timed_out for result in results] == [2, 2]
    assert [result.ttft for result in results] == [[7.0, 7.0], [7.0, 7.0]]
    assert all(result.errors for result in results)
