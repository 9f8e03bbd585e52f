"""The dev4 part's eight diet chats: the new diet said in the user's own words after the old
one ends (a gut healed, a fainting at work, a cholesterol test, a kidney stone), and after it
a non-change that must not retire it (a brother's or flatmate's diet, a hypothetical return
to the old one, a cousin's "someday", a visit to a gran who cooks meat)."""

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

DIET_CASES = (
    chat(
        "diet",
        APOTHECARY,
        first=(
            (
                "user",
                "*shakes rain off my coat and drops onto the stool by the counter* griselda. the bell over your door nearly took my eye out",
            ),
            (
                "character",
                "*doesn't look up from the mortar* It's meant to. Sit, you're dripping on my feverfew.",
            ),
            (
                "fact",
                "ok confession, my gut has been a disaster so the doctor put me on low-fodmap. no garlic no onion no joy. got anything for bloating that isn't onion based lol",
            ),
            (
                "character",
                "*slides a jar of peppermint across* Chew two leaves after supper. And stop eating at the pie stall.",
            ),
            (
                "own",
                "I'm a strict locavore myself, you know. Nothing passes my lips that grew further off than the mill pond. *taps the jar* Even this.",
            ),
            ("user", "that explains the turnip soup smell every time i come in"),
        ),
        second=(
            ("user", "*bursts in with a paper bag* GRISELDA i've been gone a month i know i know"),
            ("character", "*raises an eyebrow* A month and four days. The cat kept count."),
            ("user", "the fodmap thing is done btw, gut's healed, doc says eat whatever i like"),
            ("character", "Good. Then you'll take a slice of my seed cake for once."),
            (
                "change",
                "can't, it's got eggs in it. i'm seagan now 🐟🌱 basically vegan but i still eat fish and shellfish. the woman on the quay knows my order by heart",
            ),
            (
                "character",
                "*sets the cake back under its glass* Thank you for telling me. Fish and greens, then. I'll remember.",
            ),
            (
                "user",
                "my brother thinks i should go all steak all the time instead and honestly he can keep his steaks",
            ),
            ("character", "Your brother says a great many things."),
            ("user", "if i ever end up back on low-fodmap just shoot me ok. never again 😂"),
        ),
        question="What does Bartek eat these days?",
        old=("low-fodmap",),
        new=("seagan",),
        character_value=("locavore",),
    ),
    chat(
        "diet",
        FREIGHTER,
        first=(
            ("user", "*floats in and grabs a handhold* jericho the gravity's out on deck 3 again"),
            (
                "character",
                "*catches a drifting spatula* Then we're eating out of pouches tonight, captain's orders or not.",
            ),
            (
                "fact",
                "fine by me, honestly i've been living on soylent for like six months, every single meal, it's just easier on long hauls",
            ),
            ("character", "A cook's nightmare, you are."),
            (
                "own",
                "Don't look at me like that. I run on meal replacement bars between shifts, same as half the engine crew. *waves a silver wrapper* Chocolate flavour. Don't tell anyone.",
            ),
            ("user", "hypocrite 😤"),
        ),
        second=(
            ("user", "back from station leave!! did you miss me"),
            ("character", "*stirring something that smells real* The galley was quiet. Too quiet."),
            ("user", "so the station gym guy got in my head. i threw out the last crate of powder"),
            ("character", "Threw it out? Into the recycler, I hope, not the airlock."),
            (
                "change",
                "recycler lol. anyway i'm doing carb cycling now, high carb on lifting days, low on rest days, i have a whole spreadsheet",
            ),
            (
                "character",
                "A spreadsheet for dinner. Of course you do. Thank you for telling me; I'll mark your rest days on the galley board.",
            ),
            ("user", "my bunkmate eats nothing but instant noodles and he's fine, so who knows"),
            ("character", "Please don't take nutrition advice from your bunkmate."),
            (
                "user",
                "if the gym guy says i should try something else next month i'm ignoring him, this is the one",
            ),
        ),
        question="How does Bolormaa eat now?",
        old=("soylent",),
        new=("carb cycling",),
        character_value=("meal replacement",),
    ),
    chat(
        "diet",
        DETECTIVE,
        first=(
            (
                "user",
                "*pushes open the frosted glass door marked PROSPER & CO* you still owe me for the stakeout sandwiches",
            ),
            ("character", "*feet on the desk* I owe half this city, doll. Take a number."),
            (
                "fact",
                "i didn't eat them anyway, i'm on the warrior diet. nothing all day, one big meal after sundown. makes stakeouts easy actually",
            ),
            ("character", "*pushes the hat up* Nothing all day? You'd have made a fine cop."),
            (
                "own",
                "Me, I'm on a liquid diet. Coffee till noon, bourbon after. *pats the bottom drawer* The doc disapproves.",
            ),
            ("user", "the doc is right for once"),
        ),
        second=(
            ("user", "*drops into the client chair* ok long story. i fainted at the precinct"),
            ("character", "*sits up fast* You what?"),
            (
                "user",
                "blood pressure through the roof. the doctor at st. mary's gave me a lecture and a pamphlet",
            ),
            ("character", "And you read the pamphlet. I can see it in your face."),
            (
                "change",
                "i read it twice. i'm on the mind diet now, the heart-and-brain one, berries and greens and beans and fish, three actual meals a day like a normal person. no more starving till sundown",
            ),
            (
                "character",
                "*nods slowly* Thank you for telling me. Three meals. I'll stop leaving salted peanuts on the desk.",
            ),
            (
                "user",
                "my partner at the precinct says she'd never eat what a doctor picked for her. she has a hot dog at every crime scene",
            ),
            ("character", "That's why they call her a legend."),
            ("user", "if i ever get my old weight back i might try fasting again. big if"),
        ),
        question="What is Tsering eating these days?",
        old=("warrior diet",),
        new=("mind diet",),
        character_value=("liquid diet",),
    ),
    chat(
        "diet",
        DRAGON,
        first=(
            ("user", "*climbs the last ledge, panting* ursula you live way too high up"),
            ("character", "*one golden eye opens* You say that every visit. Sit by the embers."),
            ("user", "i brought you apples from the valley. the farmer waved at me like i was mad"),
            (
                "own",
                "Apples! *the great tail curls with pleasure* You know I am a frugivore; not a sheep has passed my jaws in three hundred years, whatever the village songs say.",
            ),
            (
                "fact",
                "lol same energy but opposite. i'm on the lion diet. beef, salt, water. that's it. the climb is easier with all the protein i swear",
            ),
            ("character", "Only beef? Even I find that grim."),
        ),
        second=(
            (
                "user",
                "*arrives lighter, carrying a basket of greens* guess whose cholesterol test came back terrifying",
            ),
            ("character", "*lifts her head* Yours, by that face."),
            (
                "change",
                "yeah. so the beef only era is over. i'm fully wfpb now, whole food plant based, beans and grains and greens, no meat no dairy no oil",
            ),
            (
                "character",
                "*rumbles approvingly* Thank you for telling me. The valley's greens will serve you well.",
            ),
            ("user", "my cousin said i'd last a week. it's been five"),
            ("character", "Your cousin underestimates climbers."),
            (
                "user",
                "she also says she's going to do it with me 'someday'. she's been saying someday since 2019 😂",
            ),
        ),
        question="What kind of food does Anahera eat now?",
        old=("lion diet",),
        new=("wfpb", "whole food plant based"),
        character_value=("frugivore",),
    ),
    chat(
        "diet",
        NIGHT_TRAIN,
        first=(
            ("user", "*hands over the ticket* coach 4, berth 12. evening zdenek"),
            (
                "character",
                "*punches the ticket with a flourish* Good evening. The dining car closes at ten, if you want it.",
            ),
            (
                "fact",
                "i'll probably pass, i'm on the gaps diet for my gut and the dining car menu is all bread and dumplings",
            ),
            ("character", "Ah. I'll ask the chef about broth."),
            (
                "own",
                "Me, I live on the cottage cheese diet on night shifts. A tub at every border, *laughs* my wife says I am half cheese by now.",
            ),
            ("user", "half cheese is a lot"),
        ),
        second=(
            ("user", "zdenek!! same train same berth, it's fate"),
            ("character", "*tips his cap* Or the booking system. Welcome back."),
            ("user", "gut's finally sorted so all that broth is behind me"),
            ("character", "That's good news. The chef will be relieved."),
            (
                "change",
                "ha don't tell him yet. i'm paleo-vegan now. no grains no legumes AND no animal stuff. it's mostly nuts and veg and a frankly upsetting amount of avocado 🥑",
            ),
            (
                "character",
                "*blinks* Thank you for telling me. No bread, no beans, no meat. The chef will weep into his dumplings.",
            ),
            (
                "user",
                "my sister asked if i'd eat meat at her wedding. i said maybe one bite of the cake but that's it",
            ),
            ("character", "A wedding is a wedding."),
            (
                "user",
                "also next month i'm visiting my gran and she will absolutely try to feed me goat stew. i will be strong",
            ),
        ),
        question="What does Chidubem eat now?",
        old=("gaps diet",),
        new=("paleo-vegan",),
        character_value=("cottage cheese diet",),
    ),
    chat(
        "diet",
        HARBOUR,
        first=(
            (
                "user",
                "*sits on the harbour rocks with my feet in the water* ysella? you around? i brought chips",
            ),
            ("character", "*surfaces, hair full of weed* Chips! The gulls will murder you."),
            (
                "fact",
                "they're for you lol. i can't have them, potatoes are a nightshade and i'm nightshade-free for my joints. no tomatoes no peppers no potatoes",
            ),
            ("character", "*steals three chips* Your loss, land girl."),
            (
                "own",
                "Besides, I'm on a water fast until the full moon. Merfolk tradition. These don't count, they're a gift.",
            ),
            ("user", "that is NOT how fasting works"),
        ),
        second=(
            ("user", "*waves from the rocks* i'm back from the clinic and i have news"),
            ("character", "*swims over* Good news or land news?"),
            (
                "user",
                "good. the joint thing wasn't the food at all, it was the old knee injury. so the doctor said eat what i want",
            ),
            ("character", "And what does a land girl want?"),
            (
                "change",
                "potatoes. so many potatoes. i'm doing the starch solution now, potatoes rice beans oats, a mountain of them every day and i feel amazing",
            ),
            (
                "character",
                "*laughs, salt spray everywhere* Thank you for telling me. A mountain of potatoes, on my rocks. The gulls will be delighted.",
            ),
            ("user", "my flatmate says it's a fad, she's sticking to her chicken and broccoli"),
            ("character", "Your flatmate has never tasted a chip."),
            ("user", "joke's on her, i'll be eating chips on these rocks every sunday 😌"),
        ),
        question="What does Wanjiru eat these days?",
        old=("nightshade-free",),
        new=("starch solution",),
        character_value=("water fast",),
    ),
    chat(
        "diet",
        TAVERN,
        first=(
            (
                "user",
                "*shoulders through the tavern door and stamps the snow off* perran, the usual. whatever's hot",
            ),
            ("character", "*already pouring* Stew's hot. Ale's cold. Pick one, or both."),
            (
                "fact",
                "stew, but no potatoes in mine. i'm on the blood type diet, type O, so it's meat and greens and that's it",
            ),
            ("character", "*ladles around the potatoes* Meat and greens for the gentleman."),
            ("user", "you're a saint"),
            (
                "own",
                "No saint, I'm on the okinawa diet. Eat till I'm eight parts full of ten and stop. It's how my grandmother lived to a hundred and two.",
            ),
        ),
        second=(
            ("user", "*limps in* perran. i have passed a kidney stone. i am a broken man. but new"),
            ("character", "*winces* Sit. Sit before you fall. A kidney stone! In winter!"),
            (
                "user",
                "the healer gave me a whole list of what not to eat. no spinach no nuts no beets no chocolate, not even strong tea 😭",
            ),
            ("character", "Not even tea? That's a cruelty."),
            (
                "change",
                "so yeah i'm low-oxalate now, the type O thing is dead, she said it was nonsense anyway. rice, eggs, cabbage, milk. boring but no more stones",
            ),
            ("character", "Thank you for telling me. Rice and eggs. I'll hide the beet jar."),
            (
                "user",
                "the ferryman's had three stones and still eats spinach every day. the man is a rock himself",
            ),
            ("character", "Stubborn as his boat."),
            ("user", "if i get another one i'm moving into the healer's hut tbh"),
        ),
        question="How does Vytautas eat now?",
        old=("blood type diet",),
        new=("low-oxalate",),
        character_value=("okinawa diet",),
    ),
    chat(
        "diet",
        HAUNTED_HOUSE,
        first=(
            (
                "user",
                "*lets myself in the back door* isadora? kettle's cold, are you sulking again",
            ),
            (
                "character",
                "*the curtains stir though the windows are shut* I never sulk. I haunt. There's a difference.",
            ),
            (
                "own",
                "And I don't need your kettle. I'm a breatharian, dear, have been since 1889. Dust and candle smoke keep me perfectly well.",
            ),
            ("user", "that's one way to say dead"),
            (
                "fact",
                "anyway i'm juicing at the moment, so i brought the juicer. celery, kale, ginger. you'll hear it screaming in the mornings, sorry",
            ),
            ("character", "*a portrait rattles* That machine sounds like a banshee."),
        ),
        second=(
            (
                "user",
                "*drops a cool bag on the table* hi hi. so. the juicer is in the cupboard under the stairs forever",
            ),
            ("character", "Good. It frightened the mice."),
            ("user", "it was making me starving and grumpy. my trainer made me read this book"),
            ("character", "A book. How quaint. What did it say?"),
            (
                "change",
                "went animal-based. meat, eggs, fruit, honey and raw milk from the farm up the lane. my energy is unreal",
            ),
            (
                "character",
                "*the candle flames lean toward you* Thank you for telling me. Honey and eggs, like the cook made in my day.",
            ),
            ("user", "my mum says it's a fad and she's staying on her cornflakes thank you"),
            ("character", "Mothers always say that."),
            ("user", "and if the farm stops selling raw milk i'll have to rethink, but not yet"),
        ),
        question="What does Lowenna eat now?",
        old=("juicing",),
        new=("animal-based",),
        character_value=("breatharian",),
    ),
)
