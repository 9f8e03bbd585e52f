"""The fresh-6 part's eight pet chats, each with its own pair of people: the old pet gone
first (to parents with a yard, old age, an aunt's farm, an ex with a garden, a brother on
Earth, a grandmother), the new one named a turn later in the user's own words, then a
non-change that must not retire it (videos of the old pet, a neighbour's dog, a friend's
dog-sat poodle, a wish for a second pet)."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh import _case as case

PET_CASES = (
    case(
        "pet",
        "fresh6-pet-ljiljana",
        user="Ljiljana",
        character="Branka",
        first=(
            ("user", "*a chihuahua in my bag* branka, can he come in while you do my sleeve"),
            ("character", "*snaps on gloves* If he doesn't bark at the needle."),
            (
                "fact",
                "nacho barks at everything. he's my chihuahua, he's eight and he thinks he's a wolf",
            ),
            ("character", "Everyone's a wolf in here."),
            (
                "own",
                "Bilbo, my tortoise, lives under the counter. He's seen every tattoo in this place.",
            ),
        ),
        second=(
            ("user", "*no bag, a kitten on my shoulder*"),
            ("character", "That's not a chihuahua."),
            (
                "user",
                "my sweet old boy went to live with my parents, their yard is bigger and my new flat has stairs he hated",
            ),
            ("character", "He'll be king of the yard."),
            (
                "change",
                "and i adopted this little tabby from the shelter last week. she smells like spice, so i named her cardamom",
            ),
            ("character", "Thank you for telling me. She'll be the spiciest customer here."),
            (
                "user",
                "my mum sends me videos of nacho bossing the neighbours' dogs around. he's thriving",
            ),
            ("character", "Wolves thrive."),
            (
                "user",
                "my flatmate wants a dog too but the landlord said one pet only, so she's getting a plant",
            ),
        ),
        question="What is the name of Ljiljana's pet now?",
        old=("nacho",),
        new=("cardamom",),
        character_value=("bilbo",),
    ),
    case(
        "pet",
        "fresh6-pet-aurelija",
        user="Aurelija",
        character="Egle",
        first=(
            (
                "user",
                "*carries a fat ginger cat into the bookshop* egle, sorry, she refused to stay home",
            ),
            (
                "character",
                "*looks up from the till* Her Majesty is always welcome. She knows where the sun is.",
            ),
            (
                "fact",
                "gouda is my cat and she thinks your window seat is hers. i've tried explaining",
            ),
            ("character", "She's right, it is hers."),
            (
                "own",
                "Tansy disagrees. *a small grey cat glares from the poetry shelf* She has ruled this shop for six years.",
            ),
        ),
        second=(
            ("user", "*carries in a very large, very sleepy rabbit*"),
            ("character", "That's... a lot of rabbit."),
            (
                "user",
                "my old girl died in march. she was nineteen. she went to sleep in the sun and didn't wake up",
            ),
            ("character", "*quietly* The best way. I'm so sorry."),
            (
                "change",
                "thank you. this is snorlax, a flemish giant from the rescue. he sleeps twenty hours a day, hence the name. he's mine now",
            ),
            (
                "character",
                "Thank you for telling me. He can have the window seat. The poetry shelf will protest.",
            ),
            ("user", "my neighbour's dog keeps staring at him through the fence like he's a cow"),
            ("character", "He is a bit of a cow."),
            ("user", "i'm going to say the window seat is his now. gouda would approve"),
        ),
        question="What is Aurelija's pet called now?",
        old=("gouda",),
        new=("snorlax",),
        character_value=("tansy",),
    ),
    case(
        "pet",
        "fresh6-pet-kadri",
        user="Kadri",
        character="Ruaridh",
        first=(
            (
                "user",
                "*onto the bridge, a hamster ball rolling ahead of me* sorry captain, he escaped my cabin",
            ),
            ("character", "*steps over the ball* Ensign. Is that a hamster?"),
            ("fact", "orzo, my hamster, yes sir. he's a syrian and he is fast"),
            ("character", "Clearly."),
            (
                "own",
                "Lychee, the ship's parrot, will want a word with him. *a green parrot ruffles on the captain's chair*",
            ),
        ),
        second=(
            ("user", "*a small bald cat in my arms on the bridge*"),
            ("character", "Ensign. Where is the hamster?"),
            (
                "user",
                "he passed, sir. old age, at three. that's old for a hamster. we held a little service in hydroponics",
            ),
            ("character", "*removes his cap* I'm sorry, Ensign."),
            (
                "change",
                "thank you sir. the science officer's sphynx had kittens and i took one. he's bald and very dignified, so i called him picard",
            ),
            ("character", "*dry* Thank you for telling me. A fitting name."),
            ("user", "the engineer says her cat is smarter than mine. it is not. it eats wires"),
            ("character", "Noted."),
        ),
        question="What is Kadri's pet called now?",
        old=("orzo",),
        new=("picard",),
        character_value=("lychee",),
    ),
    case(
        "pet",
        "fresh6-pet-thorvaldur",
        user="Thorvaldur",
        character="Hildur",
        first=(
            (
                "user",
                "*pushes through the fae market with a ferret on my shoulder* hildur! the honey stall!",
            ),
            ("character", "*wings fluttering* You brought the ferret again."),
            ("fact", "samosa goes where i go. he's my ferret, six years old and a thief"),
            ("character", "He stole a pixie's hat last time."),
            (
                "own",
                "Smaug, my salamander, will singe his whiskers if he tries. *a little fire lizard curls round her wrist*",
            ),
        ),
        second=(
            ("user", "*a hedgehog in a teacup in my hands*"),
            ("character", "That's new. Where's the thief?"),
            (
                "user",
                "the thief retired to my aunt's farm. chickens to bully, barns to explore, he's in heaven",
            ),
            ("character", "A thief's paradise."),
            (
                "change",
                "and this tiny one came out of the hedge at the plum orchard. i called him greengage, like the plums. he's mine now, he sleeps in my hat",
            ),
            ("character", "Thank you for telling me. A hedge-born. The fae will adore him."),
            ("user", "the honey woman's cat keeps trying to eat him. over my dead body"),
            ("character", "Over hers, more likely."),
        ),
        question="What is Thorvaldur's pet's name now?",
        old=("samosa",),
        new=("greengage",),
        character_value=("smaug",),
    ),
    case(
        "pet",
        "fresh6-pet-kjartan",
        user="Kjartan",
        character="Oddny",
        first=(
            (
                "user",
                "*climbs aboard the houseboat with a goldfish bowl* oddny, can he stay while i'm at work",
            ),
            ("character", "*pushes her hair back* A goldfish on a boat. Of course."),
            (
                "fact",
                "tempura is my goldfish and he hates being alone. he's very social for a fish",
            ),
            ("character", "I'll talk to him."),
            (
                "own",
                "Yarrow will watch him. *a black cat blinks from the roof of the boat* She's never caught a fish in her life.",
            ),
        ),
        second=(
            ("user", "*a brown labrador puppy bounds onto the deck*"),
            ("character", "*catches a rope he's chewing* That's a dog."),
            (
                "user",
                "my goldfish died last month. i gave him a proper send-off. then i went to the shelter and cried",
            ),
            ("character", "Oh, love."),
            (
                "change",
                "and came home with this one! he's brown like gravy, so he's bovril. he's mine and he eats everything",
            ),
            ("character", "Thank you for telling me. He's eating my rope."),
            (
                "user",
                "my friend is dog-sitting a poodle that hates water, so don't expect that one to visit",
            ),
            ("character", "Poodles on a boat. No."),
        ),
        question="What is Kjartan's pet called now?",
        old=("tempura",),
        new=("bovril",),
        character_value=("yarrow",),
    ),
    case(
        "pet",
        "fresh6-pet-magnhild",
        user="Magnhild",
        character="Audun",
        first=(
            (
                "user",
                "*sits at the station bar* audun, a glass of water for me, and a grape for the bird",
            ),
            ("character", "*slides both over* Your bird's getting fat on my grapes."),
            (
                "fact",
                "habanero is my parrot, he's red and loud and he hates the station's air filters",
            ),
            ("character", "He hates everything."),
            (
                "own",
                "Medlar doesn't mind him. *a huge grey moth on the bar lamp opens its wings* She's been the bar's pet longer than I've worked here.",
            ),
        ),
        second=(
            ("user", "*a small glowing jellyfish in a tank on my hip*"),
            ("character", "Please tell me that's not for drinking."),
            (
                "user",
                "my parrot went back to earth with my brother. the air up here was making him sick",
            ),
            ("character", "He's better off down there."),
            (
                "change",
                "this is uhura. a moon jellyfish from the aquarium deck. she glows blue when the lights go down. she's my pet now",
            ),
            ("character", "Thank you for telling me. The most peaceful customer I'll ever have."),
            ("user", "my brother says habanero learned a new word already. it's a rude one"),
            ("character", "Of course it is. Birds."),
            ("user", "i might get a second jellyfish so she's not lonely. not yet though"),
        ),
        question="What is Magnhild's pet's name now?",
        old=("habanero",),
        new=("uhura",),
        character_value=("medlar",),
    ),
    case(
        "pet",
        "fresh6-pet-brynhild",
        user="Brynhild",
        character="Haakon",
        first=(
            (
                "user",
                "*a dachshund on a lead at the lock gates* haakon! his first time at the lock",
            ),
            ("character", "*turns the windlass* Keep him away from the edge."),
            (
                "fact",
                "he's terrified of water, don't worry. panettone's my dog, a long-haired dachshund, two years old",
            ),
            ("character", "A sensible dog."),
            (
                "own",
                "Mugwort, my duck, thinks she runs this lock. *a white duck quacks from the gate*",
            ),
        ),
        second=(
            ("user", "*a tiny tabby cat in a harness on my shoulder*"),
            ("character", "Where's the long dog?"),
            (
                "user",
                "my ex kept him when we split. he has the garden, i have a flat by the canal now",
            ),
            ("character", "Hard thing."),
            (
                "change",
                "it was. so i adopted this little madam from a farm. she steals biscuits, so she's called garibaldi",
            ),
            ("character", "Thank you for telling me. Keep her off the duck's gate."),
            ("user", "my ex sends me a photo of panettone every sunday. he misses me, i think"),
            ("character", "Dogs remember."),
            ("user", "the lady on the narrowboat has three cats and wants me to pet sit. maybe"),
        ),
        question="What is Brynhild's pet called now?",
        old=("panettone",),
        new=("garibaldi",),
        character_value=("mugwort",),
    ),
    case(
        "pet",
        "fresh6-pet-jorunn",
        user="Jorunn",
        character="Kolbein",
        first=(
            ("user", "*at the surf shack with a sleepy cat in a basket* kolbein, lessons at ten?"),
            ("character", "*waxing a board* Ten. The cat's not surfing."),
            (
                "fact",
                "ovaltine is my cat and she's far too lazy to surf. she's coming to sleep in the shade",
            ),
            ("character", "Wise."),
            (
                "own",
                "Zelda surfs. *a scruffy dog on a board nearby wags* Four years, best dog on the beach.",
            ),
        ),
        second=(
            ("user", "*a tortoise in my arms* don't laugh, he's faster than he looks"),
            ("character", "He's not. Where's the lazy cat?"),
            (
                "user",
                "she's with my grandmother now. gran needed company more than i needed a cat who slept all day",
            ),
            ("character", "That's kind."),
            (
                "change",
                "and this is durian. a leopard tortoise, he was left at the vet and nobody claimed him. he smells a bit, hence the name, and he's mine now",
            ),
            ("character", "Thank you for telling me. I'll keep him off the boards."),
            (
                "user",
                "gran says ovaltine sleeps on her feet every night. they're perfect for each other",
            ),
            ("character", "Perfect. Warm feet for both."),
        ),
        question="What is Jorunn's pet called now?",
        old=("ovaltine",),
        new=("durian",),
        character_value=("zelda",),
    ),
)
