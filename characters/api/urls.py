from django.urls import path

from characters.api import lorebook_test, lorebooks, personas, views

urlpatterns = [
    path("personas/", personas.PersonaListCreateApi.as_view(), name="api-personas"),
    path("personas/<int:persona_id>/", personas.PersonaDetailApi.as_view(), name="api-persona"),
    path("lorebooks/", lorebooks.LorebookListCreateApi.as_view(), name="api-lorebooks"),
    path("lorebooks/import/", lorebooks.LorebookImportApi.as_view(), name="api-lorebook-import"),
    path(
        "lorebooks/<int:lorebook_id>/", lorebooks.LorebookDetailApi.as_view(), name="api-lorebook"
    ),
    path(
        "lorebooks/<int:lorebook_id>/export/",
        lorebooks.LorebookExportApi.as_view(),
        name="api-lorebook-export",
    ),
    path(
        "lorebooks/<int:lorebook_id>/test/",
        lorebook_test.LorebookTestApi.as_view(),
        name="api-lorebook-test",
    ),
    path("characters/", views.CharacterListCreateApi.as_view(), name="api-characters"),
    path("characters/import/", views.CharacterImportApi.as_view(), name="api-character-import"),
    path(
        "characters/<int:character_id>/", views.CharacterDetailApi.as_view(), name="api-character"
    ),
    path(
        "characters/<int:character_id>/card/",
        views.CharacterCardApi.as_view(),
        name="api-character-card",
    ),
    path(
        "characters/<int:character_id>/card.png",
        views.CharacterCardPngApi.as_view(),
        name="api-character-card-png",
    ),
]
