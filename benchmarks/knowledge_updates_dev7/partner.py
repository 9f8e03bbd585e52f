"""The dev7 part's eight partner chats: the old partner leaves (a split with nobody to blame,
a marriage to a baker's widow while at sea, a message from a relay ship, a race circuit, a
divorce, a call from the airport, a betrothal broken for a richer bride, money lost in a
panic) and the new one is said at once as the sitting opens, drawn out by the character
("Who?"), or brought along and introduced; then a non-change (an old partner who still
writes, a mother, a gran or an aunt who still names the old one, another suitor turned
down, an old partner with a new wife)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev7.people import (
    BOWLING,
    CARAVANSERAI,
    CROWS_NEST,
    EUROPA,
    LIFEGUARD,
    MUSHROOM_CELLAR,
    RIVERBOAT,
    SPACEPORT,
    chat,
)

PARTNER_CASES = (
    chat(
        "partner",
        MUSHROOM_CELLAR,
        first="""
            user: *sets down two mugs of cider* tumblewort, can my fella come down next time? he wants to see the glowing caps
            character: Of course. Who's the fella?
            fact: peregrin. my boyfriend, three years now, he's a miller up top and hes terrified of small spaces so this'll be funny
            character: Bring him. He'll duck.
            own: My Bellwort will bake for him. She's been my wife a hundred and six years and she still bakes for every guest.
            user: a hundred and six. goals
        """,
        second="""
            user: *sits on the cellar step, quiet* hi
            character: You look like a wet toadstool. What is it?
            user: peregrin and i split up at harvest. he wanted to move to the city and i wanted to stay near the burrows. nobody cheated, it just. ended
            character: *pats your boot* That's a sad kind of ending.
            user: the sad kind. but. also. theres someone
            character: Oh? Oh!
            change: her name's wrenna. she keeps bees on the hill above your burrow, we've been together since the first frost, she laughs like a kettle
            character: A beekeeper above my burrow! I'll want honey.
            user: peregrin still writes from the city. we're friends, i think. i hope
            character: Friends are good.
            user: my gran keeps asking when peregrin's coming for sunday dinner. i havent had the heart
        """,
        question="Who is Briony's partner now?",
        old=("peregrin",),
        new=("wrenna",),
        character_value=("bellwort",),
    ),
    chat(
        "partner",
        CROWS_NEST,
        first="""
            user: *pulls a locket out of my collar* mirabel look. he gave me this at the last port
            character: *squints at the tiny portrait* Handsome. Who's the lucky man?
            fact: isembard, my fiancé. he's a lamplighter in the harbour town, we're to marry when the ship comes home
            character: A lamplighter. He'll light your way.
            own: My Ormerod is the ship's cook, and the only man aloft or below who can make me laugh in a storm. Ten years wed.
            user: the cook?? the one with the eyebrow?
        """,
        second="""
            change: *climbs up grinning with ink on my fingers* mirabel! i'm in love with clemency. the navigator. we've been sweethearts since the storm off the spires
            character: The navigator! *nearly drops the spyglass* What of the locket?
            user: the locket's at the bottom of the sky. isembard married a baker's widow while we were at sea, he wrote to tell me. very polite letter
            character: Polite! The cheek.
            user: honestly it freed me. the quartermaster asked me to walk the deck with him too, and i said no, thank you, im spoken for
            character: The quartermaster walks the deck with everyone.
            user: my mother still thinks im marrying isembard in the spring. ill tell her when we dock
        """,
        question="Who is Hezekiah's sweetheart now?",
        old=("isembard",),
        new=("clemency",),
        character_value=("ormerod",),
    ),
    chat(
        "partner",
        EUROPA,
        first="""
            user: *floats at the comms screen* korvath hush, im recording a message for dacian
            character: *mutes the sonar* For the relay ship again?
            fact: mm. dacian, my girlfriend. she's on the relay ship for another year and we send videos every sunday
            character: A year's a long time on a relay.
            own: My husband Nkemdirim is on Earth, in Lagos, with the twins. I see him for one month every two years.
            user: korvath thats heartbreaking
        """,
        second="""
            user: *floats in with two mugs* two coffees. ones not for you
            character: For whom, then?
            user: the relay videos stopped in june. dacian said she'd met someone on the ship and she was sorry. i cried into my drysuit for a week
            character: *softly* I remember. You were quiet for weeks.
            change: and then ifedayo from the biology bay brought me soup every night. so. the second coffee is for ifedayo. we moved into a couples bunk on deck c last week
            character: Deck C has the good heaters. Good.
            user: dacian still sends me a birthday message every year, she's kind. that's all it is
            character: Kindness is allowed.
            user: my mother keeps asking when dacian's ship comes home. ill tell her eventually
        """,
        question="Who is Nomvula's partner now?",
        old=("dacian",),
        new=("ifedayo",),
        character_value=("nkemdirim",),
    ),
    chat(
        "partner",
        SPACEPORT,
        first="""
            user: *leans on the stall counter* zix can you fix a music box? its my boyfriend's
            character: Your boyfriend?
            fact: quorra. my boyfriend quorra. he's a pit mechanic for the hover races and he sat on his own music box, which is so him
            character: *turns the box* Sand in the gears. And a dent the shape of a seat.
            own: My hive-mate Thrrik sits on nothing. Thrrik is perfect. Thirty years we share one nest.
            user: thirty years with one person. nope
        """,
        second="""
            user: *flops onto a crate* zix, my love life is a sandstorm
            character: Tell Zixahl.
            user: quorra went off with the race circuit to the inner worlds. he said hed write. he did not write. that was in the spring
            character: *clicks sadly* So you are alone?
            user: was alone. not now
            character: Who?
            change: bexley. she runs the water stall by gate six, she gave me a free bottle in the heat and then another one and now we live together. bexley's my girlfriend, zix, im so happy i could scream
            character: Free water in the port. She is serious.
            user: my sister still asks if quorra's coming back for the solstice. no. he isnt
            character: He isn't.
            user: bexley thinks i should learn the music box and play it myself. maybe
        """,
        question="Who is Lavrenti's girlfriend now?",
        old=("quorra",),
        new=("bexley",),
        character_value=("thrrik",),
    ),
    chat(
        "partner",
        BOWLING,
        first="""
            user: *orders two beers at the counter* one for me, one for my husband, he's parking the truck
            character: Who's the lucky man?
            fact: darnell. darnell's my husband, twelve years. he bowls like a tornado, you'll see, he throws it so hard the pins cry
            character: I've got a pin budget, you know.
            own: My Earlene won the county league in '02 and she'd beat your fella with one hand. Thirty-one years married and she still won't let me win.
            user: ooh. we'll see about that
        """,
        second="""
            user: *sits on the bench lacing my shoes, no ring on my finger* ok dwayne, dont look at my hand
            character: *looks at your hand* Oh, honey.
            user: darnell and me are done. the divorce went through in april. he got the truck, i got the dog
            character: I'm sorry. You okay?
            change: better than ok. i met lurleen at the church car wash in june and she asked me out over a bucket of suds. lurleen's my girlfriend now and shes parking the car right now
            character: Well! Tell her the first pitcher's on me.
            user: my mama still says darnell's name in her prayers at supper like he's coming back. he aint
            character: Mamas pray for everybody.
            user: darnell's bowling at an alley across the river now, he's got a new wife. good for him i guess
        """,
        question="Who is Shawnelle's partner now?",
        old=("darnell",),
        new=("lurleen",),
        character_value=("earlene",),
    ),
    chat(
        "partner",
        LIFEGUARD,
        first="""
            user: *waves at a guy on a board out the back* thats my boyfriend. see him? the one falling off
            character: *shades his eyes* The one falling off a lot.
            fact: lachie. my boyfriend lachie. he's been surfing two weeks and he reckons he's a pro already
            character: He's not a pro.
            own: My girlfriend Tegan's a nipper coach at the club. She'd sort him out in a morning.
            user: she would destroy him
        """,
        second="""
            user: *climbs up with two iced coffees* one for you, one for later
            character: Where's your surfer?
            user: gone to bali, mate. forever, apparently. lachie rang me from the airport in may, very brave of him
            character: *whistles* From the airport. Classic.
            user: my mate tried to set me up with her brother after that, a real estate bloke. no thanks
            character: Good call.
            change: then kaelani walked into the surf club with a ukulele and a broken fin. we've been together since june. kaelani, my girlfriend, best swimmer on this beach, sorry brodie
            character: I'll allow it. She's quick.
            user: lachie's mum still rings me on sundays to talk about him. i let her
            character: You're soft.
            user: maybe ill teach kaelani to surf worse so i dont feel bad
        """,
        question="Who is Kirrily's partner now?",
        old=("lachie",),
        new=("kaelani",),
        character_value=("tegan",),
    ),
    chat(
        "partner",
        CARAVANSERAI,
        first="""
            user: *shows a ring on a cord* bahadur, look, from my betrothed
            character: Gold from the west! Who is he?
            fact: farrokh, the spice merchant's son from the south. we are betrothed since the new year, we marry when the caravan returns
            character: A spice merchant's son. You'll smell of saffron.
            own: My Banafsheh smells of bread and smoke, and she has for forty years. She runs this serai, not I.
            user: everyone knows she runs it
        """,
        second="""
            user: *sits by the fire, a young man's hand in mine* bahadur, this is my heart, be kind
            character: *bows* Welcome, welcome. And the spice merchant's son?
            user: the betrothal is broken. his father found a richer bride in the capital and sent me back the ring with a sack of cumin
            character: Cumin! The insult.
            change: i am glad of it. this is touran, the weaver's son from the silk quarter. we are promised since the rains, touran is mine and i am his
            character: Then welcome to my fire, weaver's son.
            user: my aunt still sends farrokh's mother sweets at the festivals, she cannot stop
            character: Aunts have long habits.
            user: he asks if the road is hard. i tell him no, not with you beside me
        """,
        question="Who is Roshanak promised to now?",
        old=("farrokh",),
        new=("touran",),
        character_value=("banafsheh",),
    ),
    chat(
        "partner",
        RIVERBOAT,
        first="""
            user: *fans myself on the hurricane deck* mr jedediah, you will meet my intended at memphis
            character: Your intended! And who's he?
            fact: mr beauregard, a cotton factor. we have an understanding, sir, since the spring
            character: A cotton factor. Deep pockets.
            own: My Hortensia would say deep pockets hide shallow hearts. She's said so for twenty years, from our porch.
            user: your wife sounds wise, mr jedediah
        """,
        second="""
            user: *comes on deck on the arm of a gentleman in a straw hat* mr jedediah, you recall the understanding
            character: *sucks his teeth* With the cotton man? I recall.
            user: it is understood no longer. mr beauregard lost his money in the panic, and his nerve, and went to texas without a word
            character: Texas. They all go to Texas.
            change: this is mr florimond, the organist at the church on the bluff. we are engaged since june, sir, and he plays hymns to me on the boat's piano
            character: *tips his hat to the gentleman* An organist. Play us something sweet, sir.
            user: my cousin still calls at beauregard's empty office with my letters. i have told her to stop
            character: Cousins never stop.
            user: he wants us to marry in the fall. i think yes
        """,
        question="Who is Winnifred engaged to now?",
        old=("beauregard",),
        new=("florimond",),
        character_value=("hortensia",),
    ),
)
