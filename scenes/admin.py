from django.contrib import admin

from scenes.models import Scene


@admin.register(Scene)
class SceneAdmin(admin.ModelAdmin):
    list_display = ["title", "character", "owner", "updated_at"]
    list_select_related = ["character", "owner"]
    search_fields = ["title", "character__name", "owner__username"]
    raw_id_fields = ["owner", "character"]
