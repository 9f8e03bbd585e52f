"""The dev8 part's eight city chats: the new home said as a correction ("no, i'm not in ...
any more"), in an out-of-character aside after a time skip, after the character guesses wrong,
as a return address, or told on arrival with the old home recalled as past; then a non-change
(a parent or a friend who stays in the old town, a visit back for a festival, a town the user
may move to one day, the character's own town said again)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev8.people import (
    CLOCKTOWER,
    COFFEEHOUSE,
    CRYO_WARD,
    ELEVATOR,
    FERRY,
    KARAOKE,
    KLONDIKE,
    NIGHT_MARKET,
    chat,
)

CITY_CASES = (
    chat(
        "city",
        NIGHT_MARKET,
        first="""
            user: *pulls my hood down at the stall* szandra, three hours on the bone-road tonight. my feet are ghosts
            character: *offers a stool* Where do you come from, that it takes three hours?
            fact: duskmoor, out past the weeping woods. i live in duskmoor, in a crooked house by the mill pond, the fog never lifts
            character: A foggy town. Good for hiding.
            own: I have lived in Vesk four hundred years, in the castle above the market. I shall never live anywhere else.
            user: four hundred years in one castle. i'd go mad
        """,
        second="""
            user: (ooc: a year later) *skips up to the stall with a bunch of blue flowers* szandra!! no bone-road tonight
            character: You look well rested. Did the fog lift at last?
            change: no, i'm not in duskmoor any more. i live in gloamwick now, right by the market, ten minutes' walk. the fog never came with me
            character: Ten minutes! You'll haunt my stall every night.
            user: my mother stayed in the crooked house by the mill pond. she says duskmoor fog is good for the skin
            character: Mothers know skin.
            user: one day i might go further, to the sea towns. one day. not yet
        """,
        question="Where does Esmerelda live now?",
        old=("duskmoor",),
        new=("gloamwick",),
        character_value=("vesk",),
    ),
    chat(
        "city",
        CLOCKTOWER,
        first="""
            user: *arrives on the morning coach, covered in dust* tickwell, the coach from home broke an axle twice
            character: *dusts off a stool for you* Twice! Where is home, that the road is so bad?
            fact: cogsbury. i live in cogsbury, the wheelwrights' town down the valley, and the wheelwrights cannot keep a coach on the road, which is funny if you think about it
            character: Very funny. Sit.
            own: I've never lived anywhere but Tinkerstadt, this city, under this tower. I was born on the fourth floor.
            user: on the fourth floor?? with the gears?
        """,
        second="""
            user: *comes up the stairs with no dust at all and a basket of buns* good morning!
            character: No coach? Did you fly?
            user: i walked. twenty minutes. i sold the house in cogsbury at midsummer
            character: Twenty minutes from where?
            change: brassholm! the new quarter over the river, where the copper roofs are. i live in brassholm now, my window looks right at your clock face
            character: Then you'll know when I'm late.
            user: my father won't leave cogsbury, he says the wheelwrights need him. they don't
            character: Fathers like to be needed.
            user: i'll go back to cogsbury for the wheel fair in autumn. for a day
        """,
        question="Where does Hildegund live now?",
        old=("cogsbury",),
        new=("brassholm",),
        character_value=("tinkerstadt",),
    ),
    chat(
        "city",
        ELEVATOR,
        first="""
            user: *drops my bag by a lounge seat* haldane, the train from equatoria was four hours late, i nearly missed my slot
            character: Four hours! The coastal line again?
            fact: the coastal line always. i live in equatoria, the old port city, and every train to the elevator floods at high tide
            character: You should move closer, sir.
            own: I live in Kourou, sir, the town by the launch fields, since I was a boy. I walk to work along the beach.
            user: along the beach. show off
        """,
        second="""
            user: *strolls in with a coffee, no bag* hi haldane. no train today
            character: No train? Did you fly in?
            user: i gave up the flat by the port in march. too many floods, too many trains
            character: *smiles* So you took my advice. Where did you go?
            change: anchor city, right under the tether. i live in anchor city now. ten minutes on the tram, i can see the climbers from my bed
            character: Then you'll never be late again.
            user: my flatmate stayed in equatoria, she likes the old port and the floods apparently
            character: Some people like water.
            user: one day i want to live at the top, in the station. one day. when they build flats up there
        """,
        question="Where does Ikenna live now?",
        old=("equatoria",),
        new=("anchor city",),
        character_value=("kourou",),
    ),
    chat(
        "city",
        CRYO_WARD,
        first="""
            user: *settles into a pod with a sigh* nurse, send my wake-up letter to my flat please, the address is on my chart
            character: *reads the chart* Let me see.
            fact: new tallinn, block nine, by the dome wall. i live in new tallinn, the oldest settlement, the one with the onion towers
            character: Onion towers. I'll send it there.
            own: I'm in Arcadia Dome, myself. Born there, raised there, nursing there. I'll retire there.
            user: you'll retire before i wake up
        """,
        second="""
            user: *wakes, blinking, and squints at a letter on the tray* nurse. this letter says my flat is gone
            character: *sits beside the pod* Your settlement was flooded in year twelve. The block was lost. I'm sorry.
            user: oh. my things. well. where am i supposed to go
            character: The colony office found you a room while you slept. Read the second page.
            change: *reads* hesperia landing. a room above the seed store. ok. i live in hesperia landing now, i suppose. strange. i've never been
            character: It's a good town. The air is warm.
            user: my brother moved to the river towns, the letter says. he waited ten years and then he went
            character: He waited a long time.
            user: maybe i'll go and find him next year. maybe
        """,
        question="Where does Anatoly live now?",
        old=("new tallinn",),
        new=("hesperia landing",),
        character_value=("arcadia dome",),
    ),
    chat(
        "city",
        KARAOKE,
        first="""
            user: *drops my suitcase in the karaoke box* kenshiro-kun, i came straight from the shinkansen. one song then my hotel
            character: *passes the mic* From home? How long was the train?
            fact: forever. i live in asahikawa, up in hokkaido, it's minus twenty there and i came down for my cousin's wedding
            character: Minus twenty. You need a warm song.
            own: I've lived in Namba all my life, above my uncle's shop. You couldn't drag me out of Osaka.
            user: nobody wants to drag you kenshiro
        """,
        second="""
            user: *bounces in with no suitcase and a sunburn* kenshiro-kun! guess where i live now
            character: Not Hokkaido, with that sunburn.
            change: nope! kagoshima! i live in kagoshima now, by the volcano, my company moved me in april. ash on the car every morning but i don't care, it's warm
            character: A volcano! Sing something loud for it.
            user: my parents are still in asahikawa, they send me photos of snow to make me homesick
            character: Does it work?
            user: a little. i'll go home for the snow festival in february, a week
        """,
        question="Where does Tomomi live now?",
        old=("asahikawa",),
        new=("kagoshima",),
        character_value=("namba",),
    ),
    chat(
        "city",
        FERRY,
        first="""
            user: *grips the cafe table as the boat rolls* fingal, this crossing is evil today
            character: *balances two teas* A wee bit of swell. You're a long way from home, hen?
            fact: not far. i live in stromness, up the hill from the harbour, i'm only on the boat to see my gran in the south isles
            character: Good harbour, that. Good fish.
            own: I'm a Stronsay man, born and bred. My house is the white one by the pier; you'll see it from the deck.
            user: i'll wave at your house
        """,
        second="""
            user: *comes aboard with a rucksack and a cat carrier* fingal! one way ticket today
            character: One way? Where are you off to?
            user: i sold the wee house in stromness. the rent on the harbour went mad and the tourists took every flat
            character: That's a shame. So?
            change: so i'm moving to westray! i live on westray now, near my gran, a cottage with a peat fire and eleven sheep next door
            character: Eleven sheep. You'll never be lonely.
            user: my pal morven says she'll never leave stromness. she loves the tourists
            character: Someone has to.
            user: if the cottage gets too cold i might try the mainland in winter. might
        """,
        question="Where does Ishbel live now?",
        old=("stromness",),
        new=("westray",),
        character_value=("stronsay",),
    ),
    chat(
        "city",
        COFFEEHOUSE,
        first="""
            user: *unwinds a travelling veil* evliya efendi, i have come from edirne, four days on the road
            character: *bows and pours* Four days! For my coffee?
            fact: for my sister's wedding, and your coffee. i live in edirne, by the old mosque, where the tulips are
            character: The tulips there are the best in the empire.
            own: I have lived in Uskudar all my life, hanim, across the water. I cross on the boat every morning to this shop.
            user: every morning on the boat. i would be sick
        """,
        second="""
            user: *comes in without a veil, with shopping from the bazaar* evliya efendi, peace upon you
            character: And upon you. No road dust today?
            user: no road. my husband's father died and left us the silk house. we left edirne at the new year
            character: God rest him. The silk house? Where?
            change: in bursa, under the green mountain. i live in bursa now, and i came to the city only by the boat this morning
            character: Under the green mountain. The baths there are famous.
            user: my mother is still in edirne. she writes that the tulips miss me
            character: Tulips are sentimental.
            user: perhaps one day we move to the city itself. perhaps. my husband likes the silk
        """,
        question="Where does Nilufer live now?",
        old=("edirne",),
        new=("bursa",),
        character_value=("uskudar",),
    ),
    chat(
        "city",
        KLONDIKE,
        first="""
            user: *shakes ice off my coat* hezron, the pass nearly killed me. a whiskey before i die
            character: *pours* The Chilkoot?
            fact: the chilkoot. i live in skagway, for now anyhow, in a tent behind the hardware store, and i came over the pass with my sled
            character: That town's a den of thieves.
            own: I'm a Circle City man, ma'am. Built my cabin there in '94, before any of you came. I'll go back to it when the rush is done.
            user: so you say hezron
        """,
        second="""
            user: *comes in without a coat, just a sweater* evening hezron
            character: No coat? You've been here long enough to stop freezing?
            user: i sold the tent in skagway to a man from ohio for forty dollars. i'm not going back over that pass
            character: Smart. Where are you sleeping, then?
            change: right here, near enough. i live in dawson city now, a room over the bakery on front street, warm as toast
            character: Over the bakery. You'll smell of bread.
            user: my cousin's still in skagway, running a laundry. he's getting rich on other men's socks
            character: There's money in socks.
            user: when the rush is done i might go down to seattle. might
        """,
        question="Where does Hepzibah live now?",
        old=("skagway",),
        new=("dawson city",),
        character_value=("circle city",),
    ),
)
