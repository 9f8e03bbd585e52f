"""The dev8 part's eight pairs of people, (user, character), each in five chats (one per
attribute), the scene each pair plays in (two fantasy, two science fiction, two modern, two
historical), and ``chat``, which builds a chat from its sittings written one turn a line, as
in dev5 (``benchmarks.knowledge_updates_dev5.people.chat_builder``)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev5.people import chat_builder

NIGHT_MARKET = ("Esmerelda", "Szandra")  # a vampire's stall at a night market
CLOCKTOWER = ("Hildegund", "Tickwell")  # a clockwork-golem maker's workshop in a clock tower
ELEVATOR = ("Ikenna", "Haldane")  # the waiting lounge at the foot of a space elevator
CRYO_WARD = ("Anatoly", "Giacinta")  # a cryo-revival ward on a colony moon
KARAOKE = ("Tomomi", "Kenshiro")  # a karaoke box in Osaka, today
FERRY = ("Ishbel", "Fingal")  # the cafe deck of an Orkney ferry, today
COFFEEHOUSE = ("Nilufer", "Evliya")  # a coffeehouse in Istanbul in the 1600s
KLONDIKE = ("Hepzibah", "Hezron")  # a saloon in the Klondike gold rush, 1898

chat = chat_builder("dev8")
