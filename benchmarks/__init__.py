"""Benchmarks of the memory system that anyone can rerun (docs/benchmarks.md):

- ``locomo``: the LoCoMo file format: conversations, observations, session summaries,
  questions and evidence; the evidence recall metric;
- ``loader``: replay a conversation into the database through the product's own services;
- ``evaluate``: run retrieval for every question, and the baselines, and aggregate;
- ``bm25``: a small Okapi BM25 over turns, for the lexical baseline;
- ``report``: the tables printed and written to docs.

The commands ``bench_locomo``, ``bench_tokens`` and ``bench_load`` drive them.
"""
