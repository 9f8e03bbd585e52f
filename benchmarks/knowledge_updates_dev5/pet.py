"""The dev5 part's eight pet chats: a pet renamed after rolling in ash, a ferret retired to a
farm, an old dog buried, a parrot given to the vicar, a dog run off after a legion, an owl
gone back to the wild; the new name said in passing, with a negation ("she's not ... any
more") or after the character notices something (a new collar, hair on a cloak); then a
non-change (a nephew who wants the old name for his goldfish, a flatmate's or husband's
animal, the old pet recalled as past, a hypothetical second pet, the character's own pet)."""

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

PET_CASES = (
    chat(
        "pet",
        FORGE,
        first="""
            user: *a grey cat trots in at my heels* thorgunna don't kick her, she followed me down
            character: *lifts her boot out of the way* I don't kick cats. Cats are good luck in a forge.
            fact: this is clinker, my cat. i found her behind the smelter as a kitten, all grey and soot. she sleeps on my chest
            character: *watches the cat inspect the anvil* She's bold.
            own: My Quench is bolder. *a small red salamander blinks from the coals* Lives in the fire, eats the sparks. Forty years old, the lizard.
            user: is it safe to pet?
        """,
        second="""
            user: *the same grey cat, now streaked black, stalks in* before you say anything. she rolled in the ash pit. on purpose
            character: *laughs into her beard* She looks like she went up the flue.
            user: she did it three times so i gave up washing her
            character: *crouches* And what does a sooty cat get called?
            change: she's not clinker any more. she's slagheap now, that's her name, she answers to it and everything. new name for a new filthy life
            character: Thank you for telling me. It suits her. *scratches behind the black ears*
            user: the tunnel kids still shout clinker at her in the street. she ignores them, she's a lady
            character: Ladies choose their own names.
            user: should i get her a friend? a second cat? maybe in spring
        """,
        question="What is the name of Zbyszko's cat now?",
        old=("clinker",),
        new=("slagheap",),
        character_value=("quench",),
    ),
    chat(
        "pet",
        HYDROPONICS,
        first="""
            user: *floats in with something wriggling inside my jacket* quennell, promise not to report me
            character: *narrows her eyes* Is that a ferret? In my clean bay?
            fact: his name's parsec. he's my ferret, three years old, he hunts the ration thieves in the cargo deck and he's very polite
            character: *as the ferret sniffs a seed tray* He's trying to eat my lettuce.
            own: I have a hamster myself, Gyro. He lives in a spinning ball in my cabin because the gravity here confuses him. *shows a photo* He's round.
            user: he's SO round
        """,
        second="""
            user: *floats in, hair full of fluff* hi. sorry, someone's been climbing me
            character: You're covered in white fur. That's not ferret fur.
            user: the ferret retired. my parents took him down to their farm on earth, he's got a real field now and he chases real rabbits
            character: *softly* That's a good end for a station animal.
            change: and i adopted a kitten from the med bay, a white fluffy thing. i called her nebulette. nebulette is the love of my life and she bites
            character: Thank you for telling me. A biting cloud. Keep her away from the seedlings.
            user: i miss parsec's little face though. my parents send me videos of him in the grass every week
            character: *smiles* That's something.
            user: my bunkmate's getting a lizard. if it eats my kitten i'm spacing it
        """,
        question="What is the name of Ifeoluwa's pet now?",
        old=("parsec",),
        new=("nebulette",),
        character_value=("gyro",),
    ),
    chat(
        "pet",
        BARBERSHOP,
        first="""
            user: *a scruffy old terrier shuffles in and lies under the chair* is she allowed in
            character: *already bending to pat her* Dogs are always allowed in. Customers are optional.
            fact: she's clootie. fourteen years old, my wee dumpling. she's deaf as a post and she snores like my uncle
            character: *fishes a biscuit from the drawer* A fine age for a terrier.
            own: My Tunnock's a collie. He stays at home with my wife and can open the fridge. He's the cleverest in our house and he knows it.
            user: that's a terrifying dog
        """,
        second="""
            user: *a tiny black puppy scrambles at the leash by the door* sorry sorry, she doesn't know doors yet
            character: *stops mid-cut* Who's this, then?
            user: we lost clootie at new year. she went in her sleep on her blanket, fourteen and a half. i cried for a month
            character: *puts down the scissors* Oh, hen. I'm sorry. She was a grand dog.
            change: this is buckfast. i got her from a farm in ayrshire two weeks ago. named her after the tonic wine because she's pure chaos
            character: *laughs* Thank you for telling me. Come here, trouble.
            user: my wee nephew wants to call his goldfish clootie after her. i said aye of course
            character: That's a lovely thing.
            user: the neighbour's dog barks at her through the fence every morning and she just barks back
        """,
        question="What is Ailbhe's dog called now?",
        old=("clootie",),
        new=("buckfast",),
        character_value=("tunnock",),
    ),
    chat(
        "pet",
        TELEGRAPH,
        first="""
            user: *a green parrot on my shoulder leans toward the brass key* mr septimus, he likes your machine
            character: *protective hand over the key* He may like it from a distance, miss.
            fact: this is gladstone, my parrot. my uncle brought him from the indies. he says 'tea!' to every visitor and 'liberal!' to the vicar
            character: *suppresses a smile* A political bird.
            own: My canary, Marconi, sings only when the wires are busy. I keep him in the back office. He is the best clerk I have.
            user: i should like to hear him
        """,
        second="""
            user: *a sleek tabby peers from a basket on my arm* good morning, mr septimus
            character: *peers at the basket* No parrot today, miss?
            user: no parrot. the vicar grew so fond of him, despite the insults, that i let him keep the bird. he lives in the vestry now and says 'tea!' to the bishop
            character: *chuckles* The bishop will be delighted.
            change: and this is mrs beeton, my cat. a kitten from the farm at the top of the lane. i named her for the cookery book because she steals from the larder
            character: Thank you for telling me. Keep her away from the back office, I beg you.
            user: gladstone used to shout 'tea!' at my landlady every morning. she does not miss him
            character: Landladies seldom miss parrots.
            user: should i get a bird again some day? perhaps a quiet one
        """,
        question="What is the name of Seraphina's pet now?",
        old=("gladstone",),
        new=("beeton",),
        character_value=("marconi",),
    ),
    chat(
        "pet",
        BATHHOUSE,
        first="""
            user: *a big brindled dog pads in after me and drinks from the cold pool* decimus, don't let him jump in
            character: *stands in front of the pool* Domina, the dog. The dog is drinking the frigidarium.
            fact: that's fortunatus, my hound. a gift from my father. he has a nose for hares and no manners at all
            character: *pushes the dog's head gently aside* He has a nose for my towels too.
            own: I've a hound myself, domina, Ferox, who guards the furnace door. He sleeps on the warm stones and growls at the stoker.
            user: smart dog
        """,
        second="""
            user: *comes in with a black bird on my wrist* decimus, he won't fly off, i promise
            character: *eyes it* A jackdaw. No hound today?
            user: my hound ran off after the legion when they marched through at the Nones. the centurion sent word he's the cohort's dog now and won't come home
            character: *grins* Gone for a soldier!
            change: so i took in this jackdaw. glaucus, i call him. he steals rings off the tables and says 'ave' when the door opens
            character: Thank you for telling me. I'll hide the customers' rings.
            user: my husband's hunting dogs hate glaucus, they bark at the courtyard wall all day
            character: Dogs and jackdaws. It's the old war.
            user: fortunatus was a good hound. i hope the legion feeds him well
        """,
        question="What is the name of Sulpicia's pet now?",
        old=("fortunatus",),
        new=("glaucus",),
        character_value=("ferox",),
    ),
    chat(
        "pet",
        TATTOO,
        first="""
            user: *shows you my phone* padraic i want this rabbit on my calf. this exact rabbit
            character: *squints* That's a very fat rabbit.
            fact: that's periwinkle!! my rabbit. she's a lionhead, she lives in a hutch in my yard and she thumps when she's angry, which is always
            character: *laughs* I can do an angry rabbit.
            own: My cat Rorschach has a face like an ink blot, that's why the name. He sits in the window and judges the customers.
            user: he's judging me right now
        """,
        second="""
            user: *comes in with grey hairs all over my jeans* hi, sorry, i'm basically fur at this point
            character: *picks a long grey hair off the bench* Is that dog hair?
            user: my gran took the rabbit, she's got a big garden and periwinkle needed room to thump. i visit every sunday
            character: That's kind. And the dog?
            change: i adopted a retired greyhound, she was in kennels in ramsgate. her name is limpet because she won't unstick from my legs. limpet is seven and sleeps 22 hours a day
            character: Thank you for telling me. A greyhound, the laziest dog alive. Grand.
            user: i still want the periwinkle tattoo though, for old times, the rabbit is still the best rabbit
            character: The calf's still free.
            user: my flatmate's snake stares at limpet through the glass and limpet does not care
        """,
        question="What is Fenella's pet called now?",
        old=("periwinkle",),
        new=("limpet",),
        character_value=("rorschach",),
    ),
    chat(
        "pet",
        ARCHIVE,
        first="""
            user: *a small tawny owl flutters onto the top of a bookcase* sylvaranth, she won't touch the scrolls, i swear
            character: *without looking up* Owls never touch scrolls. Mice do. Owls eat mice. I approve.
            fact: that's quillfeather. my owl, i raised her from an egg that fell out of the crown of the tree. she hoots at the moon every night
            character: *as the owl settles* She has good taste in bookcases.
            own: I have kept Nightpetal for three hundred years, a great moon moth. She sleeps in the lantern by the old maps and wakes only for the full moon.
            user: that's so pretty
        """,
        second="""
            user: *something small and spiky snuffles in my hood* hi sylvaranth, she's shy
            character: *peers into the hood* That is not an owl.
            user: my owl flew off into the deep forest at the last full moon. she found a mate. i cried, but she's wild, she was always going to
            character: *gently* That's what owls do.
            change: and this little one was in the bramble under my window. bramblewick, i call her. a hedgehog. bramblewick eats slugs and sleeps in my slipper
            character: Thank you for telling me. Keep her from the parchment cupboard; she'll nest in the offcuts.
            user: my tutor asked if quillfeather would ever come back. maybe to visit. not to live
            character: Owls visit those they raised.
            user: would i raise another egg? no, one broken heart per tree is plenty
        """,
        question="What is Zdravka's pet called now?",
        old=("quillfeather",),
        new=("bramblewick",),
        character_value=("nightpetal",),
    ),
    chat(
        "pet",
        GENERATION_SHIP,
        first="""
            user: *a huge orange cat follows me onto the deck and sits by the window* don't mind him
            character: *nods at the cat* He's minding himself.
            fact: that's bulkhead. my cat. fifteen kilos of cat. the maintenance crew named him because he sits in the hatchways and nobody can get past
            character: An appropriate name.
            own: Mine is Gimbal, a little black cat who sleeps in my cap and turns whichever way the ship turns. She's never once fallen off a shelf.
            user: a cat in a cap, i'm obsessed
        """,
        second="""
            user: *sits under the window with a small grey rabbit in my lap* hi orrin
            character: *looks at the rabbit* That's a rabbit. Where's your big orange wall?
            user: bulkhead died in his sleep a month ago. he was nineteen, old even for a ship cat. we put his ashes in the garden deck
            character: *quiet* I'm sorry. He was a landmark.
            change: this is perihelion. i got her from the rabbit hutches on deck twelve. perihelion because she's the closest thing to the sun i have right now
            character: Thank you for telling me. A good name. *offers the rabbit a knuckle to sniff*
            character: My Gimbal is still in my cap, you know. Sixteen now. She doesn't change.
            user: my brother keeps rats, he asked if perihelion would like a rat friend. no
            user: bulkhead used to sit right here in the sun-lamp light every watch. it's strange without him
        """,
        question="What is the name of Akosua's pet now?",
        old=("bulkhead",),
        new=("perihelion",),
        character_value=("gimbal",),
    ),
)
