from django.urls import path

from drawhisper.accounts.connections import api

urlpatterns = [
    path("connections/", api.ConnectionListCreateApi.as_view(), name="api-connections"),
    path("connections/presets/", api.PresetListApi.as_view(), name="api-connection-presets"),
    path(
        "connections/memory-models/",
        api.MemoryModelsApi.as_view(),
        name="api-connection-memory-models",
    ),
    path(
        "generation/sillytavern-preset/",
        api.SillyTavernPresetApi.as_view(),
        name="api-generation-sillytavern-preset",
    ),
    path(
        "connections/<int:connection_id>/",
        api.ConnectionDetailApi.as_view(),
        name="api-connection",
    ),
    path(
        "connections/<int:connection_id>/models/",
        api.ConnectionModelsApi.as_view(),
        name="api-connection-models",
    ),
    path(
        "connections/<int:connection_id>/test/",
        api.ConnectionTestApi.as_view(),
        name="api-connection-test",
    ),
]
