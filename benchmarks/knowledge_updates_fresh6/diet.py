"""The fresh-6 part's eight diet chats, each with its own pair of people: the old diet ended
by an event (gout, a father's heart attack, fainting in class, a trader's crate, a kidney
scare, a dropped torch, a settled flare, arthritis) and the new one said in the user's own
words, then a non-change that must not retire it."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh import _case as case

DIET_CASES = (
    case(
        "diet",
        "fresh6-diet-tavita",
        user="Tavita",
        character="Siosaia",
        first=(
            (
                "user",
                "*climbs down into the hold with a lantern* siosaia, cap'n wants the stores counted by dawn",
            ),
            ("character", "*groans from a hammock* Dawn is a rumour, lass."),
            (
                "fact",
                "don't look at me for biscuits, i brought my own. i'm on huel, three shakes a day, it keeps better than hardtack",
            ),
            ("character", "Powder in a bottle. The sea weeps."),
            (
                "own",
                "I eat nothing but bananas, me. The banana diet, since Barbados. Never had scurvy once.",
            ),
        ),
        second=(
            ("user", "(( ooc: time skip, a month later, same ship ))"),
            ("user", "*hobbles up the gangplank with one foot bandaged* don't laugh"),
            ("character", "*laughing* What did ye do, kick the mast?"),
            (
                "user",
                "gout. GOUT. at my age. the surgeon in port says it's all the protein powder and the rum",
            ),
            ("character", "The rum, surely not."),
            (
                "change",
                "so the shakes went overboard. i'm low-purine now, no organ meat, no sardines, barely any beer. cherries and water and misery",
            ),
            ("character", "Thank you for telling me. Cherries it is, then."),
            (
                "user",
                "the bosun says he'd rather lose the foot than give up anchovies. he'd do it too",
            ),
        ),
        question="What does Tavita eat now?",
        old=("huel",),
        new=("low-purine",),
        character_value=("banana diet",),
    ),
    case(
        "diet",
        "fresh6-diet-mahina",
        user="Mahina",
        character="Keoni",
        first=(
            ("user", "*slides onto a stool under the neon* keoni. just broth. no noodles"),
            ("character", "*wipes the counter with a rag* No noodles. In a noodle bar. Again."),
            (
                "fact",
                "i'm zero-carb, you know this. meat, fat, broth, that's the whole menu for me",
            ),
            ("character", "It hurts my soul, but fine."),
            (
                "own",
                "Me, I'm on the cookie diet. Six diet cookies and one real dinner. Don't tell my cardiologist.",
            ),
            ("user", "you have a cardiologist?? you're thirty"),
        ),
        second=(
            ("user", "*quiet, no jacket, sits down slowly*"),
            ("character", "Long week?"),
            (
                "user",
                "my dad had a heart attack. he's okay. but the doctor looked at my bloods too and went pale",
            ),
            ("character", "Oh, Mahina."),
            (
                "change",
                "we're both doing esselstyn now, me and dad. the plants-only heart thing, no oil at all, no meat. so... noodles. with vegetables. please",
            ),
            (
                "character",
                "*already reaching for the noodles* Thank you for telling me. Vegetables, no oil. I'll make it right.",
            ),
            (
                "user",
                "my ex messaged asking if i'm still doing the all-meat thing lol. didn't answer",
            ),
            ("character", "Good. Let them wonder."),
            ("user", "dad keeps saying he'll cheat at christmas. i'm watching him"),
        ),
        question="What is Mahina eating these days?",
        old=("zero-carb",),
        new=("esselstyn",),
        character_value=("cookie diet",),
    ),
    case(
        "diet",
        "fresh6-diet-oyelaran",
        user="Oyelaran",
        character="Folasade",
        first=(
            (
                "user",
                "*drops a stack of spellbooks on the reading table* folasade, is the library kitchen open",
            ),
            (
                "character",
                "*peers over half-moon spectacles* It's a Monday. You don't eat on Mondays.",
            ),
            (
                "fact",
                "ha you remembered. yeah i'm still on the 5:2 diet, mondays and thursdays are my fast days. five hundred calories and pure spite",
            ),
            ("character", "Spite is not a food group, dear."),
            (
                "own",
                "I've been on the egg diet all term. Boiled eggs at breakfast, lunch and supper. The owls are disgusted.",
            ),
        ),
        second=(
            ("user", "*sneaks a sandwich past the NO FOOD sign* shh"),
            ("character", "*without looking up* What's in it?"),
            (
                "change",
                "smoked trout and cucumber. i quit the fasting days, they made me faint in potions. i'm pescovegan now, plants and fish, no meat no dairy no eggs",
            ),
            (
                "character",
                "*sighs* Thank you for telling me. Trout in my library. I'll allow it this once.",
            ),
            (
                "user",
                "my roommate says she's going to try the fasting thing next term. i told her potions class will eat her alive",
            ),
            ("character", "Potions class eats everyone eventually."),
            (
                "user",
                "is it weird that i dream about cheese though. i'm not going back. just dreaming",
            ),
        ),
        question="How does Oyelaran eat now?",
        old=("5:2 diet",),
        new=("pescovegan",),
        character_value=("egg diet",),
    ),
    case(
        "diet",
        "fresh6-diet-nkechi",
        user="Nkechi",
        character="Temitope",
        first=(
            (
                "user",
                "*knocks on the bunker hatch three times* it's me, open up, the dust storm's coming",
            ),
            ("character", "*the hatch creaks open* Get in, get in. Anything from the surface?"),
            ("user", "avocados from the old greenhouse. the last tree's still going"),
            (
                "own",
                "I'll stick to my crickets. I'm an insectivore since the fall, crickets and mealworms from the farm tubs. Best protein down here.",
            ),
            (
                "fact",
                "that's grim temi. i'm ketotarian, so it's avocados and nuts and eggs, plant fats, no bread. the greenhouse is basically my pantry",
            ),
            ("character", "Your pantry has a dust storm outside it."),
        ),
        second=(
            ("user", "*peels a banana* don't say it"),
            ("character", "That's a banana. From where?"),
            (
                "user",
                "the traders from the south brought a whole crate. and a book about eating like the old raw food people",
            ),
            ("character", "And you read it."),
            (
                "change",
                "raw till four. fruit all day, raw, then a cooked dinner after four. bananas bananas bananas. the fat thing made me tired anyway",
            ),
            (
                "character",
                "Thank you for telling me. Raw till the afternoon. I'll keep the crate cool.",
            ),
            (
                "user",
                "the trader guy said he eats only meat jerky and has never been sick. i don't believe a word he says",
            ),
            ("character", "Traders lie for a living."),
        ),
        question="What does Nkechi eat these days?",
        old=("ketotarian",),
        new=("raw till four",),
        character_value=("insectivore",),
    ),
    case(
        "diet",
        "fresh6-diet-abena",
        user="Abena",
        character="Njeri",
        first=(
            (
                "user",
                "*floats into the module, tray velcroed to my wrist* njeri, trade you my pudding for your tortillas",
            ),
            ("character", "*catches a drifting fork* Deal. Pudding is a crime in zero g anyway."),
            (
                "fact",
                "i count macros, iifym, if it fits my macros i eat it. pudding fits today, tortillas don't",
            ),
            ("character", "You and your spreadsheet."),
            (
                "own",
                "I'm on a mono-meal week. Just rice, every meal, one food at a time. The flight surgeon thinks I'm mad.",
            ),
            ("user", "the flight surgeon is correct"),
        ),
        second=(
            ("user", "(( ooc: after landing, back on earth, a few weeks later ))"),
            (
                "user",
                "*in a hospital gown on a video call* hi. small kidney problem. very small. tiny",
            ),
            ("character", "Abena! What happened?"),
            ("user", "the space thing, calcium stuff, and now my kidneys are a bit cross with me"),
            ("character", "Are you alright? Truly?"),
            (
                "change",
                "i will be. the nephrologist put me on a renal diet, low salt, low potassium, low phosphorus. i deleted my macro app, it was all protein anyway",
            ),
            (
                "character",
                "Thank you for telling me. Get well, please. I'll eat a pudding in your honour.",
            ),
            (
                "user",
                "the mission doc says once my numbers are good i might go back to counting, but not for a long time",
            ),
            ("character", "A long time is fine."),
        ),
        question="What does Abena eat now?",
        old=("iifym",),
        new=("renal diet",),
        character_value=("mono-meal",),
    ),
    case(
        "diet",
        "fresh6-diet-otieno",
        user="Otieno",
        character="Zawadi",
        first=(
            ("user", "*knocks on the caravan door* zawadi? the boss sent me with the new schedule"),
            ("character", "*opens the door in leotard and slippers* Come in, mind the cat."),
            (
                "fact",
                "can't stay, i'm on the cambridge diet, it's shake o'clock. 800 calories a day till the show season starts",
            ),
            ("character", "Eight hundred! You juggle fire on eight hundred?"),
            (
                "own",
                "I'm doing a juice fast this week, myself. Carrot and beet. The wire feels lighter.",
            ),
        ),
        second=(
            ("user", "*sits on the caravan steps eating a huge bowl of salad* hi"),
            ("character", "That's a bucket. Of leaves."),
            (
                "user",
                "dropped a torch during the matinee. nearly set the tent on fire. the medic said i was running on fumes",
            ),
            ("character", "I told you."),
            (
                "change",
                "you did. so the shakes are gone, i'm doing eat-to-live now, the fuhrman one. greens, beans, onions, mushrooms, berries, seeds, huge bowls of them",
            ),
            ("character", "Thank you for telling me. Huge bowls. The cat will be jealous."),
            ("user", "the strongman swears by his nine eggs a morning and says i'm a rabbit now"),
            ("character", "The strongman should talk less."),
            ("user", "if i drop another torch i'll blame the beans"),
        ),
        question="What is Otieno's diet now?",
        old=("cambridge diet",),
        new=("eat-to-live",),
        character_value=("juice fast",),
    ),
    case(
        "diet",
        "fresh6-diet-sipho",
        user="Sipho",
        character="Lerato",
        first=(
            ("user", "*slumps into the break room at 3am* lerato tell me there's toast"),
            ("character", "*holds up a sad slice* There's toast. Barely."),
            (
                "fact",
                "white toast is perfect actually, i'm on low-residue for my bowel flare. white bread, white rice, no seeds no skins. very beige life",
            ),
            ("character", "Beige is calming. I'll make two."),
            (
                "own",
                "I'm on Jenny Craig again myself. The little frozen meals. Don't touch the left side of the freezer.",
            ),
        ),
        second=(
            ("user", "*arrives with a crate of bananas and mangoes* for the ward, and also for me"),
            ("character", "That's a lot of fruit, Sipho."),
            ("user", "the flare's settled, the gastro consultant signed me off the beige stuff"),
            ("character", "Good. No more toast at three in the morning."),
            (
                "change",
                "no more toast ever. i'm 80/10/10 now, fruit and greens, barely any fat. i ate nine bananas today",
            ),
            ("character", "*stares* Thank you for telling me. Nine. I'll call it in as a record."),
            (
                "user",
                "dr. okafor says he tried raw food in the 90s and lasted a weekend. he's sure i'll crack",
            ),
            ("character", "Dr. Okafor cracks at everything."),
        ),
        question="How does Sipho eat these days?",
        old=("low-residue",),
        new=("80/10/10",),
        character_value=("jenny craig",),
    ),
    case(
        "diet",
        "fresh6-diet-bongani",
        user="Bongani",
        character="Naledi",
        first=(
            (
                "user",
                "*climbs the last ladder rung into the fire tower* naledi, i brought the radio batteries",
            ),
            ("character", "*lowers the binoculars* Thank you. Sit, the view's clear today."),
            (
                "fact",
                "can't eat your stew though, i'm on optifast, the doctor's shake programme. eight weeks, i'm on week three",
            ),
            ("character", "Shakes. Up here, with all this forest."),
            (
                "own",
                "I live off wild food most of the summer. Mushrooms, berries, sorrel soup, trout from the creek. The tower's a larder.",
            ),
        ),
        second=(
            ("user", "*climbs up slower than usual, knees creaking*"),
            ("character", "Those knees sound like the old ladder."),
            (
                "user",
                "arthritis. early. the shake programme finished, i lost the weight, but my joints are still angry",
            ),
            ("character", "What did the doctor say?"),
            (
                "change",
                "she put me on the anti-inflammatory diet. oily fish, olive oil, turmeric, greens, no sugar, no white bread. i'm on it properly now",
            ),
            ("character", "Thank you for telling me. Oily fish and greens. The creek has trout."),
            ("user", "my brother-in-law wants me to try his cabbage juice cure. hard no"),
            ("character", "Hard no is right."),
            ("user", "if the knees ever stop hurting i'll climb this thing twice a day, promise"),
        ),
        question="What does Bongani eat now?",
        old=("optifast",),
        new=("anti-inflammatory diet",),
        character_value=("wild food",),
    ),
)
