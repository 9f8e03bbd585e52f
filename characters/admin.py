from django.contrib import admin

from characters.models import Character


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "tagline", "updated_at"]
    list_select_related = ["owner"]
    search_fields = ["name", "tagline", "owner__username"]
    raw_id_fields = ["owner"]
