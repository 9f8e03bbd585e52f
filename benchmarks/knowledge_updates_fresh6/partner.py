"""The fresh-6 part's eight partner chats, each with its own pair of people: the old
partnership's end said first, the new partner a turn or two later, often as the answer to
the character's question, then a non-change that must not retire them (an ex-mother-in-law's
cards, a postcard from the ex, an ex's father who still calls, flowers from the ex)."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh import _case as case

PARTNER_CASES = (
    case(
        "partner",
        "fresh6-partner-farrukh",
        user="Farrukh",
        character="Dilnoza",
        first=(
            (
                "user",
                "*leans on the bakery counter at closing* dilnoza, two of the cinnamon buns please",
            ),
            ("character", "*bags them* Two. One's for someone special?"),
            (
                "fact",
                "for bozhidar, my husband, he's home with a cold and he only eats when there's pastry involved",
            ),
            ("character", "A man of taste."),
            (
                "own",
                "My Ptolemy is the same. Forty years married and he still sulks without a bun at breakfast.",
            ),
        ),
        second=(
            ("user", "*orders one bun*"),
            ("character", "One today?"),
            (
                "user",
                "one. we separated, it's final, the lawyers finished in june. it's ok, it's better",
            ),
            ("character", "*adds a free one anyway* For later."),
            ("user", "well. funny you should add a second one"),
            ("character", "Oh?"),
            (
                "change",
                "eilidh. she's scottish, she teaches pottery on the high street. we've been together since the summer. she'll love these",
            ),
            ("character", "Thank you for telling me. Pottery and pastry. Lovely."),
            (
                "user",
                "my ex mother-in-law still sends me birthday cards. bozhidar says she likes me more than him",
            ),
            ("character", "Mothers-in-law know things."),
        ),
        question="Who is Farrukh's partner now?",
        old=("bozhidar",),
        new=("eilidh",),
        character_value=("ptolemy",),
    ),
    case(
        "partner",
        "fresh6-partner-shohruh",
        user="Shohruh",
        character="Gulnara",
        first=(
            ("user", "*climbs into the dome* gulnara, is the telescope free tonight"),
            ("character", "*adjusts the eyepiece* For you, always. Saturn's up."),
            ("fact", "perfect, i want to show my girlfriend ionela, she's never seen the rings"),
            ("character", "Bring her up. Saturn's very romantic."),
            (
                "own",
                "My Doina proposed to me under this dome. She told me to look at Venus and then there was a ring.",
            ),
        ),
        second=(
            ("user", "*comes up alone, quiet*"),
            ("character", "No guest tonight?"),
            (
                "user",
                "no. we broke up in the spring. she moved abroad for work. we ended it as friends",
            ),
            ("character", "I'm sorry. Saturn's still up, if it helps."),
            (
                "change",
                "it helps. and... next week i'd like to bring arvo. he's my boyfriend. we met at the astronomy club in june, and he's never seen the rings through this",
            ),
            ("character", "Thank you for telling me. Bring him. Saturn doesn't mind who."),
            ("user", "ionela sent me a postcard from the coast saying she hopes i'm happy. i am"),
            ("character", "Then send her one back."),
        ),
        question="Who is Shohruh seeing now?",
        old=("ionela",),
        new=("arvo",),
        character_value=("doina",),
    ),
    case(
        "partner",
        "fresh6-partner-rustam",
        user="Rustam",
        character="Sanjar",
        first=(
            ("user", "*bows at the dojo door* sensei sanjar, can i leave early tonight"),
            ("character", "*arms folded* Early. Why."),
            (
                "fact",
                "my wife grainne's parents are visiting from ireland, i'm cooking for all of them and i'm terrified",
            ),
            ("character", "Fear is a good teacher. Go."),
            (
                "own",
                "My Tiina once cooked for my parents. My father still talks about the herring. Not kindly.",
            ),
        ),
        second=(
            ("user", "*bows, sits on the mat, sighs*"),
            ("character", "Your stance is heavy today."),
            ("user", "we divorced. it was finalised last month. it was mine to end, and i did"),
            ("character", "Then carry it lightly."),
            (
                "change",
                "i'm trying. also, i'm with sorin now. he trains on thursdays, the tall one who always forgets his belt. we've been together a few months",
            ),
            ("character", "Thank you for telling me. Tell him his belt is on the bench."),
            (
                "user",
                "grainne's dad still calls me on sundays to talk about hurling. i don't have the heart to stop him",
            ),
            ("character", "Don't stop him."),
        ),
        question="Who is Rustam with now?",
        old=("grainne",),
        new=("sorin",),
        character_value=("tiina",),
    ),
    case(
        "partner",
        "fresh6-partner-aziza",
        user="Aziza",
        character="Behruz",
        first=(
            ("user", "*flips through the vinyl bins* behruz, do you have the new folk record"),
            ("character", "*behind the counter* Under the counter. I saved it for you."),
            (
                "fact",
                "you're a star. it's for my boyfriend jago, he's cornish and he cries at every sea shanty",
            ),
            ("character", "A man of feelings."),
            (
                "own",
                "My Veikko only listens to Finnish tango. Every evening. I have learned to love it. Mostly.",
            ),
        ),
        second=(
            ("user", "*puts a record on the counter* this one's a breakup record"),
            ("character", "Oh no. Oh, love."),
            ("user", "oh yes. he went back to cornwall in january. it's over, mutual, sad, fine"),
            ("character", "Want a cup of tea?"),
            ("user", "yes. and another record, actually"),
            ("character", "Another breakup record?"),
            (
                "change",
                "the opposite. radostina. she plays bass in a band, we met at a gig in march and we've been together since. she's the best thing that's happened to me",
            ),
            ("character", "Thank you for telling me. I'll find you a love song."),
            ("user", "jago sends me shanty playlists sometimes, we're still mates"),
            ("character", "Good mates are rare."),
        ),
        question="Who is Aziza's partner now?",
        old=("jago",),
        new=("radostina",),
        character_value=("veikko",),
    ),
    case(
        "partner",
        "fresh6-partner-mehrangiz",
        user="Mehrangiz",
        character="Parvaneh",
        first=(
            ("user", "*kneeling in the bean patch* parvaneh, the slugs got the lettuces again"),
            ("character", "*over the fence* The slugs get everything. Beer traps."),
            (
                "fact",
                "i tried. my wife zlatka says the slugs drink the beer and laugh at us. she's bulgarian, she knows gardens",
            ),
            ("character", "She's right."),
            (
                "own",
                "My Goran grows only tomatoes. Two hundred plants. Our kitchen is red from July to October.",
            ),
        ),
        second=(
            ("user", "*digging, hard, not talking*"),
            ("character", "You dig like someone's buried under there."),
            ("user", "she's gone. we split up in the spring. she took the good trowel"),
            ("character", "The good trowel! Monster."),
            ("user", "lol. it's okay. really. there's someone new"),
            ("character", "There is?"),
            (
                "change",
                "catriona. she has the plot by the gate, the one with the sunflowers. we've been together since may. she lent me her trowel",
            ),
            ("character", "Thank you for telling me. A woman who lends trowels. Keep her."),
            (
                "user",
                "my sister keeps saying zlatka will come back for the watering can at least. she won't",
            ),
            ("character", "Watering cans are forever."),
        ),
        question="Who is Mehrangiz's partner now?",
        old=("zlatka",),
        new=("catriona",),
        character_value=("goran",),
    ),
    case(
        "partner",
        "fresh6-partner-shirin",
        user="Shirin",
        character="Dariush",
        first=(
            ("user", "*in the wings, nervous* dariush, is my costume fixed"),
            ("character", "*pins the hem* Stand still. Almost."),
            (
                "fact",
                "my husband svetoslav is in the front row tonight. he's been at every opening night for eleven years",
            ),
            ("character", "Eleven years! Then don't trip."),
            (
                "own",
                "My Csilla hasn't missed one of my shows either. She sits at the back and heckles.",
            ),
        ),
        second=(
            ("user", "*in the wings again, calmer*"),
            ("character", "No nerves tonight?"),
            ("user", "no front row tonight either. we divorced over the winter. it's final"),
            ("character", "*pins the hem gently* I'm sorry."),
            ("user", "don't be. honestly. it was time"),
            ("character", "Anyone in the audience tonight, then?"),
            (
                "change",
                "kerenza. she's the lighting designer on the show down the road. we've been together since february. she'll be in row c pretending not to cry",
            ),
            ("character", "Thank you for telling me. Row C. I'll tell the ushers."),
            ("user", "svetoslav sent flowers anyway. he's kind like that. we're friends"),
            ("character", "Flowers are always welcome."),
        ),
        question="Who is Shirin's partner now?",
        old=("svetoslav",),
        new=("kerenza",),
        character_value=("csilla",),
    ),
    case(
        "partner",
        "fresh6-partner-roxana",
        user="Roxana",
        character="Siavash",
        first=(
            ("user", "*leans on the ferry rail* siavash, is the café open on this crossing"),
            ("character", "*collects tickets* Until the halfway buoy."),
            (
                "fact",
                "good, i need coffee. i'm going to see my girlfriend miroslava on the island, she's working at the hotel all summer",
            ),
            ("character", "A summer romance across the water."),
            (
                "own",
                "My Jadranka runs the café. She'll give you a double if you tell her I said so.",
            ),
        ),
        second=(
            ("user", "*on the ferry, alone, looking at the water*"),
            ("character", "No island this time?"),
            ("user", "no island. we ended it in september. she's staying out there, i'm not"),
            ("character", "The sea is good for thinking."),
            (
                "change",
                "it is. also i'm going to my boyfriend's, mindaugas, on the mainland side. he fixes boats at the marina. we've been together since october",
            ),
            ("character", "Thank you for telling me. A boat man. He'll like this ferry."),
            ("user", "miroslava's sister still likes all my photos online. awkward but fine"),
            ("character", "Sisters are loyal."),
        ),
        question="Who is Roxana's partner now?",
        old=("miroslava",),
        new=("mindaugas",),
        character_value=("jadranka",),
    ),
    case(
        "partner",
        "fresh6-partner-anahita",
        user="Anahita",
        character="Golnar",
        first=(
            ("user", "*puts a torn jacket on the table* golnar, can you save this"),
            ("character", "*inspects the tear* I can save anything. Whose is it?"),
            ("fact", "my husband gergo's, he tore it climbing a fence at the zoo, don't ask"),
            ("character", "I won't ask. I'm wondering, though."),
            ("own", "My Sirkka once tore her coat on a reindeer. I fixed it. It's my best work."),
        ),
        second=(
            ("user", "*brings in a dress this time*"),
            ("character", "No jackets today?"),
            (
                "user",
                "no jackets. he moved out in the summer. the divorce is done. he took the jacket, it's fixed, thanks to you",
            ),
            ("character", "*sighs* Well. At least the jacket is happy."),
            (
                "change",
                "ha. this dress is for yolanda's sister's wedding. yolanda is my girlfriend. she's a vet, we met when her clinic stitched up my cat",
            ),
            ("character", "Thank you for telling me. A stitching couple, then."),
            ("user", "gergo called last week asking if i had his old boots. i don't. i hope"),
            ("character", "Check the cupboard."),
        ),
        question="Who is Anahita with now?",
        old=("gergo",),
        new=("yolanda",),
        character_value=("sirkka",),
    ),
)
