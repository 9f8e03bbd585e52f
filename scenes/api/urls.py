from django.urls import path

from scenes.api import views

urlpatterns = [
    path("scenes/", views.SceneListCreateApi.as_view(), name="api-scenes"),
    path("scenes/preview/", views.ScenePreviewApi.as_view(), name="api-scene-preview"),
    path("scenes/<int:scene_id>/", views.SceneDetailApi.as_view(), name="api-scene"),
]
