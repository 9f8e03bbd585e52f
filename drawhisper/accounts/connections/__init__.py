"""A user's model connections (OpenAI-compatible endpoints with an encrypted key) and the
generation settings that characters and chats choose: the public interface."""

from drawhisper.accounts.connections.generation import (
    GENERATION_KEYS,
    GenerationSettingsSerializer,
)
from drawhisper.accounts.connections.memory import (
    memory_llm_config,
    memory_models_get,
    memory_models_set,
)
from drawhisper.accounts.connections.presets import PRESETS, presets_list
from drawhisper.accounts.connections.services import (
    chat_llm_config,
    connection_create,
    connection_delete,
    connection_get,
    connection_list,
    connection_models,
    connection_test,
    connection_update,
    default_connection_id_of,
    validate_generation,
)

__all__ = [
    "GENERATION_KEYS",
    "PRESETS",
    "GenerationSettingsSerializer",
    "chat_llm_config",
    "connection_create",
    "connection_delete",
    "connection_get",
    "connection_list",
    "connection_models",
    "connection_test",
    "connection_update",
    "default_connection_id_of",
    "memory_llm_config",
    "memory_models_get",
    "memory_models_set",
    "presets_list",
    "validate_generation",
]
