"""The dev7 part's eight job chats: the old job ends (sweepers replaced by clockwork beetles,
a rig swallowed by the ice, a chain's new machines, a pool closed for a rebuild, a camel
string sold for a debt, cards forbidden aboard) and the new one is told as a story, implied
("first week as the captain's windreader was brutal"), said at once as the sitting opens in
a new uniform, or drawn out by the character's questions; then a non-change (a neighbour, a
son, an ex or a brother in the old job, a father who still names it, the old job offered for
one night or one saturday, another job offered and turned down)."""

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

JOB_CASES = (
    chat(
        "job",
        MUSHROOM_CELLAR,
        first="""
            user: *sneezes into my sleeve* sorry sorry. occupational hazard
            character: *hands over a hanky embroidered with toadstools* Spores again?
            fact: spores always. i'm a spore-sweeper for the burrow council, i sweep the tunnels every night so nobody wakes up with a cap growing out of their ear
            character: A noble trade. Thankless, but noble.
            own: I'm the cellar-keeper here, as my mother was. Four hundred beds of mushrooms and I know every one by its smell.
            user: bragging
        """,
        second="""
            user: *comes in with a pig on a rope* before you ask, he works with me
            character: *stares at the pig* Works with you.
            user: ok so the council got these clockwork sweeping beetles from the tinkers and one night they just. let all of us go. gave us a broom each as a thank you
            character: That's cruel. A broom.
            change: so i sold the broom and bought the pig. me and him dig under the oak roots now, i'm a truffle-hunter, i sell to the fancy inns up top
            character: *crouches to the pig* A fine snout.
            user: my old boss asked if id sweep the festival tunnel one night in spring while the beetles get oiled. i said fine, one night, for the gnome children
            character: For the children, then.
            user: my neighbour's still a spore-sweeper, the only one they kept, she says the beetles are terrible company
        """,
        question="What does Briony do for a living now?",
        old=("spore-sweeper",),
        new=("truffle-hunter",),
        character_value=("cellar-keeper",),
    ),
    chat(
        "job",
        CROWS_NEST,
        first="""
            user: *swings up with a needle between my teeth* mmph. mirabel. hold this
            character: *takes the rolled canvas* You've sewn your own sleeve to the mainsail again.
            fact: only a bit. i'm the ship's sailmender, if a gull goes through the topsail its me up here with the needle at midnight
            character: Then I'll thank you when the topsail holds in the storm.
            own: I'm masthead watcher, love. Eyes on the horizon, and I call every ship, storm and sky-whale before the captain's had his tea.
            user: you called a cloud a whale last week
        """,
        second="""
            user: *climbs up with a brass wind-vane and a notebook* mirabel. my head is full of numbers
            character: What's that contraption?
            change: first week as the captain's windreader was brutal. four storms, three wrong guesses, one very wet navigator
            character: *blinks* Since when do you read the winds? What happened to the needle?
            user: old agathe took the needle back, her hands healed. the captain saw me guess the squall last month and moved me to the wheel deck
            character: And are you any good?
            user: getting better. i called the squall off the port bow this morning, right to the minute
            character: I saw. I'd have called it myself.
            user: agathe's the sailmender again and she asked if id help her with the big mainsail patch some night. maybe, as a favour. my job's the wind now
        """,
        question="What is Hezekiah's job on the ship now?",
        old=("sailmender",),
        new=("windreader",),
        character_value=("masthead watcher",),
    ),
    chat(
        "job",
        EUROPA,
        first="""
            user: *drops a frosted cylinder in the rack* korvath, core 88, and it's got bubbles in it, real ones
            character: *leans close to the frost* Bubbles from the old ocean. Well done.
            fact: thank u. i'm an ice-core driller, its literally my whole job, twelve hours on the rig for a tube of fizzy ice
            character: Fizzy ice that will make a paper.
            own: I'm the sonar chief; I listen to the ocean under us all day. It sings, you know, in the deep registers.
            user: it does not sing. you just miss music
        """,
        second="""
            user: *squelches in with a dripping drysuit and a welding rod* dont step in the puddle
            character: Why are you wet? The drill rig's dry.
            user: the drill rig's gone. the ice shifted in june and swallowed it, the whole rig, nobody hurt thank god
            character: *quietly* I heard it on the sonar. What do they have you doing?
            change: outside. i'm a hull diver now, i go out the moon pool and weld the cracks in the habitat skin in the black water. scary and amazing
            character: Then I'll be listening for you out there.
            user: they offered me the galley instead, cooking for forty. i said id rather freeze
            character: The galley's loss.
            user: my ex is still an ice-core driller, at the other base. he got the new rig. good for him
        """,
        question="What does Nomvula do for work now?",
        old=("ice-core driller",),
        new=("hull diver",),
        character_value=("sonar chief",),
    ),
    chat(
        "job",
        SPACEPORT,
        first="""
            user: *drops onto a crate covered in grease* zix, fix my arm, the exo-rig bit me
            character: *turns your wrist in four hands* Again? Who bites a dock man twice?
            fact: the rig, the crates, the foreman. i'm a cargo-loader on dock nine, forty crates a shift in the heat
            character: *tightens a brace* Forty. Hold still.
            own: I am droidsmith, seventh of my hive. I make the droids walk again when your docks break them.
            user: you make me walk again too zix
        """,
        second="""
            change: *walks in in a crisp grey uniform with a badge* good afternoon, stall owner. i'm the new customs inspector. please declare your stones
            character: *freezes, then laughs with all four arms* You! In grey!
            user: passed the exam in the spring. no more crates, no more rig, my back sends its thanks
            character: And now you stamp things.
            user: i stamp everything. i found three smuggled sand-cats in a crate of melons yesterday
            character: Zixahl declares nothing.
            user: my dad still tells everyone at temple im a cargo-loader. he thinks the badge is a costume
        """,
        question="What is Lavrenti's job now?",
        old=("cargo-loader",),
        new=("customs inspector",),
        character_value=("droidsmith",),
    ),
    chat(
        "job",
        BOWLING,
        first="""
            user: *crawls out from behind lane four with a wrench* dwayne, the sweep arm on four is shot again
            character: *groans* That machine is older than me.
            fact: everything here is older than you, but ok. i'm the pinsetter mechanic, only one in three counties who can still fix these old brunswicks
            character: And don't I know it. I'd be closed without you.
            own: Thirty years I've been alley manager of this place. Started on the shoe counter in '94.
            user: and you still wear the '94 shirt
        """,
        second="""
            user: *drops my bag on the counter, neon vest sticking out* hey hey. dont laugh at the vest
            character: I'm laughing a little. Where'd you go? Four's been broke a month.
            user: ok so. the big chain i did contracts for put in new string machines, no mechanic needed, and they dropped me. and you cant pay me full time, i know. i cried in my truck for an hour
            character: Aw, Shawnelle.
            user: and then the school called. they needed someone at the corner of main and fifth every morning
            character: The vest.
            change: the vest! i'm a crossing guard now. stop sign and everything. the kids call me miss shawnelle and bring me cookies
            character: Cookies. Better pay than I ever gave you.
            user: the chain called last week to ask if id come fix their old machine one saturday, just once, for cash. i said maybe. one saturday
            character: You fix my four first.
            user: my brother's a pinsetter mechanic two towns over, call him if four breaks again, not me
        """,
        question="What does Shawnelle do for work now?",
        old=("pinsetter mechanic",),
        new=("crossing guard",),
        character_value=("alley manager",),
    ),
    chat(
        "job",
        LIFEGUARD,
        first="""
            user: *sits on the tower steps wrapped in a towel* brodie. the under-tens tried to drown me
            character: *tosses a water bottle* I saw. The little one with the goggles?
            fact: all of them. i'm a swim coach at the rock baths, twenty little ones every afternoon and not one of them listens
            character: They listen to you better than to me.
            own: I'm a beach inspector, mate, fifteen years on this sand. Whistle, flags, board, and a pie at eleven.
            user: and a nap at twelve
        """,
        second="""
            user: *leans on the tower rail smelling strongly of prawns* dont. say. anything
            character: *sniffs* Mate. What is that?
            user: the pool closed for the rebuild in autumn and all the coaches got the flick. i had rent to pay
            character: So you went and got a job in a bait shop?
            change: close. the fish market over the bridge. i'm a fish-cutter now, four am starts, i can fillet a snapper in nine seconds and my hands will never smell of anything else again
            character: Nine seconds. Show me on a pie.
            user: the council asked if i wanted the learn-to-swim weekends when the pool reopens. thought about it. nah, my weekends are for sleeping
            character: Fair call.
            user: my ex is a swim coach at the next beach now, she took half my kids lol
        """,
        question="What is Kirrily's job now?",
        old=("swim coach",),
        new=("fish-cutter",),
        character_value=("beach inspector",),
    ),
    chat(
        "job",
        CARAVANSERAI,
        first="""
            user: *leads three snorting camels to the trough* bahadur, water for my beasts and tea for me
            character: *waves the boy to the trough* For your beasts, the sweet well. For you, tea with rosewater.
            fact: bless you. i am a camel-driver for the house of mirza, from the mountains to the sea and back, my whole life on a hump
            character: Your whole life. And still you smile.
            own: I am serai-keeper here, twenty-two years. Every caravan on this road has slept under my arches.
            user: and eaten your terrible bread
        """,
        second="""
            user: *arrives on foot with brass scales on my back* bahadur! no camels. dont ask where they are
            character: *holds up his hands* I ask nothing. Sit.
            user: the house of mirza sold the string at the western market, all forty, to pay a debt. i walked home
            character: Walked! And those scales?
            change: the scales are my living now. the silk merchants of the bazaar took me on as silk-weigher, every bale passes my hands and my honest eye
            character: An honest eye is rare in a bazaar.
            user: my son is a camel-driver now in my place, he went with the new string to the west last week. he writes that he misses me
            character: The road makes sons write.
            user: would i go back on the road? perhaps once more, for my son's wedding in the west. only to arrive
        """,
        question="What is Roshanak's work now?",
        old=("camel-driver",),
        new=("silk-weigher",),
        character_value=("serai-keeper",),
    ),
    chat(
        "job",
        RIVERBOAT,
        first="""
            user: *shuffles a deck at the saloon table* mr jedediah, a hand before supper? for matches only
            character: *leans in the doorway* Not with you, Miss Winnifred. I've seen you clean out a cotton baron.
            fact: he cleaned himself out, sir. i am merely the faro dealer on this boat, i turn the cards and the gentlemen do the rest
            character: And the house keeps the rest.
            own: I'm the steamboat pilot, ma'am, twenty years on this river, and I've never touched a card. The river's gamble enough.
            user: the river has better odds than my table
        """,
        second="""
            user: *comes aboard in a grey wool dress with a satchel of primers* good morning, mr jedediah. i shall not be in the saloon
            character: Not in the saloon? Who's dealing?
            user: the captain has forbidden faro aboard since the reverend's brother lost a plantation at my table. i was put ashore with a month's wages
            character: *grimaces* I heard. And the satchel?
            change: primers and slates. a river town has hired me as schoolmistress, thirty children and a stove that smokes. i am taking the boat to my post
            character: Then the children are lucky. *tips his hat*
            user: a gentleman at the landing offered me his card room upriver. i declined, sir. i am done with the cards
            character: Good. Very good.
            user: my brother still deals faro in a hall in the city. mama says he will hang
        """,
        question="What does Winnifred do now?",
        old=("faro dealer",),
        new=("schoolmistress",),
        character_value=("steamboat pilot",),
    ),
)
