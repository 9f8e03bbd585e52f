"""The dev5 part's eight city chats (a hold under the mountain, a moon dome, a Fife town, a
Roman town, a district of a generation ship among them): the move said in passing (a long
walk in, a train that takes an hour), asked for by the character who notices something (a
shuttle from the other side, a new coat for the cold), or over two messages (a flat sold,
then the new town); then a non-change (a gran or a mother still in the old town, a
hypothetical return, a negation, the old town recalled as past, the character's own town)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev5.people import (
    ARCHIVE,
    BARBERSHOP,
    BATHHOUSE,
    FORGE,
    GENERATION_SHIP,
    HYDROPONICS,
    TATTOO,
    TELEGRAPH,
    chat,
)

CITY_CASES = (
    chat(
        "city",
        FORGE,
        first="""
            user: *shoulders a sack of coal through the door* delivery for the best smith under the mountain
            character: *doesn't look up* Put it by the bellows and stop flattering me.
            fact: the carters wouldn't come this deep so i carried it myself, all the way down from grimhallow. i live in grimhallow, in the third gallery, you can hear the waterfall from my door
            character: *finally looks up* You carried a sack of coal four leagues. You're mad.
            own: I've lived in Stonewater all my life, down where the lake sits under the rock. I've never once seen a waterfall.
            user: you should come up sometime, it's beautiful
        """,
        second="""
            user: *arrives red-faced and sits down hard on the coal pile* the walk from emberdeep is longer than they told me. my legs are jelly
            character: *hands you a mug of something hot* The walk from where?
            change: oh!! i never said. i live in emberdeep now, since the thaw, rooms over the bakery on the hot-spring gallery. it's always warm there
            character: Thank you for telling me. Warm rooms and bread. You've done well for yourself.
            user: my old neighbours in grimhallow threw me a leaving feast, i still have a headache from their mead
            character: *chuckles* The upper galleries know how to drink.
            user: if the bakery ever burns down i'll live in your coal store, fair warning
        """,
        question="Where does Zbyszko live these days?",
        old=("grimhallow",),
        new=("emberdeep",),
        character_value=("stonewater",),
    ),
    chat(
        "city",
        HYDROPONICS,
        first="""
            user: *unclips from the transit rail and floats into the bay* hi hi, the jupiter shuttle was forty minutes late
            character: *catching a loose seed packet* It always is. The radiation shielding needs a recharge every trip.
            fact: i'm so tired of it. i live on ganymede, in the ice warrens under the south crater. it's three days to anywhere
            character: Three days each way to see my tomatoes. I'm flattered.
            own: I've lived on Lagrange Station since I was born. I've never been more than a day from Earth, and I never mean to be.
            user: must be nice, living next door to the homeworld
        """,
        second="""
            user: *floats in waving a ticket stub* six hours door to door!!
            character: *looks at the stub* That's not the jupiter shuttle. Your shuttle came in from the lunar side today.
            user: right, because the ice warrens are behind me. i packed the whole cabin into two crates last month
            character: *sets down the seed tray* So where's home now?
            change: tycho! i live in tycho now, the big dome on the moon, a tiny flat on the rim with earth in the window every morning
            character: Thank you for telling me. Six hours, then. I'll see you more.
            user: my sister's still on ganymede and says i've gone soft. she might be right
            character: Soft and close is no bad thing.
            user: do i miss the ice? ask me in a year
        """,
        question="Where does Ifeoluwa live now?",
        old=("ganymede",),
        new=("tycho",),
        character_value=("lagrange",),
    ),
    chat(
        "city",
        BARBERSHOP,
        first="""
            user: *flops into the chair, soaked* the trains, dughall. the TRAINS
            character: *throws a towel over your head* Dry off before you drip on my clippers.
            fact: the paisley line was off again, signal failure. i live in paisley, i've lived there since i was born, and every week it's something
            character: *rubs the towel briskly* Signal failure. Every week, and they call it a railway.
            own: I'm in Govan myself. Two stops on the subway and I'm here, rain or shine. The subway never fails, hen.
            user: it does, you just never notice because you're always already here
        """,
        second="""
            user: *comes in with a rucksack on* don't ask about the rucksack
            character: I'm asking about the rucksack.
            user: the flat's sold. i handed the keys back on friday and bawled in the close like a wean
            character: *softly* Oh, hen. After all those years. Where've you gone?
            change: across the forth. i'm in kirkcaldy now, a wee flat near the prom. the train takes an hour but i can see the sea from my bed
            character: Thank you for telling me. An hour on a train for a haircut. That's loyalty.
            user: my gran still lives in paisley so i'll be back on that line every sunday for her soup
            character: Give her my regards. She cut hair in the sixties, your gran, she told me once.
            user: am i moving back? no. don't even suggest it
        """,
        question="Which town does Ailbhe live in now?",
        old=("paisley",),
        new=("kirkcaldy",),
        character_value=("govan",),
    ),
    chat(
        "city",
        TELEGRAPH,
        first="""
            user: *breathless at the counter* mr septimus, a wire, quickly, before the afternoon train
            character: *pencil ready* The 3.40? You've eight minutes, miss.
            fact: to my landlady in pontefract: 'return thursday, keep my room.' i live in pontefract, in lodgings by the castle, and she lets my room to commercial travellers if i'm late
            character: *scribbles* Keep my room. Very firm.
            own: I've never lived anywhere but Skipton, miss. Born above the saddler's, I'll die above the post office.
            user: morbid, mr septimus
        """,
        second="""
            user: *comes in slowly, in black* good morning, mr septimus
            character: *rises* Miss. I read the notice of your aunt's passing. I am sorry.
            user: thank you. she left me a little money, and i gave up the lodgings by the castle. the landlady wept, or pretended to
            character: And you'll be moving on, then?
            change: i have taken rooms in ripon, near the minster. i moved the week after the funeral. the bells wake me every morning and i don't mind at all
            character: Thank you for telling me. The minster bells. Your aunt would approve.
            user: should the money ever run out i suppose i might go back to pontefract. but not for years, i hope
            character: Let us hope for years, then.
            user: my cousin wrote asking whether ripon is 'very dull'. it is not. there are three tea rooms
        """,
        question="Where does Seraphina live now?",
        old=("pontefract",),
        new=("ripon",),
        character_value=("skipton",),
    ),
    chat(
        "city",
        BATHHOUSE,
        first="""
            user: *lowers myself into the hot pool* decimus, the road south is nothing but ruts. my bones are rattled loose
            character: *pouring oil into his palm* The army road, domina? They say the legion mends it.
            fact: the legion says many things. i live in eboracum, by the river gate, and i come down this road every month for my husband's business. every month it is worse
            character: *works the oil into your shoulders* Then you'll have my best oil every month.
            own: I was born in Lindum and I've never left it, domina. Everything I need comes down that road to me eventually.
            user: including me, it seems
        """,
        second="""
            user: *arrives in a travelling cloak with a fine new brooch* decimus! you won't believe the journey
            character: *takes the cloak* Domina. A new brooch. You came from the south today, not the north.
            user: my husband was given a post with the governor's treasury. we packed up the house by the river gate at the Kalends
            character: The governor! So you're a great lady of the south now.
            change: i live in londinium now, in a house near the bridge, with a garden and a fountain. it's loud and it smells of the river but i love it
            character: Thank you for telling me. A fountain. You'll not need my baths any more.
            user: my mother is still in eboracum and writes every month that the north is better. she always says that
            character: Mothers love the place they raised you.
            user: will i go back north one day? maybe to visit her. not to live
        """,
        question="Where does Sulpicia live now?",
        old=("eboracum",),
        new=("londinium",),
        character_value=("lindum",),
    ),
    chat(
        "city",
        TATTOO,
        first="""
            user: *holds the door for a hen party leaving* padraic how do you work here on a saturday
            character: *wiping down the chair* Earplugs and prayer. Sit down.
            fact: i live in margate, five minutes from the sands, and i swear every hen party in kent goes past my window at 2am singing abba
            character: *laughs* Ah, it's a grand town for a song.
            own: I'm in Folkestone, me. Quiet as a church after nine. I get the train in and out and never hear a single hen.
            user: jealous
        """,
        second="""
            user: *sits down and sighs happily* morning. i slept nine hours. NINE
            character: *raises an eyebrow* Nine hours? Did the hens all go home?
            change: no i did. i'm in broadstairs now, moved in september, tiny cottage up from viking bay. not margate any more, thank god, no hens, just gulls
            character: Thank you for telling me. Gulls are better company.
            user: my brother's still in margate above the arcade and he loves it, he is the hen party basically
            character: *grins* Every family has one.
            user: still coming to you for my ink though obviously, it's twenty minutes on the bus
        """,
        question="Which town does Fenella live in now?",
        old=("margate",),
        new=("broadstairs",),
        character_value=("folkestone",),
    ),
    chat(
        "city",
        ARCHIVE,
        first="""
            user: *climbs off the rope bridge onto the archive landing* sylvaranth, the bridge swings more every year
            character: *from a high shelf* It swings because you stamp.
            fact: i don't stamp! i walk here from silverbough every week, i live in silverbough, in the pod under the owl nests, and that bridge is the only way across
            character: *descends on a ladder* The owls keep you awake, I'd wager.
            own: I have dwelt in Mistvale since the first seed of this tree. The fog keeps the scrolls supple and the visitors few.
            user: i'm a visitor
        """,
        second="""
            user: *arrives by the lower stair, not the bridge, dusting bark off my cloak* hello!
            character: You came up the root-stair. You never come up the root-stair.
            user: no bridge today. i gave the pod under the owl nests to my cousin at midwinter
            character: *puts down the quill* Gave it up? Where do you roost now?
            change: thornmere! i live in thornmere now, down by the black pool, in a hollow in the great bramble. it's the quietest place i've ever slept
            character: Thank you for telling me. The black pool is a long climb from here.
            user: when i lived in silverbough the owls kept me up every single night. i don't miss them at all
            character: The owls will miss you.
            user: if the bramble ever floods i'll move into the archive. you've been warned
        """,
        question="Where does Zdravka live now?",
        old=("silverbough",),
        new=("thornmere",),
        character_value=("mistvale",),
    ),
    chat(
        "city",
        GENERATION_SHIP,
        first="""
            user: *stretches on the bench by the window* the tram from the stern was packed again
            character: *looking out* The third shift changeover. Everyone goes forward at once.
            fact: and i go the whole length of the ship. i live in the keel district, right down by the reactor shielding, it hums all night
            character: I know the hum. You stop hearing it after a generation.
            own: I've lived in Bowtown all my life, up in the nose, right under this window. I can see the stars from my bunk.
            user: show off
        """,
        second="""
            user: *walks in without the tram-pass lanyard* i walked here. eleven minutes
            character: *turns from the glass* Walked? From the stern?
            user: not from the stern. the housing council moved half the keel families forward when they refitted the shielding
            character: *studies you* So your bunk moved forward with them.
            change: all the way to lanternside! i live in lanternside now, by the big lamp garden, a bunk with a window onto the trees
            character: Thank you for telling me. Trees and a window. You've done well.
            user: my cousin asked if she can have my old bunk in the keel district once the refit's done. she likes the hum, weirdo
            character: I'm in Bowtown still, and I always will be. The nose is home.
            user: would i ever move back down? not for all the water on this ship
        """,
        question="Which district of the ship does Akosua live in now?",
        old=("keel district",),
        new=("lanternside",),
        character_value=("bowtown",),
    ),
)
