from django.urls import path

from characters import views
from characters.lorebooks import views as lorebook_views
from characters.personas import views as persona_views

urlpatterns = [
    path("", views.gallery, name="gallery"),
    path("personas/", persona_views.persona_index, name="personas"),
    path("personas/<int:persona_id>/", persona_views.persona_action, name="persona-action"),
    path("lorebooks/", lorebook_views.lorebook_index, name="lorebooks"),
    path("lorebooks/<int:lorebook_id>/", lorebook_views.lorebook_edit, name="lorebook-edit"),
    path("characters/new/", views.character_new, name="character-new"),
    path("characters/import/", views.character_import, name="character-import"),
    path("characters/<int:character_id>/", views.character_detail, name="character-detail"),
    path("characters/<int:character_id>/edit/", views.character_edit, name="character-edit"),
    path("characters/<int:character_id>/delete/", views.character_remove, name="character-delete"),
    path(
        "characters/<int:character_id>/card.json",
        views.character_export_json,
        name="character-export-json",
    ),
    path(
        "characters/<int:character_id>/card.png",
        views.character_export_png,
        name="character-export-png",
    ),
]
