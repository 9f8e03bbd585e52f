"""The dev4 part's eight partner chats: the old partner's ending said first (a split in May,
a divorce, a ring given back, a goodbye at an airport), the new partner a turn or two later
in the user's own words, and after it a non-change that must not retire them (a mother who
hopes, an old partner coming to a birthday as a friend, a friend sure the ex will come back,
a brother still friends with the ex, a joke, a "we'll see" about marriage)."""

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

PARTNER_CASES = (
    chat(
        "partner",
        APOTHECARY,
        first=(
            ("user", "*leans on the counter* got anything for nerves. not mine. my girlfriend's"),
            ("character", "Your girlfriend has a name, I assume."),
            (
                "fact",
                "octavia. we've been together two years, she's got her driving test on friday and she's a wreck",
            ),
            ("character", "Chamomile and a stern word. I'll wrap both."),
            (
                "own",
                "My Hallgrim failed his test four times. Now he drives the cart like a madman and I sit in the back with my eyes shut.",
            ),
            ("user", "your husband is a menace and i love him"),
        ),
        second=(
            ("user", "*quiet today, sits without ordering*"),
            (
                "character",
                "*sets down the pestle* You've not insulted my shop once. What happened?",
            ),
            ("user", "we split up. in may. it was mutual, mostly, she's moved in with her sister"),
            ("character", "Ah. I'm sorry, Bartek."),
            ("user", "it's ok. really. i've been... there's someone"),
            ("character", "*leans in* Is there now."),
            (
                "change",
                "valentin. he fixes the clock on the town hall, we got stuck in the bell tower in a storm and talked for four hours. we've been together since july 🥹",
            ),
            (
                "character",
                "Thank you for telling me. Stuck in a bell tower. That's a witch's kind of romance.",
            ),
            ("user", "my mum keeps asking if octavia and i will get back together. no mum"),
            ("character", "Mothers hope. It's their trade."),
            ("user", "if he ever proposes up in that tower i'm saying yes btw"),
        ),
        question="Who is Bartek with now?",
        old=("octavia",),
        new=("valentin",),
        character_value=("hallgrim",),
    ),
    chat(
        "partner",
        FREIGHTER,
        first=(
            ("user", "*typing a message on my wrist comm, smiling*"),
            ("character", "That's the face of someone talking to a sweetheart."),
            (
                "fact",
                "guilty lol. my husband florin, he's on the mars relay station, we get twenty minutes of lag and i still text him all day",
            ),
            ("character", "Twenty minutes each way. That's patience."),
            (
                "own",
                "My Kristaps is an engineer on the ice haulers. I see him twice a year and we argue about spices the whole time.",
            ),
            ("user", "that's true love"),
        ),
        second=(
            (
                "user",
                "*sits down heavily* jericho can i tell you something and you won't make a face",
            ),
            ("character", "I make no promises about my face."),
            (
                "user",
                "the divorce is final. the lag wasn't the problem, we just grew apart. it's been done since spring",
            ),
            ("character", "*sets a bowl in front of you without a word*"),
            ("user", "thank you. really"),
            ("character", "Eat. Then talk, if you want."),
            (
                "change",
                "and. um. i'm with zsofia now. the pilot on the night rotation? the one who sings in the airlock. we've been together about two months",
            ),
            (
                "character",
                "*finally smiles* Thank you for telling me. The singer. I wondered why the night shift had gone so cheerful.",
            ),
            (
                "user",
                "my mum asked if florin would still come to her birthday. yes, actually, we're friends, he's coming",
            ),
            ("character", "Good. Friends are rarer than husbands."),
            ("user", "she says if we ever get a ship of our own she's naming it after me 😳"),
        ),
        question="Who is Bolormaa's partner now?",
        old=("florin",),
        new=("zsofia",),
        character_value=("kristaps",),
    ),
    chat(
        "partner",
        DETECTIVE,
        first=(
            (
                "user",
                "*sits on the edge of the desk* prosper, i need a tail on someone. not for a case. for me",
            ),
            ("character", "*raises an eyebrow* That's a new one."),
            (
                "fact",
                "relax, it's a surprise. my fiancée teodora has her birthday next week and i need to know which jeweller she keeps looking in",
            ),
            ("character", "Romance by surveillance. I approve."),
            (
                "own",
                "My Vesna would skin me if I ever followed her. She sings at the Blue Lantern and she sees everything from that stage.",
            ),
            ("user", "so she's the smart one"),
        ),
        second=(
            ("user", "*hangs up my coat slowly*"),
            ("character", "You look like a man who didn't buy a ring."),
            (
                "user",
                "i bought it. she gave it back. she's gone off to paris with a violinist, the engagement's over",
            ),
            ("character", "*pours two glasses without asking* A violinist."),
            ("user", "it's been three months. i'm fine. better than fine"),
            ("character", "That sounds like a man with a story."),
            (
                "change",
                "his name's lajos, he runs the bookshop under the el tracks. we've been seeing each other since the first snow. he's my boyfriend, properly",
            ),
            (
                "character",
                "Thank you for telling me. A bookseller. You'll never be short of alibis.",
            ),
            ("user", "teodora wrote asking if we can still be friends. maybe one day"),
            ("character", "One day is a long way off."),
            ("user", "my sister is already asking when she gets to meet him, she's worse than you"),
        ),
        question="Who is Tsering seeing now?",
        old=("teodora",),
        new=("lajos",),
        character_value=("vesna",),
    ),
    chat(
        "partner",
        DRAGON,
        first=(
            ("user", "*arrives with a picnic basket for two*"),
            ("character", "Two? You expect me to eat a sandwich?"),
            (
                "fact",
                "lol no, i'm meeting my boyfriend eero at the waterfall after. he's finnish, he thinks this mountain is 'cute'",
            ),
            ("character", "*smoke puffs from her nostrils* Cute."),
            (
                "own",
                "Steinar, my mate, sleeps in the northern peaks. He'd melt this Finn's boots for that word.",
            ),
            ("user", "please don't tell him"),
        ),
        second=(
            (
                "user",
                "*drops onto the warm rock* so. he went back to finland. for good. we ended it at the airport, very dramatic, very snowy",
            ),
            ("character", "*curls a wing around you* I'm sorry, little climber."),
            ("user", "it was right though. and. there's news"),
            ("character", "You smell like someone else's perfume."),
            (
                "change",
                "ugh you dragons. yes. rhiannon. she runs the climbing gym in the village, we've been together since the summer solstice. she's my girlfriend 🧗‍♀️",
            ),
            ("character", "Thank you for telling me. A climber for a climber."),
            (
                "user",
                "she says if i ever get you to fly us both to the summit she'll marry me on the spot",
            ),
            ("character", "Tell her I don't carry passengers. Often."),
            (
                "user",
                "my flatmate is dating a finnish guy now too lol, there's something in the water",
            ),
        ),
        question="Who is Anahera's partner now?",
        old=("eero",),
        new=("rhiannon",),
        character_value=("steinar",),
    ),
    chat(
        "partner",
        NIGHT_TRAIN,
        first=(
            ("user", "*waves through the window at someone on the platform*"),
            ("character", "Someone is seeing you off?"),
            (
                "fact",
                "my wife kalina. she hates trains so she waves until the platform ends. every time",
            ),
            ("character", "A good wife. Mine would be asleep by now."),
            (
                "own",
                "My Ilze sleeps through everything. Thunder, the neighbours, my snoring. Thirty years married and I have never once woken her.",
            ),
            ("user", "that's a gift honestly"),
        ),
        second=(
            ("user", "*sits in the corridor seat, no one on the platform this time*"),
            ("character", "No wave tonight?"),
            (
                "user",
                "no. we separated over the winter, the divorce went through in april. we're okay. it was a long time coming",
            ),
            ("character", "*quietly* I'm sorry. You always waved back so hard."),
            ("user", "i still do the wave, just to no one lol"),
            ("character", "Then I'll wave back."),
            (
                "change",
                "thanks zdenek. also... bence is meeting me at the other end this time. my partner. we've been together since the summer, he teaches chemistry",
            ),
            (
                "character",
                "Thank you for telling me. Then someone waves at both ends. That's better.",
            ),
            (
                "user",
                "my daughter asked if her mum and i will ever get back together. i told her the truth. no, but we'll always be her parents",
            ),
            ("character", "That's the right answer."),
            (
                "user",
                "he says next summer we should ride this train all the way to the end of the line. maybe",
            ),
        ),
        question="Who is Chidubem's partner now?",
        old=("kalina",),
        new=("bence",),
        character_value=("ilze",),
    ),
    chat(
        "partner",
        HARBOUR,
        first=(
            ("user", "*leans over the water* ysella. do mermaids get jealous?"),
            ("character", "Only of seals. Why?"),
            (
                "fact",
                "my boyfriend jaan keeps asking to come and meet you. he's estonian and he thinks mermaids are a myth. i told him you'd splash him",
            ),
            ("character", "I would. Bring him."),
            (
                "own",
                "My Eyvind would sulk if I let a land man see me. He's a selkie, proud as a whale.",
            ),
            ("user", "a selkie boyfriend is so much cooler than mine"),
        ),
        second=(
            ("user", "*sits on the rocks with mascara smudged*"),
            ("character", "*surfaces instantly* Who do I drown?"),
            (
                "user",
                "no one!! no drowning. we broke up ages ago, he moved back home and the long distance didn't work",
            ),
            ("character", "Land men. So fragile."),
            ("user", "that was months ago, i'm crying for a different reason"),
            ("character", "Tell me, then. All of it."),
            (
                "change",
                "demelza asked me to move in with her. she's my girlfriend, we've been together since the lifeboat day in june. i'm happy crying",
            ),
            (
                "character",
                "*the water sparkles* Thank you for telling me. Happy tears taste different, you know.",
            ),
            (
                "user",
                "my friend keeps saying jaan will come back and sweep me off my feet. he won't. and i don't want him to",
            ),
            ("character", "Your friend reads too many novels."),
            ("user", "she wants to meet you too but says if you splash her she's splashing back"),
        ),
        question="Who is Wanjiru with now?",
        old=("jaan",),
        new=("demelza",),
        character_value=("eyvind",),
    ),
    chat(
        "partner",
        TAVERN,
        first=(
            ("user", "*sits at the bar nursing a cider*"),
            ("character", "You look like a man waiting for someone."),
            (
                "fact",
                "i am, my wife ragnhild is coming off shift at the hospital, we always have one drink here on thursdays",
            ),
            ("character", "Thursdays. I'll keep your corner."),
            (
                "own",
                "My Mhairi and I had our first dance by that fireplace. She still steps on my toes every Burns Night.",
            ),
            ("user", "that's the sweetest thing you've ever said"),
            ("character", "Don't spread it around."),
        ),
        second=(
            ("user", "*orders two ciders, then stops, makes it one*"),
            ("character", "Habit?"),
            (
                "user",
                "habit. we're done. she's moved in with her colleague from the hospital. the papers are signed",
            ),
            ("character", "*slides the cider over, no charge* On the house."),
            ("user", "thanks perran"),
            ("character", "Who's the second cider for next time, then?"),
            (
                "change",
                "funny you ask. cadoc. the welsh fella who plays fiddle here on fridays? we've been together since easter. he's my husband in all but paperwork, honestly",
            ),
            (
                "character",
                "*grins* Thank you for telling me. The fiddler! I'll play him a slow one.",
            ),
            (
                "user",
                "my brother's still friends with ragnhild, he had lunch with her yesterday. it's fine, it's nice actually",
            ),
            ("character", "Small town. It happens."),
            ("user", "if he plays that reel badly one more time i'm dumping him. joke. obviously"),
        ),
        question="Who is Vytautas's partner now?",
        old=("ragnhild",),
        new=("cadoc",),
        character_value=("mhairi",),
    ),
    chat(
        "partner",
        HAUNTED_HOUSE,
        first=(
            ("user", "*lays a bouquet on the piano* these aren't for you before you ask"),
            ("character", "*the lid of the piano drops* I wasn't going to ask."),
            (
                "fact",
                "they're for dragan, my husband. it's our anniversary, twelve years. he's picking me up from here at eight",
            ),
            ("character", "Twelve years. Is that silk, or steel?"),
            (
                "own",
                "My Torbjorn gave me a brooch for ours, the year before the fever. I still wear it. *a faint glint at the neck of the shadow*",
            ),
            ("user", "that's beautiful and sad"),
        ),
        second=(
            (
                "user",
                "*sets two coffees on the piano, then moves one away from the ghost's corner* habit",
            ),
            ("character", "You're alone today."),
            ("user", "we got divorced. it's done. it was quiet and sad and fair"),
            ("character", "*the room grows colder, gently* I'm sorry."),
            ("user", "it's been eight months, i promise i'm ok. better than ok"),
            ("character", "You're blushing."),
            (
                "change",
                "ok fine. sigrid. she's the organist at st. jude's, she came to tune this piano in the spring and we haven't stopped talking since. we're together",
            ),
            ("character", "Thank you for telling me. The tuner! She was very rude to my middle C."),
            (
                "user",
                "dragan's new girlfriend asked him if i'm seeing anyone. that's none of her business",
            ),
            ("character", "Quite right."),
            (
                "user",
                "she says if we ever buy a house it has to have a piano and a ghost. i said you're not for sale",
            ),
        ),
        question="Who is Lowenna's partner now?",
        old=("dragan",),
        new=("sigrid",),
        character_value=("torbjorn",),
    ),
)
