from django.apps import AppConfig


class MemoriesConfig(AppConfig):
    name = "memories"

    def ready(self) -> None:
        from django.core import checks

        # Vector store upkeep: deletion fan-out receivers, their Celery tasks, and the
        # start-up check that the configured embedding model is the store's.
        from memories import vector_tasks  # noqa: F401
        from memories.services.vectors import deletion  # noqa: F401
        from memories.vectorstores.guard import check_embedding_model

        checks.register(check_embedding_model)
