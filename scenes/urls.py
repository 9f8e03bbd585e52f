from django.urls import path

from scenes import views

urlpatterns = [
    path("scenes/new/", views.scene_new, name="scene-new"),
    path("scenes/<int:scene_id>/edit/", views.scene_edit, name="scene-edit"),
    path("scenes/<int:scene_id>/delete/", views.scene_remove, name="scene-delete"),
]
