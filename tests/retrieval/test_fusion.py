"""Reciprocal rank fusion, de-duplication and budget packing on small fixtures."""

from __future__ import annotations

import pytest

from memories.retrieval.dedup import drop_near_duplicates, jaccard, word_set
from memories.retrieval.fusion import reciprocal_rank_fusion
from memories.retrieval.packing import pack_to_budget


def test_an_item_high_in_both_lists_beats_one_first_in_a_single_list():
    scores = reciprocal_rank_fusion([["a", "b", "c"], ["b", "c", "a"]], k=60)
    ranking = sorted(scores, key=lambda key: -scores[key])
    assert ranking[0] == "b"
    assert set(scores) == {"a", "b", "c"}


def test_scores_are_normalised_so_first_everywhere_is_one():
    scores = reciprocal_rank_fusion([["a", "b"], ["a"]], k=10, weights=[2.0, 1.0])
    assert scores["a"] == pytest.approx(1.0)
    assert 0 < scores["b"] < 1


def test_weights_decide_between_lists():
    lexical_first = reciprocal_rank_fusion([["a"], ["b"]], k=60, weights=[2.0, 1.0])
    vector_first = reciprocal_rank_fusion([["a"], ["b"]], k=60, weights=[1.0, 2.0])
    assert lexical_first["a"] > lexical_first["b"]
    assert vector_first["b"] > vector_first["a"]


def test_a_smaller_k_rewards_the_top_ranks_more():
    sharp = reciprocal_rank_fusion([["a", "b", "c", "d"]], k=1)
    flat = reciprocal_rank_fusion([["a", "b", "c", "d"]], k=100)
    assert sharp["d"] / sharp["a"] < flat["d"] / flat["a"]


def test_repeated_items_in_one_list_count_once():
    assert reciprocal_rank_fusion([["a", "a"]], k=60) == {"a": pytest.approx(1.0)}


def test_empty_lists_fuse_to_nothing():
    assert reciprocal_rank_fusion([[], []]) == {}
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], weights=[1.0, 2.0])


def test_near_duplicates_keep_the_better_item():
    items = [
        "Mira is the user's sister and lives in Lisbon.",
        "Mira is the user's sister, and lives in Lisbon!",
        "The user adopted a cat named Pixel.",
    ]
    kept = drop_near_duplicates(items, text_of=str, threshold=0.8)
    assert kept == [items[0], items[2]]


def test_dedup_threshold_is_a_strict_overlap():
    left, right = word_set("a b c d"), word_set("a b c e")
    assert jaccard(left, right) == pytest.approx(3 / 5)
    assert len(drop_near_duplicates(["a b c d", "a b c e"], text_of=str, threshold=0.6)) == 2
    assert len(drop_near_duplicates(["a b c d", "a b c e"], text_of=str, threshold=0.5)) == 1


def test_threshold_one_keeps_all_but_exact_word_set_repeats():
    kept = drop_near_duplicates(
        ["Hello there", "hello, THERE", "hello you"], text_of=str, threshold=1.0
    )
    assert kept == ["Hello there", "hello you"]


def test_packing_skips_what_does_not_fit_and_keeps_going():
    items = [("big", 70), ("medium", 40), ("small", 20), ("tiny", 10)]
    chosen = pack_to_budget(items, budget_tokens=100, tokens_of=lambda item: item[1])
    assert [name for name, _ in chosen] == ["big", "small", "tiny"]


def test_packing_respects_order_and_budget():
    items = [("a", 30), ("b", 30), ("c", 30), ("d", 30)]
    chosen = pack_to_budget(items, budget_tokens=90, tokens_of=lambda item: item[1])
    assert [name for name, _ in chosen] == ["a", "b", "c"]
    assert pack_to_budget(items, budget_tokens=0, tokens_of=lambda item: item[1]) == []
