"""The dev7 part's eight pairs of people, (user, character), each in five chats (one per
attribute), the scene each pair plays in (two fantasy, two science fiction, two modern, two
historical), and ``chat``, which builds a chat from its sittings written one turn a line, as
in dev5 (``benchmarks.knowledge_updates_dev5.people.chat_builder``)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev5.people import chat_builder

MUSHROOM_CELLAR = ("Briony", "Tumblewort")  # the mushroom cellar of a gnome burrow
CROWS_NEST = ("Hezekiah", "Mirabel")  # the crow's nest of a sky-pirate airship
EUROPA = ("Nomvula", "Korvath")  # a research habitat under the ice of Europa
SPACEPORT = ("Lavrenti", "Zixahl")  # a droid-repair stall in a desert spaceport
BOWLING = ("Shawnelle", "Dwayne")  # a bowling alley in small-town Ohio, today
LIFEGUARD = ("Kirrily", "Brodie")  # a lifeguard tower on Bondi beach, today
CARAVANSERAI = ("Roshanak", "Bahadur")  # a caravanserai on the Silk Road
RIVERBOAT = ("Winnifred", "Jedediah")  # a Mississippi steamboat in the 1880s

chat = chat_builder("dev7")
