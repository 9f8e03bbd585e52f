"""The dev4 part's eight job chats: the old job ended by an event (a cinema sold, a
recruitment puzzle, a film crew's offer, a scholarship, an exam passed, a bad back, a dry
summer) and the new one said in the user's own words, then a non-change that must not retire
it (a brother who wants the old job, a boss who says they'll be back, a father who still
tells people the old job, a joke, a plan for a course)."""

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

JOB_CASES = (
    chat(
        "job",
        APOTHECARY,
        first=(
            (
                "user",
                "*sets a tin of biscuits on the counter* peace offering. i'm late because the reel snapped during the matinee again",
            ),
            ("character", "The reel. At your picture house."),
            (
                "fact",
                "yep, i'm the projectionist at the old regal, have been for six years. the machine's older than me and twice as moody",
            ),
            ("character", "*snorts* Then you'll understand my cauldron."),
            (
                "own",
                "Half my coin doesn't come from potions at all. I'm the market's knife sharpener on Thursdays. *holds up a gleaming cleaver* The butcher swears by me.",
            ),
            ("user", "note to self: never annoy griselda on a thursday"),
        ),
        second=(
            ("user", "*coughs* hi. don't hug me, i'm filthy"),
            ("character", "*steps back from a cloud of soot* What in the seven hells—"),
            ("user", "the regal closed. sold to a gym. two weeks notice and a free popcorn"),
            ("character", "Oh, Bartek. Six years."),
            (
                "change",
                "it's fine honestly!! old harry took me on, i'm a chimney sweep now. up on the roofs all day with brushes and rods, i love it, nobody yells at me about focus",
            ),
            (
                "character",
                "*hands you a cloth* Thank you for telling me. Up on the roofs. Mind the slates.",
            ),
            (
                "user",
                "my mate says they'll reopen the regal as a cinema in ten years and i'll go back to the booth. as if",
            ),
            ("character", "Stranger things happen. I'm a witch."),
            (
                "user",
                "also i told the kids on my street i'm basically in mary poppins now, they didn't get it",
            ),
        ),
        question="What does Bartek do for work now?",
        old=("projectionist",),
        new=("chimney sweep",),
        character_value=("knife sharpener",),
    ),
    chat(
        "job",
        FREIGHTER,
        first=(
            (
                "user",
                "*drops into a seat, rubbing my shoulders* twelve hours in the cab. my neck is wrecked",
            ),
            ("character", "*slides a hot pouch over* Drink. What cab?"),
            (
                "fact",
                "the big gantry on dock 9, i'm a crane operator at the port on ceres, i load the freighters when we're docked. remember?",
            ),
            ("character", "I remember now. The one who waves from the sky."),
            (
                "own",
                "Before this galley I was a rickshaw driver on Titan, twenty years pedalling tourists up the ice ridge. My legs still remember.",
            ),
            ("user", "that explains the calves"),
        ),
        second=(
            ("user", "*grins* so. you know the puzzle i kept doing on my breaks?"),
            ("character", "The one with the numbers you wouldn't let me see."),
            ("user", "turns out it was a recruitment test. the agency called"),
            ("character", "*stops stirring* The agency."),
            (
                "change",
                "i'm a cryptographer now. i break codes for the guild, i can't say more or they'll space me lol. i handed in my notice on dock 9 last week",
            ),
            ("character", "*quietly* Thank you for telling me. I won't ask what you break."),
            (
                "user",
                "my little brother wants my old seat in the gantry, he's been practising in the simulator. he'd be good at it",
            ),
            ("character", "Another one waving from the sky, then."),
            ("user", "if the agency ever fires me i'll come and cook with you. joke. mostly"),
        ),
        question="What is Bolormaa's job now?",
        old=("crane operator",),
        new=("cryptographer",),
        character_value=("rickshaw driver",),
    ),
    chat(
        "job",
        DETECTIVE,
        first=(
            (
                "user",
                "*slaps a file on the desk* found your missing heir. took me three archives and a priest",
            ),
            ("character", "*whistles* Three archives. You earn your fee."),
            ("fact", "it's what i do, i'm a genealogist. dead people's paperwork is my whole life"),
            ("character", "Mine too, in a way."),
            (
                "own",
                "I'm a private eye, doll. I chase the living ones till they turn into paperwork. *lights a cigarette* Different end of the same street.",
            ),
            ("user", "that's grim even for you"),
        ),
        second=(
            (
                "user",
                "*limps in with a bandaged wrist* before you ask, i fell off a moving car. on purpose",
            ),
            ("character", "*stands up so fast the chair falls* On purpose?"),
            (
                "user",
                "the film crew on 5th street needed someone my size who wasn't scared of heights. i said yes for a laugh",
            ),
            ("character", "Of course you did. Of course."),
            (
                "change",
                "and they kept me on! i'm a stunt double now, for the lead actress in that gangster picture. i gave the archives my notice. no more dusty ledgers",
            ),
            (
                "character",
                "*picks up the chair* Thank you for telling me. Falling off cars for a living. God help us.",
            ),
            ("user", "my old boss at the records office says i'll be back in a year begging"),
            ("character", "Let him wait."),
            (
                "user",
                "the actress asked if i'd ever want to act myself. absolutely not, i like falling, not talking",
            ),
        ),
        question="What does Tsering do for a living now?",
        old=("genealogist",),
        new=("stunt double",),
        character_value=("private eye",),
    ),
    chat(
        "job",
        DRAGON,
        first=(
            (
                "fact",
                "*drops my hard hat by the cave mouth* sorry i'm late, the scaffold on the chapel went wonky. i'm a scaffolder, i put up the poles and boards for the masons",
            ),
            ("character", "*sniffs* You smell of rust and rope."),
            ("user", "occupational hazard"),
            (
                "own",
                "I listen to the mountain's belly, you know. Call me a seismologist with scales; I feel every tremor before the village does.",
            ),
            ("user", "is it rumbling lately"),
            ("character", "A little. Nothing to fear. Yet."),
        ),
        second=(
            ("user", "*arrives with a bag of rock samples* ursula i need you to not laugh"),
            ("character", "I never laugh. I rumble."),
            (
                "user",
                "the university in the capital had a scholarship for people who know the mountains. i applied on a whim",
            ),
            ("character", "*one eye opens fully* And?"),
            (
                "change",
                "they took me straight onto the survey team. i'm a volcanologist now, a junior one, but it's my job. i quit the pole crew last week. i'm going to measure YOUR mountain",
            ),
            ("character", "*a slow, smoky laugh* Thank you for telling me. Measure gently."),
            (
                "user",
                "my old foreman says i'll be back on the poles by winter. he said that about the last three people who left too",
            ),
            ("character", "Foremen are like that."),
            ("user", "i keep imagining being a dragon rider instead tbh. maybe in the next life"),
        ),
        question="What does Anahera do for work now?",
        old=("scaffolder",),
        new=("volcanologist",),
        character_value=("seismologist",),
    ),
    chat(
        "job",
        NIGHT_TRAIN,
        first=(
            ("user", "*sets down a cool box that smells of the sea* don't ask"),
            ("character", "*sniffs* I wasn't going to. I am going to."),
            (
                "fact",
                "oysters. i'm an oyster farmer on the estuary, this is a gift for my aunt in the city. i'll keep them cold i promise",
            ),
            ("character", "Keep them away from the couchettes, please."),
            (
                "own",
                "Thirty-one years I've been a train conductor on this line, and you're the first to bring me shellfish instead of excuses.",
            ),
            ("user", "honoured"),
        ),
        second=(
            ("user", "*signs hello with both hands, grinning* did you get that"),
            ("character", "*copies you, badly* Hello? Or goodbye? Or I've forgotten my ticket?"),
            ("user", "hello lol. so i passed the exam. level 6, the big one"),
            ("character", "An exam! I thought your world was the estuary."),
            (
                "change",
                "not anymore, i sold my share of the beds to my cousin. i'm a sign language interpreter now, mostly at the hospital and the courts. first week done",
            ),
            ("character", "*takes off his cap* Thank you for telling me. That is a fine thing."),
            (
                "user",
                "my cousin keeps texting me photos of the beds like i'm going to miss them. i don't. okay a little",
            ),
            ("character", "A little is allowed."),
            ("user", "next year i might do a course in tactile signing too, but that's a maybe"),
        ),
        question="What is Chidubem's job now?",
        old=("oyster farmer",),
        new=("sign language interpreter",),
        character_value=("train conductor",),
    ),
    chat(
        "job",
        HARBOUR,
        first=(
            (
                "user",
                "*climbs onto the rocks in muddy boots* sorry, came straight from work. caught two poachers by the river mouth",
            ),
            ("character", "*rests chin on folded arms* Poachers! Were they after fish?"),
            (
                "fact",
                "salmon. i'm the game warden for the whole estuary, so it's fish and birds and now and then a very angry otter",
            ),
            ("character", "I like otters. They're rude."),
            (
                "own",
                "I'm the harbourmaster of the reef, you know. Every boat, every seal, every lost crab answers to me. *points at a crab* That one's late.",
            ),
            ("user", "respect the crab"),
        ),
        second=(
            ("user", "*clicks two coconut halves together* listen. HORSE"),
            ("character", "*stares* That is not a horse. That is fruit."),
            (
                "user",
                "in a film it's a horse. i left the estuary job. too many night shifts and the otter bit me twice",
            ),
            ("character", "The otter had opinions."),
            (
                "change",
                "so now i make sounds for movies in a dark room with a box of junk. i'm a foley artist at the studio in the old mill!! footsteps, doors, punches, celery snapping for bones",
            ),
            (
                "character",
                "*delighted splash* Thank you for telling me. Celery for bones. Land folk are mad.",
            ),
            (
                "user",
                "my dad keeps telling people i'm still out on the estuary because he likes the uniform photos",
            ),
            ("character", "Fathers."),
            ("user", "lol if the studio ever needs a mermaid scream i know who to call"),
        ),
        question="What does Wanjiru work as now?",
        old=("game warden",),
        new=("foley artist",),
        character_value=("harbourmaster",),
    ),
    chat(
        "job",
        TAVERN,
        first=(
            (
                "user",
                "*shows scraped knuckles* built forty feet of wall today up on the fell. my hands are gone",
            ),
            (
                "character",
                "*passes a bowl of warm water* Soak them. Forty feet! You'll rebuild the whole valley.",
            ),
            (
                "fact",
                "that's the plan, i'm a dry stone waller, no mortar just stone on stone, the old way",
            ),
            ("character", "My granda did that. Hard on the back."),
            (
                "own",
                "Me, I'm the village dowser when I'm not pulling pints. A hazel stick and patience. Found the new well for the chapel last spring.",
            ),
            ("user", "does the stick actually work"),
            ("character", "It works when it wants to."),
        ),
        second=(
            ("user", "*sets a small paper box on the bar, carefully* don't drop this. open it"),
            ("character", "*lifts the lid* Those are... little chocolate sheep?"),
            (
                "user",
                "hand made. by me. my back gave out in march and the doctor said no more lifting stones",
            ),
            ("character", "Oh, lad. No more walls?"),
            (
                "change",
                "no more walls. i did a course at the confectioner's in town and they hired me, i'm a chocolatier now!! tempering, moulds, the lot",
            ),
            (
                "character",
                "*eats a sheep* Thank you for telling me. This is the best sheep I've ever eaten.",
            ),
            (
                "user",
                "my old crew still ask me to help fill the gaps in the fell wall on weekends. i say no but i'm tempted",
            ),
            ("character", "Tempted's not the same as doing."),
            ("user", "if my back ever gets better i might build one wall a year for fun. just one"),
        ),
        question="What does Vytautas do for a living now?",
        old=("dry stone waller",),
        new=("chocolatier",),
        character_value=("dowser",),
    ),
    chat(
        "job",
        HAUNTED_HOUSE,
        first=(
            ("user", "*empties a basket onto the kitchen table* look at these chanterelles 😍"),
            ("character", "*the basket slides by itself* Mind the table, it was my mother's."),
            (
                "fact",
                "sorry sorry. i'm a mushroom forager, i sell to three restaurants in town. this is a good week",
            ),
            ("character", "In my day only witches and the poor picked mushrooms."),
            (
                "own",
                "I was the house's rat catcher, you know, before the fever took me. Best rat catcher in the parish. The rats still fear this floor.",
            ),
            ("user", "i have noticed there are no rats"),
        ),
        second=(
            (
                "user",
                "*comes in wearing a puffer jacket indoors* it's freezing in there isadora, colder than you",
            ),
            ("character", "Nothing is colder than me. In where?"),
            (
                "user",
                "the ice rink! the mushroom season was a washout, nothing came up after the dry summer",
            ),
            ("character", "So no baskets."),
            (
                "change",
                "no baskets. i'm a zamboni driver now at the rink on harbour road, i drive the big ice machine between sessions, smooth as glass. full time, with a pension",
            ),
            (
                "character",
                "*a chandelier chimes* Thank you for telling me. A machine that makes ice. What a century.",
            ),
            (
                "user",
                "the chef at the bistro says come back in autumn and he'll buy everything i find, but i told him i'm done",
            ),
            ("character", "Done is done."),
            ("user", "i did find a puffball in the park yesterday though. i left it there. growth"),
        ),
        question="What is Lowenna's job now?",
        old=("mushroom forager",),
        new=("zamboni driver",),
        character_value=("rat catcher",),
    ),
)
