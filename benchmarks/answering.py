"""End-to-end answers on LoCoMo: the chat model answers each question from what a method
retrieved, and an LLM judge grades the answer CORRECT or WRONG against the gold answer.

The protocol is the one of mem0's LoCoMo evaluation (its ``evaluation/prompts.py`` answer
prompt and ``evaluation/metrics/llm_judge.py`` judge), restated here:

- the answer prompt gives the retrieved memories of both speakers with their dates, asks to
  prefer the most recent of contradicting memories, to turn relative times into dates from
  the memory's date, and to answer in at most five or six words;
- the judge sees the question, the gold answer and the generated answer; it is generous on
  length and wording (the same topic is CORRECT; the same date in another format is CORRECT)
  and answers JSON ``{"label": "CORRECT" | "WRONG"}``, asked at temperature 0 where the
  adapter allows;
- adversarial questions (category 5, no gold answer) are not graded;
- J is the share judged CORRECT, per category and overall, in percent.

Every method answers from its own retrieved items, packed to the same token budget, with the
same prompts and the same model, so J compares what was retrieved and nothing else. Here the
retrieved items are rendered one per line as retrieval renders them (``[date] Speaker: text``
for a turn, the memory or summary text with its date), in the order the method ranked them;
the speakers are named once above them rather than split into two lists, because a summary
or turn belongs to the conversation rather than to one speaker.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drawhisper.providers.base import ChatMessage, ProviderError

GRADED_CATEGORIES = (1, 2, 3, 4)
LABELS = ("CORRECT", "WRONG")
JUDGE_SCHEMA = {
    "type": "object",
    "properties": {"label": {"type": "string", "enum": list(LABELS)}},
    "required": ["label"],
    "additionalProperties": False,
}

ANSWER_PROMPT = """You answer questions from the memories of a conversation between two \
people, {speaker_a} and {speaker_b}. Each memory may carry the date it was said or written.

How to answer:
1. Read every memory below; some may be about either speaker.
2. Use the dates: when memories contradict each other, the most recent one holds.
3. Look for direct evidence of the event or fact asked about.
4. Turn relative times into dates using the memory's date (a memory of 4 May 2022 saying
   "last year" means 2021), and answer with the date, month or year, not the relative phrase.
5. Do not mistake names mentioned inside a memory for the two speakers.
6. Answer in at most five or six words, from the memories alone.

Memories:

{memories}

Question: {question}

Answer:"""

JUDGE_PROMPT = """Label a generated answer to a question CORRECT or WRONG. You get (1) a \
question one person asked about what the other should know from their earlier \
conversations, (2) the gold (ground truth) answer, usually short, and (3) the generated answer.

Be generous: a generated answer may be much longer than the gold one; it is CORRECT when it \
is about the same thing as the gold answer. For questions about time, the gold answer is a \
date, month or year; the generated answer is CORRECT when it names the same date or period, \
whatever its format ("May 7th" and "7 May" are the same) or if it uses a relative time that \
resolves to it.

Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

Reason in one sentence, then give the label. Reply with JSON only: {{"label": "CORRECT"}} or \
{{"label": "WRONG"}}, never both labels."""

_LABEL = re.compile(r"\b(CORRECT|WRONG)\b")


@dataclass(frozen=True)
class Answering:
    """What ``--answer`` runs with: the answering model, the judge, the methods answered."""

    llm: object
    judge: object
    methods: tuple[str, ...]


@dataclass(frozen=True)
class Graded:
    answer: str
    correct: bool
    error: str = ""


def render_memories(texts: Iterable[str]) -> str:
    lines = [text.strip() for text in texts if text and text.strip()]
    return "\n".join(f"- {line}" for line in lines) or "(nothing retrieved)"


def answer_messages(
    *, question: str, texts: Sequence[str], speaker_a: str, speaker_b: str
) -> list[ChatMessage]:
    prompt = ANSWER_PROMPT.format(
        speaker_a=speaker_a,
        speaker_b=speaker_b,
        memories=render_memories(texts),
        question=question,
    )
    return [ChatMessage(role="user", content=prompt)]


def judge_messages(*, question: str, gold_answer: str, generated_answer: str) -> list[ChatMessage]:
    prompt = JUDGE_PROMPT.format(
        question=question, gold_answer=gold_answer, generated_answer=generated_answer
    )
    return [ChatMessage(role="user", content=prompt)]


def parse_label(text: str) -> bool:
    """True for CORRECT. The judge's JSON ``label`` decides; without readable JSON the last
    label word in the text does; a reply with neither counts WRONG."""
    cleaned = text.strip()
    start, end = cleaned.find("{"), cleaned.rfind("}")
    if start != -1 and end > start:
        try:
            label = json.loads(cleaned[start : end + 1]).get("label")
        except (json.JSONDecodeError, AttributeError):
            label = None
        if isinstance(label, str) and label.strip().upper() in LABELS:
            return label.strip().upper() == "CORRECT"
    found = _LABEL.findall(cleaned.upper())
    return bool(found) and found[-1] == "CORRECT"


def answer_and_grade(
    llm,
    judge,
    *,
    question: str,
    gold_answer: str,
    texts: Sequence[str],
    speaker_a: str,
    speaker_b: str,
) -> Graded:
    """Answer from ``texts`` with ``llm``, then grade with ``judge``. A provider error on
    either call counts the question WRONG and is reported (``error``)."""
    try:
        completion = llm.complete(
            answer_messages(
                question=question, texts=texts, speaker_a=speaker_a, speaker_b=speaker_b
            )
        )
        answer = completion.text.strip()
        verdict = judge.complete(
            judge_messages(question=question, gold_answer=gold_answer, generated_answer=answer),
            json_schema=JUDGE_SCHEMA,
        )
    except ProviderError as error:
        return Graded(answer="", correct=False, error=str(error))
    return Graded(answer=answer, correct=parse_label(verdict.text))
