"""Statements a speaker makes about themselves, typed by rules and told in third person.

A statement is a sentence (or, in a long sentence, a clause) in which the speaker discloses
something lasting about themselves: who they are ("I'm a night nurse", "I'm 34"), what they
have ("I have a dog called Biscuit", "my brother Tomas is a fisherman"), where they live or
work ("I live in Leeds", "I work as a ferry pilot"), what they like ("I love jasmine tea",
"I can't stand coriander", "my favourite book is ..."), what they fear or feel ("I'm
terrified of deep water") and what happened to them ("I moved to Porto last spring").
Each rule in ``RULES`` names the memory type it gives; a rule without one defers to the
keyword classifier (``memory_types.classify``), and a plain statement is a ``fact``.

Not statements: questions; reactions to the moment ("I love that", "I'm sorry", "I'm not
sure"); and what someone does right now ("*I sit down by the fire*"), which no rule matches.

The statement is reported with the speaker's name in place of "I" (the verb agreeing:
"I work" -> "Ada works", "I'm" -> "Ada is"), "they"/"their" for later mentions, and "you"
turned into the other person when it is known (two people talk, so "you" is the other one);
otherwise a sentence addressed to "you" is quoted. Each statement keeps the seq of the
message it was said in (``Statement.seq``), so the chunk made from it can cite exactly that
message. Deterministic, no model, no network.

The package's modules, this one its public face: ``rules`` (the rules that make a clause a
statement, and the patterns that cut and clean a clause), ``reporting`` (a clause in the third
person about its speaker) and ``finding`` (the statements in a conversation's sentences, with
the "I" a chat user left out put back).
"""

from drawhisper.providers.offline.statements.finding import (
    Statement,
    clauses,
    find_statements,
    matching_rule,
    statement_type,
    with_subject,
)
from drawhisper.providers.offline.statements.reporting import report_statement
from drawhisper.providers.offline.statements.rules import MAX_CLAUSE_WORDS, RULES, SLOT_CHANGE, Rule

__all__ = [
    "MAX_CLAUSE_WORDS",
    "Rule",
    "RULES",
    "SLOT_CHANGE",
    "report_statement",
    "Statement",
    "clauses",
    "matching_rule",
    "statement_type",
    "with_subject",
    "find_statements",
]
