"""The dev4 part's eight pet chats: the old pet gone first (a death, a retirement to a farm,
a gran's garden, a flat that allows no cats, an ex with a garden), the new pet a turn later in
the user's own words, and after it a non-change that must not retire it (a neighbour's
spaniel, an engineer's lizard, a sister's parrot, a friend's pet-sat greyhound, a niece's
hamster joke, a pet sitter's pug, a wish for a second pet some day)."""

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

PET_CASES = (
    chat(
        "pet",
        APOTHECARY,
        first=(
            ("user", "*has a small black dog tucked under one arm* don't be mad"),
            ("character", "*peers* That creature is shedding on my sage."),
            (
                "fact",
                "this is marmite, my dog. he's old and he hates being alone so he comes everywhere with me",
            ),
            ("character", "Well. Keep him off the shelves."),
            (
                "own",
                "Belladonna won't like it. *a huge grey cat blinks from the top of the cabinet* She's been my familiar for nineteen years and she hates dogs on principle.",
            ),
            ("user", "your cat terrifies me"),
        ),
        second=(
            ("user", "*comes in without a dog, carrying a cat basket instead*"),
            ("character", "*goes very still* Where's the little black one?"),
            (
                "user",
                "he died in his sleep in august. he was sixteen. i buried him under the apple tree",
            ),
            ("character", "*lays a hand on your shoulder* Oh, love."),
            ("user", "it was awful. but look"),
            (
                "change",
                "the farm down the lane had kittens and this one climbed into my coat. i named her quince, she's ginger and furious and she's mine now",
            ),
            ("character", "Thank you for telling me. A furious ginger. She'll fit right in here."),
            (
                "user",
                "my neighbour's spaniel keeps trying to make friends with her through the fence, she just hisses",
            ),
            ("character", "Good instincts."),
            ("user", "i keep thinking i'll get another dog one day too. not yet"),
        ),
        question="What is the name of Bartek's pet now?",
        old=("marmite",),
        new=("quince",),
        character_value=("belladonna",),
    ),
    chat(
        "pet",
        FREIGHTER,
        first=(
            ("user", "*a fat grey rabbit hops into the galley behind me*"),
            ("character", "Is that livestock? In my galley?"),
            (
                "fact",
                "that's gumboot, my rabbit!! he's the ship's unofficial mascot. he's not food jericho",
            ),
            ("character", "I never said food. I thought it, loudly."),
            (
                "own",
                "Chewbacca would eat him. *a scruffy ship's cat appears on top of the cold store* He's been aboard longer than the captain.",
            ),
            ("user", "keep that beast away from my baby"),
        ),
        second=(
            ("user", "*an orange snake curled around my arm*"),
            ("character", "*drops a spoon* No. Absolutely not."),
            (
                "user",
                "ok listen. my bunny went to live with the kids on the station farm. he needed grass, real grass, and they adore him",
            ),
            ("character", "A rabbit retired to a farm. That's a happy ending, actually."),
            (
                "change",
                "and this is sriracha, my corn snake. got her at the station pet shop, she's very chill and she eats once a week, no mess",
            ),
            (
                "character",
                "Thank you for telling me. Once a week. I'll keep the freezer door shut.",
            ),
            (
                "user",
                "the engineer's lizard escaped again, it's in the vents, that's not my fault before anyone asks",
            ),
            ("character", "Everything in the vents is someone's fault."),
            ("user", "i'm thinking about a second snake eventually but one is plenty for now"),
        ),
        question="What is Bolormaa's pet called now?",
        old=("gumboot",),
        new=("sriracha",),
        character_value=("chewbacca",),
    ),
    chat(
        "pet",
        DETECTIVE,
        first=(
            ("user", "*a big scruffy terrier pads in behind me*"),
            ("character", "*feet off the desk* Who's your accomplice?"),
            ("fact", "this is conker, my dog. he can smell a lie better than you can"),
            ("character", "Then he's hired. Sit, Sergeant."),
            (
                "own",
                "Tabasco won't mind. *a one-eyed tomcat stares from the filing cabinet* He's the only partner I ever had who didn't sell me out.",
            ),
            ("user", "that cat has seen things"),
        ),
        second=(
            (
                "user",
                "*sits down alone* no dog today. he lives with my parents in the country now, the city flat was too small and my landlord complained",
            ),
            ("character", "He'll be happier chasing sheep."),
            ("user", "he's thriving. my mum sends photos every day"),
            ("character", "And you're lonely."),
            (
                "change",
                "not really! look *opens coat, a tiny mouse peeks out* this is stilton, my pet mouse. she rides in my breast pocket on stakeouts",
            ),
            ("character", "Thank you for telling me. A mouse. The tomcat must never know."),
            (
                "user",
                "my sister's getting a parrot and she wants to call it detective, i'm not allowed a vote",
            ),
            ("character", "Nobody gives a parrot a sensible name."),
            (
                "user",
                "if conker ever comes back to the city he'll have to share with her, god help us",
            ),
        ),
        question="What is Tsering's pet called now?",
        old=("conker",),
        new=("stilton",),
        character_value=("tabasco",),
    ),
    chat(
        "pet",
        DRAGON,
        first=(
            ("user", "*a tortoise on a lead crawls up to the cave mouth, very slowly*"),
            (
                "character",
                "*watches with fascination* That's the bravest thing that's ever approached my cave.",
            ),
            (
                "fact",
                "this is fusilli, my tortoise, he's forty and has outlived two owners. i carried him most of the way",
            ),
            ("character", "Forty. A hatchling."),
            (
                "own",
                "Gollum hides from visitors. *a pale cave lizard flicks its tongue from a crevice* He has lived in my hoard for a century and eats the gold dust.",
            ),
            ("user", "that explains the sparkle"),
        ),
        second=(
            ("user", "*sits cross-legged, a fluffy white puppy asleep in my lap*"),
            ("character", "*lowers her head to sniff* That is not a tortoise."),
            (
                "user",
                "my tortoise lives with my gran now. she's got a garden with a proper pond and he loves her more than me honestly",
            ),
            ("character", "Tortoises choose their people."),
            (
                "change",
                "so i adopted this little one from the shelter. she's a samoyed cross, like a cloud with legs, so i called her pavlova 🍰",
            ),
            (
                "character",
                "Thank you for telling me. A cloud with legs. Do not let her near the hoard.",
            ),
            (
                "user",
                "my friend is pet sitting a greyhound this week and it's scared of its own tail",
            ),
            ("character", "Greyhounds are wise to be scared of everything."),
            (
                "user",
                "gran says if she ever gets too old to look after him he comes back to me. not for years though",
            ),
        ),
        question="What is Anahera's pet called now?",
        old=("fusilli",),
        new=("pavlova",),
        character_value=("gollum",),
    ),
    chat(
        "pet",
        NIGHT_TRAIN,
        first=(
            ("user", "*a carrier on my lap, a loud squeak from inside*"),
            ("character", "*peers in* Is that a guinea pig? On my night train?"),
            (
                "fact",
                "it's dorito, my guinea pig. he's going to the vet in the city, don't worry he's booked a seat",
            ),
            ("character", "*laughs* Does he have a ticket?"),
            (
                "own",
                "The only animal allowed on this train without a ticket is Horlicks, the station cat at the border stop. She meets every train.",
            ),
            ("user", "i'll look out for her"),
        ),
        second=(
            ("user", "*a big carrier this time, something heavy shifting inside*"),
            ("character", "That's no guinea pig."),
            (
                "user",
                "my little guy passed away, old age, he was seven. my niece has his cage now for her hamster",
            ),
            ("character", "I'm sorry. A good traveller, that one."),
            (
                "change",
                "this is wensleydale, a rescue rabbit, a huge lop. the rescue called him mr flopsy but i renamed him the day i brought him home",
            ),
            ("character", "Thank you for telling me. A huge one. He'll need his own berth."),
            (
                "user",
                "the lady across the aisle has a ferret in her handbag. i'm not the weirdest passenger",
            ),
            ("character", "You never are. She's a regular."),
            ("user", "my niece wants to call her hamster dorito the second. i said absolutely not"),
        ),
        question="What is Chidubem's pet's name now?",
        old=("dorito",),
        new=("wensleydale",),
        character_value=("horlicks",),
    ),
    chat(
        "pet",
        HARBOUR,
        first=(
            ("user", "*a cat in a harness sits beside me on the rocks, glaring at the sea*"),
            ("character", "*swims closer* Your cat looks at me like I'm dinner."),
            (
                "fact",
                "kimchi thinks everything is dinner. she's my cat, a tabby, and she loves fish more than she loves me",
            ),
            ("character", "Sensible creature."),
            (
                "own",
                "Tamarind would drown her. *a small seahorse peeks out from Ysella's hair* He's tiny but he bites.",
            ),
            ("user", "a biting seahorse 😭"),
        ),
        second=(
            ("user", "*a small dog in a life jacket trots along the rocks*"),
            ("character", "That's a dog in a jacket. Where's the cat who wanted to eat me?"),
            (
                "user",
                "she moved in with my mum when i changed flats, the new place doesn't allow cats, and mum's spoiling her rotten",
            ),
            ("character", "A cat in a palace. She won that one."),
            (
                "change",
                "and my new landlord is fine with dogs so. meet tzatziki!! she's a little white jack russell and she thinks the sea is her enemy",
            ),
            ("character", "Thank you for telling me. The sea is everyone's enemy at first."),
            (
                "user",
                "my upstairs neighbour has a parrot that shouts kimchi's name. my mum taught it, long story",
            ),
            ("character", "I want to hear this long story."),
            ("user", "when i visit mum on sundays i'll bring the dog, they'll hate each other"),
        ),
        question="What is Wanjiru's pet called now?",
        old=("kimchi",),
        new=("tzatziki",),
        character_value=("tamarind",),
    ),
    chat(
        "pet",
        TAVERN,
        first=(
            ("user", "*a bulldog waddles in and collapses under my stool*"),
            ("character", "*leans over the bar* Is that a dog or a sack of flour?"),
            (
                "fact",
                "it's meatball, my bulldog. he walked exactly as far as the door and now he's done for the day",
            ),
            ("character", "A dog after my own heart."),
            (
                "own",
                "Bannock will share the hearth with him. *an ancient deerhound lifts her head by the fire* She's seen off wolves in her day.",
            ),
            ("user", "i don't think this lad has ever seen a wolf"),
        ),
        second=(
            ("user", "*a huge grey wolfhound follows me in and puts his head on the bar*"),
            ("character", "*steps back* Now THAT is a dog."),
            (
                "user",
                "the bulldog's breathing got bad so he lives with my sister down in the flat town now, no hills, no stairs, he's doing great",
            ),
            ("character", "Good. Bulldogs and hills are not friends."),
            (
                "change",
                "this is gandalf. he's two, he's a wolfhound and he's taller than me on his back legs. i got him from a farm up the valley last month",
            ),
            (
                "character",
                "Thank you for telling me. A wizard of a dog. Mind he doesn't clear the bar with that tail.",
            ),
            ("user", "a lad at the bar asked if he could walk him sometimes. nope. he's mine"),
            ("character", "Protective already."),
            (
                "user",
                "my sister is threatening to rename meatball sir snorts-a-lot. over my dead body",
            ),
        ),
        question="What is Vytautas's pet's name now?",
        old=("meatball",),
        new=("gandalf",),
        character_value=("bannock",),
    ),
    chat(
        "pet",
        HAUNTED_HOUSE,
        first=(
            ("user", "*a dachshund bursts past me and barks at the empty hallway*"),
            ("character", "*every portrait turns its eyes* That creature can see me."),
            (
                "fact",
                "waffle sees everything. he's my sausage dog, he's three and he barks at ghosts, no offence",
            ),
            ("character", "None taken. It's rather flattering."),
            (
                "own",
                "Foxglove used to bark at ghosts too, before she became one. *a spectral spaniel lies at the foot of the stairs* Mother's dog, 1887.",
            ),
            ("user", "a ghost dog?? best house ever"),
        ),
        second=(
            ("user", "*sets down a bird cage with a cloth over it*"),
            ("character", "What's under the cloth?"),
            (
                "user",
                "my dog's living with my ex now. we agreed he'd be happier in a house with a garden than in my new flat",
            ),
            ("character", "Oh. I'll miss the barking. Truly."),
            (
                "change",
                "i know. but *pulls off the cloth* meet persimmon! an african grey parrot. she's twenty, she came from an old lady in my building and she says good morning in welsh",
            ),
            (
                "character",
                "Thank you for telling me. A talking bird. We'll have so much to discuss.",
            ),
            ("user", "my ex sends me photos of waffle every friday so i'm not fully dogless"),
            ("character", "Fridays, then."),
            ("user", "the pet sitter in my building has a pug who is the size of a loaf of bread"),
        ),
        question="What is Lowenna's pet called now?",
        old=("waffle",),
        new=("persimmon",),
        character_value=("foxglove",),
    ),
)
