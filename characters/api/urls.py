from django.urls import path

from characters.api import views

urlpatterns = [
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
