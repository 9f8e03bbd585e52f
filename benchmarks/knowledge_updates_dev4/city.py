"""The dev4 part's eight city chats: the move said in the user's own words (a ferry north
with the last boxes, a gran who wanted the northern lights, a mining company's telegram, a
job abroad, a sunburn in March), and after it a non-change that must not retire it (a
weekend back in the old town for a birthday, a bike left with a flatmate, a landlady's
letter, a friend's or brother's move, a mother sure they will be home by Christmas)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev4.people import (
    APOTHECARY,
    DETECTIVE,
    DRAGON,
    FREIGHTER,
    HARBOUR,
    HAUNTED_HOUSE,
    NIGHT_TRAIN,
    TAVERN,
    chat,
)

CITY_CASES = (
    chat(
        "city",
        APOTHECARY,
        first=(
            (
                "user",
                "*holds up a jar of something murky* the harbour man sold me this and said you'd know what it was",
            ),
            ("character", "*squints* Pickled sea-wrack. He cheats you every time."),
            (
                "fact",
                "every time. anyway i'm off home after this, i live in whitby, it's a long walk along the cliffs after dark",
            ),
            ("character", "Take a lantern. The cliffs eat people."),
            (
                "own",
                "I grew up above this shop, but I keep a little house in Hexham for the winters. Quieter. Fewer customers asking about pickled sea-wrack.",
            ),
            ("user", "rude"),
        ),
        second=(
            ("user", "*sets down a heavy crate* griselda i need a favour, a big one"),
            ("character", "You always do."),
            (
                "user",
                "can you keep my books here for a bit. the last of my stuff is on a ferry north",
            ),
            ("character", "North? How far north?"),
            (
                "change",
                "orkney. i've got a wee flat in kirkwall by the cathedral, moved up three weeks ago. i only came back down to sign the last papers",
            ),
            ("character", "Thank you for telling me. Orkney. *sighs* Who'll I insult now?"),
            ("user", "i'll be back in whitby for my mum's birthday in june, just the weekend"),
            ("character", "Then bring me something that isn't pickled."),
            ("user", "my sister wants to move up near me too but she says that about everything"),
        ),
        question="Where does Bartek live now?",
        old=("whitby",),
        new=("kirkwall",),
        character_value=("hexham",),
    ),
    chat(
        "city",
        FREIGHTER,
        first=(
            ("user", "*pins a photo to the galley wall* my gran's ger. isn't it beautiful"),
            ("character", "*leans in* Snow on the hills. Looks cold."),
            (
                "fact",
                "freezing. home is ulaanbaatar when we're planetside, my flat's in the old district and gran's ger is just outside the city. that's where i spend every leave",
            ),
            ("character", "You light up when you say it."),
            (
                "own",
                "My people are in Fairbanks. I'll retire there one day, in a cabin, and never look at a star again.",
            ),
            ("user", "you'd miss the stars in a week"),
        ),
        second=(
            ("user", "ok big news, gran came planetside with me this time. we moved!!"),
            ("character", "*sets down the ladle* Moved? You and your gran?"),
            ("user", "she wanted to see the northern lights before she's 90 so we said why not"),
            ("character", "And where do the lights live?"),
            (
                "change",
                "rovaniemi! finland, right on the arctic circle. we rented a little wooden house and gran already made friends with the reindeer man. my cousin has the old flat now",
            ),
            ("character", "Thank you for telling me. Your gran is braver than my whole crew."),
            ("user", "my cousin says she'll take gran back if we hate the dark winters. we won't"),
            ("character", "Famous last words."),
            ("user", "if the ship ever docks anywhere near the arctic you're coming for dinner"),
        ),
        question="Where is Bolormaa's home now?",
        old=("ulaanbaatar",),
        new=("rovaniemi",),
        character_value=("fairbanks",),
    ),
    chat(
        "city",
        DETECTIVE,
        first=(
            (
                "fact",
                "*shakes snow off my hat* vilnius in january, prosper. i've lived here my whole life and i still can't feel my toes",
            ),
            (
                "character",
                "*tosses you a scarf from the coat rack* Keep it. It belonged to a client who won't need it.",
            ),
            ("user", "that's horrifying, thank you"),
            (
                "own",
                "I'm a Kaunas boy myself, came up on the night train in '19 with a suitcase and a grudge. Still got the grudge.",
            ),
            ("user", "what's the grudge"),
            ("character", "That's a story for a bottle, not a Tuesday."),
        ),
        second=(
            ("user", "*over a crackling telephone line* prosper? can you hear me? it's a long way"),
            ("character", "*crackle* Barely. Where in God's name are you calling from?"),
            ("user", "the mining company took my application. the arctic one"),
            ("character", "You're joking. The coal outfit?"),
            (
                "change",
                "not joking. sailed up last month. i live in longyearbyen now, it's dark all day and there are polar bear signs by the church. i gave up my room back home",
            ),
            (
                "character",
                "*crackle* Thank you for telling me. Polar bears. You've outdone yourself.",
            ),
            (
                "user",
                "my old landlady wrote asking if i'd come back for the summer. i won't, but i might visit for the fair",
            ),
            ("character", "Bring me back a bear."),
            (
                "user",
                "my brother says he's moving to the capital next year, so the whole family's scattering",
            ),
        ),
        question="Where does Tsering live these days?",
        old=("vilnius",),
        new=("longyearbyen",),
        character_value=("kaunas",),
    ),
    chat(
        "city",
        DRAGON,
        first=(
            ("user", "*sets a thermos down* brought tea from the city. the good stuff"),
            ("character", "*sniffs* Smells of smoke and river."),
            (
                "fact",
                "that's bratislava for you, i live right by the danube, you can see the castle from my window",
            ),
            ("character", "A castle. Do they still keep dragons?"),
            ("user", "only on fridge magnets"),
            (
                "own",
                "Before this mountain I slept under Luleå for two centuries. Iron ore and ice. Lovely.",
            ),
        ),
        second=(
            ("user", "*bows deeply, then laughs* sorry, habit now"),
            ("character", "*tilts head* A new habit. From where?"),
            ("user", "so the job in japan came through, the one i didn't think i'd get"),
            ("character", "The one with the lacquer?"),
            (
                "change",
                "yes!! i've been in kanazawa six weeks, i have a tiny flat near the old teahouse district and i walk past the castle garden every morning. i'm only back for my passport",
            ),
            ("character", "Thank you for telling me. Another castle. You collect them."),
            ("user", "my best friend just moved to the coast lol, everyone's leaving at once"),
            ("character", "The young always wander."),
            ("user", "if i ever come back to slovakia to live it'll be when i'm old and grey"),
        ),
        question="Which city does Anahera live in now?",
        old=("bratislava",),
        new=("kanazawa",),
        character_value=("luleå",),
    ),
    chat(
        "city",
        NIGHT_TRAIN,
        first=(
            (
                "user",
                "*leans against the corridor window* i love this bit where the train crosses the river",
            ),
            ("character", "*stands beside you* The old bridge. Always slow here, it complains."),
            (
                "fact",
                "i get off at the next stop, i live in wroclaw, been there since uni. the little dwarf statues everywhere, you know",
            ),
            ("character", "I know the dwarfs. My daughter collects photographs of them."),
            (
                "own",
                "I live in Ostrava, myself. Coal and steel and the best beer in the republic. I'll argue with anyone.",
            ),
            ("user", "i'm not arguing"),
        ),
        second=(
            ("user", "*climbs aboard with a sunburn* zdenek!! look at me, i'm a lobster"),
            ("character", "*laughs* You are very red. Where has the sun found you in March?"),
            ("user", "morocco. i'm only up here for a wedding, then back south"),
            ("character", "Back south? You've gone to live there?"),
            (
                "change",
                "yep, i moved to essaouira in january, i rent a room above a surf shop by the port. the wind never stops and i love it",
            ),
            (
                "character",
                "Thank you for telling me. Wind and surf. You'll come back fluent in something.",
            ),
            (
                "user",
                "my old flatmate in wroclaw is keeping my bike, i'll pick it up on the way back through",
            ),
            ("character", "A bicycle waits patiently."),
            ("user", "my mum thinks i'll be home by christmas. she thinks that every time"),
        ),
        question="Where does Chidubem live now?",
        old=("wroclaw", "wrocław"),
        new=("essaouira",),
        character_value=("ostrava",),
    ),
    chat(
        "city",
        HARBOUR,
        first=(
            (
                "user",
                "*sits down on the wet rocks with a flask* the bus from town was packed today",
            ),
            ("character", "*rests elbows on a rock* Which town, land girl? You never say."),
            (
                "fact",
                "penzance, i live above the bakery on market jew street. you can smell the pasties from my bed 🥐",
            ),
            ("character", "Pasties. Like pies with ambitions."),
            (
                "own",
                "My sea-court is off Stornoway, up in the cold isles. I come south for the warm water and the gossip.",
            ),
            ("user", "the gossip is definitely better down here"),
        ),
        second=(
            ("user", "*shivers* ysella this sea is freezing, how do you live in it"),
            ("character", "This is warm. You should feel my home."),
            ("user", "funny you should say that, i'm further north than you now"),
            ("character", "*eyes narrow* What do you mean?"),
            (
                "change",
                "the job at the fisheries lab came through. i packed up in april and now i live in lerwick, shetland. puffins on the way to work",
            ),
            ("character", "Thank you for telling me. Shetland! A land girl among the seals."),
            ("user", "i'm back in cornwall for my gran's 90th, only a week though"),
            ("character", "Then I'll meet you on these rocks."),
            ("user", "my brother wants to come up and visit but he gets seasick on the ferry lol"),
        ),
        question="Where does Wanjiru live now?",
        old=("penzance",),
        new=("lerwick",),
        character_value=("stornoway",),
    ),
    chat(
        "city",
        TAVERN,
        first=(
            ("user", "*orders a beer and stares at it sadly* it's not as good as at home"),
            ("character", "*mock offence* It's the best ale in the county."),
            (
                "fact",
                "i'm from leuven, i live there still, this is a work trip. we have like eighty breweries, your ale never stood a chance",
            ),
            ("character", "Eighty? That's greed."),
            (
                "own",
                "My wife and I keep a flat in Maastricht, you know. I'm over the border for your beers every other month.",
            ),
            ("user", "then you know i'm right"),
        ),
        second=(
            (
                "user",
                "*aloha shirt, sunglasses, a lei* perran. i'm back, i'm tanned, don't say anything",
            ),
            ("character", "*says nothing, very loudly*"),
            (
                "user",
                "the observatory on the big island offered me a post. i said yes before i could think",
            ),
            ("character", "The big island. Of where?"),
            (
                "change",
                "hawaii! i live in hilo now, it rains every afternoon and there's a volcano over my shoulder. sold my house back in belgium",
            ),
            ("character", "Thank you for telling me. Rain and fire. You'll miss the beer."),
            ("user", "i'm going back to leuven at christmas for my dad, two weeks"),
            ("character", "Bring me a bottle."),
            (
                "user",
                "a guy at the observatory says i should move to the dry side of the island someday. maybe. not now",
            ),
        ),
        question="Where is Vytautas living now?",
        old=("leuven",),
        new=("hilo",),
        character_value=("maastricht",),
    ),
    chat(
        "city",
        HAUNTED_HOUSE,
        first=(
            ("user", "*kicks the door shut against the wind* the southerly's brutal tonight"),
            ("character", "*a candle gutters* It's always brutal here."),
            (
                "fact",
                "i love it though, timaru's home. i've lived here since i was a baby, up the hill from caroline bay",
            ),
            ("character", "The bay was lovely in my time. Bathing machines."),
            (
                "own",
                "I was born in Napier, though, long before the earthquake. Father moved us south when I was six.",
            ),
            ("user", "you've never told me that"),
        ),
        second=(
            (
                "user",
                "*drags in an empty suitcase* hello old girl. i'm here to pack the last of my things",
            ),
            ("character", "*every door in the hall creaks* The last of your things?"),
            ("user", "don't be sad. i took the nursing contract in western australia"),
            ("character", "Australia. The other side of the ditch."),
            (
                "change",
                "i live in broome now, been there since march. red cliffs, camels on the beach at sunset, 35 degrees in winter. i only flew back to empty the flat",
            ),
            (
                "character",
                "Thank you for telling me. Camels. *a sigh rattles the windows* I'll miss your kettle.",
            ),
            (
                "user",
                "my aunt still lives in timaru so i'll visit her at christmas, and i'll come say hi to you",
            ),
            ("character", "I'll be here. I'm always here."),
            ("user", "she keeps asking if i'll ever move back. maybe when i retire, not before"),
        ),
        question="Where does Lowenna live now?",
        old=("timaru",),
        new=("broome",),
        character_value=("napier",),
    ),
)
