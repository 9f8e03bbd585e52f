"""Characters imported before lorebooks existed keep their card's book in
``Character.character_book``: give each of them its lorebook, bound to the character, so
the book's entries fire in chats (and an export still returns the book unchanged).

The card reader is the frozen copy next to this file, not the live lorebook code."""

from django.db import migrations

from . import _card_book_0003 as card_book


def books_to_lorebooks(apps, schema_editor):
    Character = apps.get_model("characters", "Character")
    Lorebook = apps.get_model("characters", "Lorebook")
    LorebookEntry = apps.get_model("characters", "LorebookEntry")
    characters = Character.objects.filter(character_book__isnull=False, card_lorebook__isnull=True)
    for character in characters.iterator():
        try:
            parsed = card_book.parse_character_book(character.character_book)
        except card_book.LorebookFormatError:
            continue  # left as it is: still exported with the card
        book = dict(parsed["book"])
        book["name"] = (book.get("name") or "").strip()[:200] or character.name
        source = dict(book.pop("source"))
        source["imported"] = {key: book[key] for key in card_book.BOOK_FIELDS}
        lorebook = Lorebook.objects.create(
            owner_id=character.owner_id, card_character=character, source=source, **book
        )
        lorebook.characters.add(character)
        LorebookEntry.objects.bulk_create(
            LorebookEntry(
                lorebook=lorebook,
                source_key=entry["source_key"],
                source=entry["source"],
                **{name: entry[name] for name in card_book.ENTRY_FIELDS if name != "comment"},
                comment=entry["comment"][:500],
            )
            for entry in parsed["entries"]
        )


class Migration(migrations.Migration):
    dependencies = [("characters", "0002_lorebooks_personas")]

    operations = [migrations.RunPython(books_to_lorebooks, migrations.RunPython.noop)]
