"""The dev7 part's eight pet chats: a snail dead of old age, a gull flown off with a flock, an
axolotl renamed by the children who visit him, a lizard gone into the walls, an old beagle
buried, a kelpie gone with an ex, a cat left with her kittens, a raccoon gone courting; the
new pet often of another kind (a sky-ferret, a sand-cat, a corgi, a hawk, a canary), said at
once as the sitting opens or after the character asks; then a non-change (a brother's or a
niece's pet given the old name, the captain's cat, children who still call every dog by the
old name, an ex's videos of the old dog, the character's own pet, a hypothetical friend)."""

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

PET_CASES = (
    chat(
        "pet",
        MUSHROOM_CELLAR,
        first="""
            user: *sets a huge snail on the table very gently* tumblewort, meet someone
            character: *bows low* Good evening, sir snail.
            fact: that's glimbo, my snail. he's nine and he's slower than the post-beetle and i love him
            character: Nine is old for a snail.
            own: My beetle Clatterback is forty. *a big black beetle clacks on the shelf* He guards the spawning beds.
            user: is he allowed to eat my snail
            character: Never.
        """,
        second="""
            user: *sits with a little glass jar on my knee* tumblewort. glimbo died. in his sleep. at the winter turning
            character: *takes off his cap* Oh, my dear. He had a long life for a snail.
            user: he did. i buried him under the mossy stone. my brother's snail had babies right after and he made me take one
            character: A baby! Let me see.
            change: this is truffaut, my new little snail, he's the size of a pea and he's already eaten a whole mushroom cap
            character: Greedy. *peers into the jar* Good snail.
            user: my brother named his big snail glimbo too, after mine. its sweet but it makes me sad
            character: Names carry on.
            user: your beetle is not allowed near the jar either. hear that, big beetle?
        """,
        question="What is the name of Briony's snail now?",
        old=("glimbo",),
        new=("truffaut",),
        character_value=("clatterback",),
    ),
    chat(
        "pet",
        CROWS_NEST,
        first="""
            user: *a grey gull lands on my shoulder* mirabel dont shoo him, hes with me
            character: With you? He's been stealing biscuits all week.
            fact: squallbert! my gull. i raised him from an egg on the last voyage, he rides on my shoulder in the wind
            character: *eyes the gull* He's eyeing my biscuits again.
            own: My Scuppers would have him. *a monkey chatters from the rigging* Scuppers has been my monkey since the Spice Isles.
            user: tell your monkey to stay up there
        """,
        second="""
            user: *climbs up with a small furry thing inside my coat* ok. dont tell the captain
            character: What is that? Where's the gull?
            user: he flew off with a flock over the cliff islands in april. i watched him go. he's got a wife now, i think
            character: Gulls go home in the end.
            user: and then a sky-ferret climbed up the anchor chain at the last port and into my boot
            character: And it stayed?
            change: she stayed. her name's cumulina, because she's fluffy like a cloud. cumulina is my girl now, she sleeps in my hat
            character: As long as she leaves my biscuits.
            user: the captain's cat hates her. the cat hates everyone
            character: That cat hates me most of all.
            user: should i get her a collar with a bell? so i hear her coming
        """,
        question="What is the name of Hezekiah's pet now?",
        old=("squallbert",),
        new=("cumulina",),
        character_value=("scuppers",),
    ),
    chat(
        "pet",
        EUROPA,
        first="""
            user: *taps the tank by the porthole* korvath did u feed him? he looks judgy
            character: I fed him. He always looks judgy.
            fact: thats just wobblefin's face. my axolotl, best thing i brought from earth, he smiles if you sing to him
            character: I don't sing.
            own: My goldfish Adagio doesn't need singing. *nods at a bowl on the sonar desk* He listens to the ocean with me.
            user: korvath your fish is a coworker
        """,
        second="""
            user: *hovers by the tank with a school kid's drawing* ok so funny thing
            character: Go on, then.
            user: the kids from the school module visit him every week and they gave him a new name. they said it so much he stopped coming when i used his old one
            character: *looks at the axolotl* He does come when they shout.
            change: so he's blorp now, officially, i changed the plate on his tank and everything. say hi blorp
            character: *taps the glass* Hello.
            user: my niece back home got an axolotl and called him wobblefin too, she copied me. so that name lives on somewhere
            character: It does.
            user: would i get him a friend? maybe, if the supply ship brings one. not yet
        """,
        question="What is Nomvula's axolotl called now?",
        old=("wobblefin",),
        new=("blorp",),
        character_value=("adagio",),
    ),
    chat(
        "pet",
        SPACEPORT,
        first="""
            user: *a tiny lizard pokes its head out of my collar* zix say hi to skrit
            character: *leans in* Hello, little cousin.
            fact: skrit's my sand-lizard, she eats the flies off the ceiling of my room and she bites strangers
            character: She's not biting me.
            own: She knows a friend. My glow-mite Vrissk bites everyone. *a tiny light blinks in a jar*
            user: a glowing biter. perfect
        """,
        second="""
            user: *comes in with a small fluffy sand-cat asleep in my arms* shhh. she just fell asleep
            character: *all four hands go up* A sand-cat! Where is the lizard?
            user: skrit went into the walls of the old apartment when i moved and never came out. i waited two weeks with flies in a saucer
            character: *clicks sadly* Lizards choose the walls.
            change: so this is dustmote. i got her from the shelter on third ring. dustmote, my little cat. she purrs like an engine
            character: She is very small for an engine.
            user: the neighbour's kid has a sand-lizard now he calls skrit junior. i think he found her. she's happy
            character: Then all is well.
            user: is your glow-mite ok with cats?
        """,
        question="What is the name of Lavrenti's pet now?",
        old=("skrit",),
        new=("dustmote",),
        character_value=("vrissk",),
    ),
    chat(
        "pet",
        BOWLING,
        first="""
            user: *a beagle tied to the bench leg howls* tenpin NO. sorry dwayne
            character: *laughs* He's singing for the strike.
            fact: tenpin is my beagle, he howls at every strike, i named him after this place basically
            character: Then he's a fan.
            own: My cat Gutterball sleeps in the pin pit every night. Been the alley cat twelve years.
            user: a literal alley cat
        """,
        second="""
            change: *comes in with a corgi puppy in my hoodie pocket* DWAYNE meet waffleton!! my new baby. waffleton the corgi
            character: Oh my Lord. Look at the ears.
            user: i know. my old boy passed in the summer, fourteen years old, out on the porch in the sun
            character: I'm so sorry. He was a good singer.
            user: the best. i wasnt gonna get another dog but my sister's corgi had puppies and she shoved this one at me
            character: Sisters.
            user: my kids still call every dog tenpin, even the neighbours'. im not correcting them
        """,
        question="What is Shawnelle's dog called now?",
        old=("tenpin",),
        new=("waffleton",),
        character_value=("gutterball",),
    ),
    chat(
        "pet",
        LIFEGUARD,
        first="""
            user: *a kelpie shakes seawater all over the tower* DINGBAT. omg sorry
            character: *wipes his sunnies* Mate.
            fact: dingbat's my kelpie, he thinks hes a lifesaver, he swims out to every kid on a boogie board
            character: He's got more rescues than me this summer.
            own: My heeler Snags just sleeps under the tower. Ten years. Never rescued a thing.
            user: your dog is a legend though
        """,
        second="""
            user: *walks up with a tiny grey-and-white puppy on a lead* ok so. my kelpie went with my ex
            character: Went with her?
            user: she moved to perth and he was always more hers really, she had him first. he lives on a river over there now, chasing pelicans
            character: Better than here, maybe.
            change: and then i got this one. coolabah, my border collie pup. coolabah is mine mine mine, all eight weeks of her
            character: Tiny thing. She'll herd the swimmers.
            user: my ex still sends me videos of dingbat every sunday. its nice
            character: That's decent of her.
            user: should she learn to swim? maybe next summer
        """,
        question="What is the name of Kirrily's dog now?",
        old=("dingbat",),
        new=("coolabah",),
        character_value=("snags",),
    ),
    chat(
        "pet",
        CARAVANSERAI,
        first="""
            user: *a long-eared cat leaps from my saddlebag* zardalu, manners! bahadur, forgive her
            character: *laughs* She is hungry like her mistress.
            fact: zardalu is my cat, she has ridden with me from the mountains in this saddlebag, she hunts the rats of every serai on the road
            character: Then she is welcome in mine.
            own: My Saluk will not chase her. *an old hound raises his head by the fire* Saluk is too old and too proud.
            user: he is very handsome
        """,
        second="""
            user: *a hooded hawk on my glove* peace bahadur. a new companion
            character: A hawk! And the cat?
            user: zardalu stayed with my sister in the oasis town. she had kittens and would not leave them. she is a mother now, fat and happy
            character: A good end.
            change: and this is anjir, my hawk. a falconer gave her to me for a debt. anjir, my fig, because she is brown and sweet, and she brings me partridges
            character: Bring the partridges to my kitchen.
            user: my sister writes that zardalu rules the whole house now. she signs her letters with a paw print
            character: A cat that writes.
            user: would i carry a cat again on the road? maybe when the hawk is older. not now
        """,
        question="What is the name of Roshanak's pet now?",
        old=("zardalu",),
        new=("anjir",),
        character_value=("saluk",),
    ),
    chat(
        "pet",
        RIVERBOAT,
        first="""
            user: *a raccoon peers out of my hatbox* mr jedediah, i beg you, say nothing to the captain
            character: *sees the masked face* Ma'am, that is a raccoon.
            fact: that is sassafras, my raccoon, rescued from a trap on the levee, sir. he is a gentleman and washes his food
            character: He washes better than the deckhands.
            own: The boat's cat, Mudlark, will have something to say. He's been mine since I was a cub pilot.
            user: your cat may keep his opinions
        """,
        second="""
            user: *comes aboard with a brass birdcage* good day, mr jedediah. no hatbox today
            character: No hatbox? Where's the gentleman?
            user: sassafras found a lady raccoon in the woods at my aunt's farm in june and went off with her. i left the window open for a week
            character: *chuckles* Love calls us all.
            change: and so my cousin gave me fandango, a yellow canary, in this very cage. fandango sings at dawn, sir, louder than your whistle
            character: Nobody's louder than my whistle.
            user: the farm children still leave eggs out for sassafras by the woodpile. he comes at night
            character: A gentleman caller.
            user: will your cat leave my bird alone? i shall hang the cage high
        """,
        question="What is the name of Winnifred's pet now?",
        old=("sassafras",),
        new=("fandango",),
        character_value=("mudlark",),
    ),
)
