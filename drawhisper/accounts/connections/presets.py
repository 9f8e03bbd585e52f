"""Known OpenAI-compatible endpoints a user can start a connection from."""

from __future__ import annotations

PRESETS: dict[str, dict[str, object]] = {
    "openai": {"label": "OpenAI", "base_url": "https://api.openai.com/v1", "needs_key": True},
    "deepseek": {"label": "DeepSeek", "base_url": "https://api.deepseek.com/v1", "needs_key": True},
    "openrouter": {
        "label": "OpenRouter",
        "base_url": "https://openrouter.ai/api/v1",
        "needs_key": True,
    },
    "ollama": {"label": "Ollama", "base_url": "http://127.0.0.1:11434/v1", "needs_key": False},
    "lmstudio": {"label": "LM Studio", "base_url": "http://127.0.0.1:1234/v1", "needs_key": False},
    "vllm": {"label": "vLLM", "base_url": "http://127.0.0.1:8000/v1", "needs_key": False},
    "llamacpp": {
        "label": "llama.cpp server",
        "base_url": "http://127.0.0.1:8080/v1",
        "needs_key": False,
    },
    "custom": {"label": "Other OpenAI-compatible server", "base_url": "", "needs_key": False},
}


def presets_list() -> list[dict[str, object]]:
    return [{"id": key, **value} for key, value in PRESETS.items()]
