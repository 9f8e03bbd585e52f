from django.apps import AppConfig


class BenchmarksConfig(AppConfig):
    """The benchmark tool: management commands that measure the product from outside it.

    It has no models and no URLs; product apps never import it."""

    name = "benchmarks"
