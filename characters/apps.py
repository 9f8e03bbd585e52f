from django.apps import AppConfig


class CharactersConfig(AppConfig):
    name = "characters"

    def ready(self) -> None:
        # Every process registers the app's Celery tasks (enqueued by name), and a deleted
        # lorebook entry's vector goes with it (a post_delete receiver).
        from characters import tasks  # noqa: F401
        from characters.lorebooks import vectors  # noqa: F401
