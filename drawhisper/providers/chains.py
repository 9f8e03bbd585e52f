"""LangChain runnables for the calls the memory pipeline makes: a versioned prompt as a
``ChatPromptTemplate`` piped into an LLM backend (with structured output under a JSON schema).

``completion_chain(prompt, llm, json_schema=...)`` is ``prompt | model``: invoke it with the
prompt's values and it returns a :class:`~drawhisper.providers.base.Completion`. A backend
built on a LangChain chat model supplies its own runnable (``llm.runnable``: the chat model
with structured output); any other backend (offline, scripted) is wrapped around its
``complete``, so every provider runs through the same chain.

Prompt files write placeholders as ``{{ name }}``; they become mustache's unescaped
``{{{name}}}``, so a value is inserted exactly as given (no HTML escaping, no second pass over
the value), and a missing value is a ``KeyError`` before anything reaches a model.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.prompt_values import PromptValue
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import Runnable, RunnableLambda

from drawhisper.providers.base import ChatMessage, Completion

_PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")
_ROLE = {"system": "system", "human": "user", "ai": "assistant"}


def chat_prompt(*, system: str, user: str) -> ChatPromptTemplate:
    """A system + user prompt template from two texts with ``{{ name }}`` placeholders."""
    return ChatPromptTemplate.from_messages(
        [("system", _unescaped(system)), ("human", _unescaped(user))],
        template_format="mustache",
    )


def _unescaped(text: str) -> str:
    return _PLACEHOLDER.sub(lambda match: "{{{" + match.group(1) + "}}}", text)


def to_chat_messages(value: PromptValue | list[BaseMessage]) -> list[ChatMessage]:
    messages = value.to_messages() if isinstance(value, PromptValue) else value
    return [
        ChatMessage(role=_ROLE.get(message.type, "user"), content=str(message.content))
        for message in messages
    ]


def model_runnable(llm: Any, *, json_schema: dict[str, Any] | None = None) -> Runnable:
    """``llm`` as a runnable: prompt value in, :class:`Completion` out."""
    own = getattr(llm, "runnable", None)
    if callable(own):
        return own(json_schema=json_schema)

    def invoke(value: PromptValue | list[BaseMessage]) -> Completion:
        return llm.complete(to_chat_messages(value), json_schema=json_schema)

    return RunnableLambda(invoke, name=f"{type(llm).__name__}({getattr(llm, 'model', '')})")


def completion_chain(
    prompt: ChatPromptTemplate, llm: Any, *, json_schema: dict[str, Any] | None = None
) -> Runnable:
    """``prompt | model``: the prompt's values in, a :class:`Completion` out."""
    return prompt | model_runnable(llm, json_schema=json_schema)
