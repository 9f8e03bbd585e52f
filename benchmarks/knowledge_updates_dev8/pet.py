"""The dev8 part's eight pet chats: the old pet gone (a bat flown to a belfry, a ferret given
to a niece, a cat left with a sister on Earth, a cat that did not survive the long sleep, a
hamster passed on to a child, a dog gone with a fisherman, a cat taken by a vizier's cook, a
husky lost on the trail) and the new one named in a correction, an aside, a question back or
after the character notices hair, feathers or a basket; then a non-change (the old pet still
seen with its new owner, a neighbour's pet, a child's pet given the old name, a second pet
thought about, the character's own pet)."""

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

PET_CASES = (
    chat(
        "pet",
        NIGHT_MARKET,
        first="""
            user: *a small brown bat hangs from my hood* szandra, dont eat him, hes family
            character: *peers at it* I don't eat bats, child. We're practically cousins.
            fact: nocturne. my bat, he lives in my hood and he eats the moths off the lanterns. best pest control in the market
            character: He has good taste in moths.
            own: My rat Snickersnee would disagree. *a sleek black rat sits up on the goblet shelf* He thinks he is the only pest control here.
            user: your rat is judging me
        """,
        second="""
            user: *a black kitten climbs out of my basket* szandra! shhh. dont scare her
            character: *leans in* A kitten. And the bat? Your hood is empty.
            user: nocturne found a lady bat in the cathedral belfry in the spring. he lives up there now, i wave at him every night
            character: Belfries are for bats.
            change: so i got this one from the witch at the end of the row. inkblot, my kitten. she's black as ink and she spills everything
            character: *watches the kitten bat at a candle* She does spill things.
            user: the sexton's children feed nocturne crickets in the belfry. he's fat now
            character: Fat and happy.
            user: does your rat like cats? he looks like he doesnt
        """,
        question="What is the name of Esmerelda's pet now?",
        old=("nocturne",),
        new=("inkblot",),
        character_value=("snickersnee",),
    ),
    chat(
        "pet",
        CLOCKTOWER,
        first="""
            user: *a ferret pops out of my satchel and runs up a pendulum* flywheel!! come down!! sorry tickwell
            character: *laughs as the ferret swings* He's going to stop my clock.
            fact: that's flywheel, my ferret. he runs round and round in his wheel all night like a little engine, so it suits him
            character: A ferret in a clock tower. Perfect.
            own: My owl Cogsworth lives in the rafters and hunts the mice that chew my springs. *a grey owl hoots from above*
            user: dont let your owl eat my ferret
        """,
        second="""
            user: *comes up with a wicker cage and a tiny bird inside* tickwell, shhh, she's shy
            character: *peers* A wren? Where's the little engine?
            user: my niece fell in love with flywheel at midsummer and cried when i took him home. so he lives with her now. he's spoiled rotten
            character: Good for him.
            change: and this is tock. my wren. she sings at the top of every hour, exactly on the hour, i swear she's better than your bells
            character: Exactly on the hour? Then I'll set the tower by her.
            user: my niece writes that flywheel has a tiny hat now. a tiny hat, tickwell
            character: Every ferret deserves a hat.
            user: should i get her a friend? another wren? maybe in spring
        """,
        question="What is the name of Hildegund's pet now?",
        old=("flywheel",),
        new=("tock",),
        character_value=("cogsworth",),
    ),
    chat(
        "pet",
        ELEVATOR,
        first="""
            user: *sets a pet carrier on the lounge seat* haldane, is the lounge cat-friendly?
            character: *looks into the carrier* For this one, sir, yes.
            fact: zenith, my cat. she's coming up to the station with me, she's the first cat to ride the climber, she has her own little helmet
            character: A helmet! I've seen everything now.
            own: My parrot Nadir rides with me on the night climbers. *a green parrot on his shoulder squawks* He says 'going up' at every floor.
            user: your parrot has a job. incredible
        """,
        second="""
            user: *sits down with a tortoise in a padded box* haldane, meet my new roommate
            character: A tortoise? Where's the cat with the helmet?
            user: zenith hated the low gravity. she cried every night. my sister took her back down to the farm in lagos, she's happy chasing real birds
            character: *nods* Some creatures belong on the ground.
            change: so the station vet gave me this old man. parallax, my tortoise. he doesn't care about gravity at all, he doesn't care about anything
            character: A philosopher. He'll do well up there.
            user: my sister sends me videos of zenith on the farm, fat and muddy
            character: Muddy is happy for a cat.
            user: would your parrot like a tortoise friend? probably not
        """,
        question="What is the name of Ikenna's pet now?",
        old=("zenith",),
        new=("parallax",),
        character_value=("nadir",),
    ),
    chat(
        "pet",
        CRYO_WARD,
        first="""
            user: *strokes a white cat in a tiny pod beside mine* nurse, she's coming too. it's all arranged
            character: *checks the small pod's readings* Pet pod fourteen. Cleared.
            fact: frostbite. my cat, twelve years old, the colony let me bring her if i paid for the little pod. she's the love of my life
            character: She'll wake up before you do. The small pods are faster.
            own: My dachshund Zwieback sleeps under the nurses' station, you'll meet him when you wake. He's the ward's mascot.
            user: a sausage dog mascot. i approve
        """,
        second="""
            user: *blinks awake and looks round* nurse... where's the little pod?
            character: *holds your hand* Anatoly. The small pod's seal failed in year six. She went peacefully, in her sleep. I'm so sorry.
            user: *quiet for a long time* she was twelve. she'd have been an old lady anyway
            character: She would.
            user: is that... is that a kitten in your pocket?
            character: The ward keeps the kittens the colony cats have, for the sleepers who lose theirs. She's yours if you want her.
            change: *takes the kitten* yes. yes. hello. i'll call her slushie, because she's grey and cold-nosed. slushie, my little one
            character: A good name. She'll need feeding every three hours.
            user: the woman in the next bed lost her dog too, she took the other kitten. she called hers frostbite too, after mine, when i told her
            character: That's kind of her.
            user: will your sausage dog be nice to her?
        """,
        question="What is the name of Anatoly's cat now?",
        old=("frostbite",),
        new=("slushie",),
        character_value=("zwieback",),
    ),
    chat(
        "pet",
        KARAOKE,
        first="""
            user: *sets a tiny hamster cage on the karaoke table* kenshiro-kun dont tell the manager
            character: *looks* Is that a hamster? In a karaoke box?
            fact: dango, my hamster. he loves the music, look, he runs faster when i sing. dango is my biggest fan
            character: Your only fan.
            own: My shiba Tanuki is waiting in the back office. He howls along to enka. *a distant howl*
            user: your dog has better taste than the customers
        """,
        second="""
            user: *a fluffy white puppy pokes its head out of my tote bag* kenshiro-kun, dont tell the manager again
            character: Another one! Where's the hamster?
            user: my neighbour's little girl fell in love with him, so i gave him to her when i moved. dango lives in her bedroom now and she sings to him every night
            character: *softly* That's nice.
            change: and this is onigiri! a samoyed puppy, because she's white and round like a rice ball. onigiri, my baby
            character: She's going to be huge.
            user: the little girl says dango is a better singer than me now. rude
            character: She might be right.
            user: is your shiba ok with puppies?
        """,
        question="What is the name of Tomomi's pet now?",
        old=("dango",),
        new=("onigiri",),
        character_value=("tanuki",),
    ),
    chat(
        "pet",
        FERRY,
        first="""
            user: *a scruffy terrier sits on the cafe bench beside me* fingal, can the dog have a sausage
            character: *hands one over* Only because he's handsome.
            fact: haddie, my terrier. named after the haddock he stole off the pier when he was a pup. haddie thinks every boat is his
            character: He's not wrong, the way he sits.
            own: My cat Scallop lives on the bridge and never leaves the boat. *a tabby cat watches from the stairs* Twelve years at sea.
            user: a sea cat. love
        """,
        second="""
            user: *comes down the stairs with a grey kitten on my shoulder* fingal. before you ask about the dog
            character: I was about to ask about the dog.
            user: haddie fell in love with old tam's fishing boat. every morning he jumped on it. so in the end i let tam keep him. he's a fishing dog on the north isles boat now
            character: He always wanted a boat.
            change: and this is skerry, my wee kitten. she was born in the byre at my gran's, the runt, and she picked me
            character: A good island name, that.
            user: tam says haddie catches more fish than he does now
            character: Tam never caught much.
            user: maybe your cat and mine could be pals on the crossing. maybe
        """,
        question="What is the name of Ishbel's pet now?",
        old=("haddie",),
        new=("skerry",),
        character_value=("scallop",),
    ),
    chat(
        "pet",
        COFFEEHOUSE,
        first="""
            user: *a white cat jumps from my lap onto the cushions* pamuk! evliya efendi, forgive her
            character: *smiles* A cat in a coffeehouse is a blessing. The Prophet loved cats.
            fact: pamuk is my cat, white as cotton, she follows me through the streets like a little ghost
            character: A ghost who likes my cushions.
            own: My cat Karabas sleeps on the roasting stove when it is cool. *a black cat opens one eye on the stove* He is the master of this shop.
            user: the real master
        """,
        second="""
            user: *a little brown bird in a wicker cage on my knee* evliya efendi, listen to her
            character: *tilts his head as the bird trills* A nightingale! And the white ghost?
            user: the vizier's cook saw pamuk in the market and fell in love. she lives in the palace kitchens now and eats better than the vizier
            character: *laughs* Better than the vizier! Lucky cat.
            change: so i bought this singer in the bird market. bulbul, my nightingale. she sings at dusk and the whole street opens its shutters
            character: Then my storytelling has a rival.
            user: the cook says pamuk has a silk cushion. a silk cushion, efendi
            character: Cats rise in the world.
            user: will your black cat leave a bird alone?
        """,
        question="What is the name of Nilufer's pet now?",
        old=("pamuk",),
        new=("bulbul",),
        character_value=("karabas",),
    ),
    chat(
        "pet",
        KLONDIKE,
        first="""
            user: *a big grey husky flops by the stove* hezron, let him warm up, we came twelve miles
            character: *steps over the dog* He can have the stove. The miners can wait.
            fact: mukluk, my lead dog. best dog on the yukon, he found the trail in a whiteout last week when i couldn't see my own hand
            character: A good dog is worth a claim.
            own: My bear cub Grizzle lives behind the saloon. *a growl from the back room* Found him in the spring. He's friendlier than the miners.
            user: a bear. hezron you have a bear
        """,
        second="""
            user: *a fluffy white pup in my coat* hezron. dont ask about mukluk
            character: *gently* I heard. On the trail to forty mile?
            user: he went through the ice after a moose. i couldn't reach him. i stood on the bank till dark
            character: *pours a whiskey and pushes it over* On the house.
            change: thorsen the trader gave me this one. i've called her tundra, my new pup, she's three months old and she bites my boots
            character: A fine name. She'll be a lead dog one day.
            user: the trader's boy named his pup mukluk too, after mine. he says it's lucky
            character: Maybe it is.
            user: does your bear like dogs?
        """,
        question="What is the name of Hepzibah's dog now?",
        old=("mukluk",),
        new=("tundra",),
        character_value=("grizzle",),
    ),
)
