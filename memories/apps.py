from django.apps import AppConfig


class MemoriesConfig(AppConfig):
    name = "memories"

    def ready(self) -> None:
        from django.core import checks

        # Every process registers the app's Celery tasks (the pipeline's, which its jobs
        # enqueue by name, and the vector store's), the deletion fan-out receivers, and the
        # start-up check that the configured embedding model is the store's.
        from memories import tasks as pipeline_tasks  # noqa: F401
        from memories.documents import tasks as document_tasks  # noqa: F401
        from memories.index import check_embedding_model
        from memories.index import deletion as vector_deletion  # noqa: F401
        from memories.index import tasks as vector_tasks  # noqa: F401

        checks.register(check_embedding_model)
