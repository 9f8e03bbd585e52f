"""The fourth fresh part of the knowledge-update suite (``FRESH4_CASES``): held out, not tuned on.

Written as a new clean held-out part, for a figure on chats nobody changing the offline
provider's update rules has read. Written without reading the offline provider, its
lexicons, its extraction or update rules, the pipeline's steps, the dev parts, fresh-2, the
cases of fresh-1 and fresh-3, or how any part fares: only the suite's ``Case`` and its
scoring (``benchmarks.knowledge_updates``, ``benchmarks.memory``), the fresh part's
turn-by-turn format and docstring, fresh-3's docstring, the suite's module docstrings and
the parts' descriptions in docs/benchmarks.md were read (the name of fresh-3's first case
and three lines of other parts, cut short in a failing test's message, were seen by mistake;
none here is modelled on them, and kosher and omnivore are not planted). Values and people
were checked against the other parts by the tests only, programmatically, and the fifty
chats were committed before the part was run once, to check that the harness reads them.
Keep it that way: nobody tunes on these cases, nobody reads their failures to change the
product, and the part is left out while tuning (``--ku-parts`` without ``fresh4``); once
either happens, write a new held-out part and call this one seen.

The cases are ``benchmarks.knowledge_updates.Case`` in the fresh part's turn-by-turn format
(``benchmarks.knowledge_updates_fresh``), scored by the same code
(``benchmarks.memory.measure_knowledge_updates``): after two sittings a month apart, the
memories in context for the question must name the new value and no memory may name only the
old one; the character's own value of the same kind is the attribution distractor. Fifty
chats, ten per attribute (diet, job, city, partner, pet's name), each with its own pair of
people none of the other parts uses, and, as in fresh-3, no planted value (old, new or the
character's own, diets included) that another part plants, the dev parts and fresh-3
included, or that repeats inside the part.

The writing varies the way role-play users write: in character with actions in asterisks (a
druid's grove, a ship's bridge between the stars, a vampire's crypt, a duke's kennels, a
privateer's deck), lower case, typos ("screamd", "pigions"), emoji, long asides before the
change (a swan that holds a canal path, a birthday cake thrown into a lock, a meter reader
who leaves the door open); the change said plainly ("I moved to Antofagasta three weeks
ago"), with a negation ("She's not Splotch anymore", "Rosalba's no longer my girlfriend"),
over two messages (the house sold, then the new city; the old diet dropped, then the new
one), implied by an event (a shipping container reaching a new apartment, records moved into
a flat and an old toothbrush binned, a first week among penguins), said in passing (a ferry
shift that ran over, a new dog chewing a sleeve while a question is asked), with the old
value named or not, or with a dropped "I" ("stopped primal. omad now"); the fact early, in
the middle or last in its sitting, and the change first, in the middle or last in its own;
in some chats a third person's value of the same kind (a sister on slimming world, a husband
on Weight Watchers, a flatmate on a grapefruit diet, a brother who is a locksmith, a partner
who is a stonemason, a brother in Rotterdam, a sister in Montevideo, a sister's husband, a
cousin's spaniel, a mum's dog), never one of the chat's planted values. Each case is fair: a
careful reader of the chat answers its question with the new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case as case

FRESH4_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    case(
        "diet",
        "fresh4-diet-sirtfood-freegan",
        user="Ildiko",
        character="Levente",
        first=(
            (
                "fact",
                "ugh im on week 3 of the sirtfood diet so its kale, buckwheat, dark chocolate "
                "and a tiny bit of red wine, pls dont tempt me",
            ),
            (
                "own",
                "*slides a plate of brisket across the counter* then I'll eat this brisket for "
                "both of us",
            ),
            (
                "user",
                "rude. anyway the tram broke down outside the museum and i walked the last bit "
                "in the sleet",
            ),
            ("character", "Sleet in March. Sit by the radiator, your shoes are soaked through."),
        ),
        second=(
            (
                "user",
                "helloooo, sorry i vanished, my laptop died and took my whole thesis draft with it",
            ),
            ("character", "Oh no. Tell me you had a backup somewhere."),
            ("user", "half of it was in my email thank god. rewriting the rest this week"),
            (
                "change",
                "also i gave up on sirtfood, too expensive for a student. im freegan now, i only "
                "eat what the market stalls and the bakery would throw out at closing. free "
                "dinner every night",
            ),
            ("character", "Free dinner every night. You've beaten the system."),
        ),
        question="What diet does Ildiko follow now?",
        old=("sirtfood",),
        new=("freegan",),
        character_value=("brisket",),
    ),
    case(
        "diet",
        "fresh4-diet-windfall-fowl",
        user="Fenna",
        character="Gethin",
        first=(
            (
                "user",
                "*steps out from between the birches, leaves caught in her braid* You found the "
                "grove. Few travellers do.",
            ),
            (
                "character",
                "*lowers his lantern* I followed the bells. Is this where the druids live?",
            ),
            (
                "fact",
                "It is. And before you offer me your trail bread: I eat only windfall, as the "
                "grove asks. What the trees let fall, and nothing that was killed.",
            ),
            (
                "own",
                "*pats his satchel* More for me, then. A ranger lives on venison jerky and "
                "hard cheese. Mostly jerky.",
            ),
        ),
        second=(
            (
                "user",
                "*the grove is muddy with the spring melt; she waves him over to the fire* "
                "Gethin! The thaw brought you back.",
            ),
            ("character", "It did. You look rounder in the face. Healthier. What happened?"),
            (
                "change",
                "The winter broke me of the old vow. The elders let me take fowl now, a hen or a "
                "pheasant from the snares, but never red meat and never fish. Fowl and "
                "nothing else, the healer from the city wrote in her book, laughing.",
            ),
            (
                "character",
                "*grins and sits down by the coals* Then I know what to bring next time.",
            ),
        ),
        question="What does Fenna eat now?",
        old=("windfall",),
        new=("fowl",),
        character_value=("jerky",),
    ),
    case(
        "diet",
        "fresh4-diet-noom-ital",
        user="Merritt",
        character="Oona",
        first=(
            ("user", "guess who finally booked the ferry tickets for june 🎉⛴️"),
            ("character", "You did it! Which island in the end?"),
            ("user", "the little one with the goats 🐐 i always forget its name"),
            (
                "fact",
                "also im doing noom now 📱🥗 the app counts everything, traffic lights for food "
                "lol. my sister does slimming world and thinks im nuts",
            ),
            ("own", "I couldn't. I'd miss my churros far too much 😅"),
        ),
        second=(
            ("user", "hiii 👋 its been ages!! the island trip got cancelled btw, storm warning 😩"),
            ("character", "Oh no, after all that planning! Did you get your money back?"),
            ("user", "vouchers only. anyway"),
            (
                "change",
                "deleted noom 💀 my aunt is rasta and she got me eating ital with her, no salt, "
                "nothing processed, all from her garden, and honestly my stomach has never been "
                "happier 🌿",
            ),
            ("character", "That sounds lovely. Your aunt must have a huge garden."),
        ),
        question="What diet is Merritt on now?",
        old=("noom",),
        new=("ital",),
        character_value=("churros",),
    ),
    case(
        "diet",
        "fresh4-diet-elimination-halal",
        user="Ifeoma",
        character="Dafydd",
        first=(
            ("user", "My gut has finally calmed down, thank god."),
            ("character", "Finally! What did the specialist say?"),
            (
                "fact",
                "IBS, officially. So I'm on an elimination diet now: no onion, no garlic, no "
                "beans, no wheat, which for someone who grew up on my mother's cooking is "
                "basically a punishment.",
            ),
            ("own", "I'm sorry. I'd live on pierogi if you let me, so I can't even imagine."),
            ("user", "I'm reading a lot while I'm stuck at home. Thinking about faith, weirdly."),
        ),
        second=(
            (
                "user",
                "Right, I have to tell you about my landlord first or I'll explode. He came round "
                "to 'inspect the boiler', spent forty minutes in my kitchen, told me the rent is "
                "going up in June and left a muddy footprint on the mat. Forty minutes! He drank "
                "my tea!",
            ),
            ("character", "The audacity. Did he at least fix the boiler?"),
            ("user", "Of course not. Anyway. Bigger news, and I'm nervous saying it out loud."),
            (
                "change",
                "I took my shahada at the end of Ramadan. I'm Muslim now, so everything I eat is "
                "halal, and the gut doctor ended the elimination diet last week, so it's just "
                "halal for me now.",
            ),
            ("character", "Congratulations. That's a big step, and you sound happy."),
        ),
        question="What diet does Ifeoma keep now?",
        old=("elimination",),
        new=("halal",),
        character_value=("pierogi",),
    ),
    case(
        "diet",
        "fresh4-diet-primal-omad",
        user="Tobiah",
        character="Annukka",
        first=(
            ("user", "back from the climbing wall, forearms are jelly"),
            ("character", "You always say that and then go back the next day."),
            ("fact", "true. been doing primal since january, so hand me nothing with bread in it"),
            ("own", "*sighs at her own plate* My crepes and I will sit over here, then."),
        ),
        second=(
            (
                "change",
                "quick one before my shift: stopped primal. omad now, one meal a day, nothing "
                "till dinner",
            ),
            ("character", "Doesn't that make you grumpy in the mornings?"),
            ("user", "v grumpy. coworkers have been warned"),
            ("user", "climbing wall is closed for a refit too so everything is terrible"),
            ("character", "Poor thing. Go and eat your dinner early."),
        ),
        question="What eating plan is Tobiah on now?",
        old=("primal",),
        new=("omad",),
        character_value=("crepes",),
    ),
    case(
        "diet",
        "fresh4-diet-zone-pegan",
        user="Hallam",
        character="Zuleika",
        first=(
            (
                "user",
                "*drops onto the sofa with a groan* Three hours of rehearsal and the quartet "
                "still can't get the slow movement right.",
            ),
            ("character", "*hands over a mug* The viola again?"),
            ("user", "The viola. Always the viola."),
            (
                "fact",
                "Also I'm starving. I've done the Zone diet for two years, forty-thirty-thirty "
                "at every meal, and the rehearsal buffet was all sausage rolls.",
            ),
            (
                "own",
                "*guilty look at her plate* I brought schnitzel. It was fried in quite a lot of butter.",
            ),
        ),
        second=(
            (
                "user",
                "*bursts in shaking off an umbrella* We played the concert! The slow movement "
                "held together!",
            ),
            ("character", "I heard! Your sister said the viola was perfect."),
            (
                "change",
                "And look at me, I had a lentil salad at the interval. I'm off the Zone diet: the "
                "physio put me on pegan, which is somehow paleo and vegan at once, vegetables "
                "and nuts and no grains. My flatmate's still on her grapefruit diet and thinks "
                "I've betrayed the cause.",
            ),
            ("character", "*laughs* Both at once. Of course it is."),
        ),
        question="What kind of diet does Hallam have now?",
        old=("zone",),
        new=("pegan",),
        character_value=("schnitzel",),
    ),
    case(
        "diet",
        "fresh4-diet-jain-bulking",
        user="Hemant",
        character="Rhodri",
        first=(
            (
                "user",
                "my grandmother sent me home with a whole tin of khakhra again, i have enough for "
                "a year",
            ),
            ("character", "Bless her. Is that the crispy flatbread one?"),
            (
                "fact",
                "that's the one. i eat jain like my whole family, so no meat, no eggs, and "
                "nothing that grows underground, not even onions",
            ),
            ("own", "Ha, I'm the opposite. Give me a moussaka with extra lamb and I'm happy."),
        ),
        second=(
            ("user", "ok two things and you have to let me finish"),
            ("character", "I'm listening. Go."),
            (
                "user",
                "one: i moved out of my grandmother's place and i don't eat jain anymore. it's a "
                "whole thing with my family, we'll talk",
            ),
            (
                "change",
                "two: my new flatmate got me lifting and i'm bulking, chicken and rice and four "
                "thousand calories a day. i feel weirdly great",
            ),
            ("character", "That's a lot of change in a month. I'm glad you feel good."),
        ),
        question="What does Hemant eat these days?",
        old=("jain",),
        new=("bulking",),
        character_value=("moussaka",),
    ),
    case(
        "diet",
        "fresh4-diet-kelp-mealworms",
        user="Kwabena",
        character="Sigrun",
        first=(
            (
                "user",
                "*floats through the hatch, catching the handrail* Ring Three's gravity is still "
                "down. The whole deck is eating in zero-g.",
            ),
            (
                "character",
                "*tethers a drink pouch to the wall* Then we drink out of bags like animals. Sit. "
                "Well. Hover.",
            ),
            (
                "fact",
                "*unwraps a green brick* Kelp loaf again. Same as every shift for six years; "
                "it's all the station's vats grow for us.",
            ),
            ("own", "I trade with the freighter crews for soy gyoza. Don't tell the purser."),
        ),
        second=(
            (
                "user",
                "*boots hit the dusty floor of the colony dome; he stumbles, laughing* Real "
                "gravity. My knees hate it.",
            ),
            ("character", "You came down to the surface after all. How's colony life?"),
            (
                "change",
                "Loud, dusty, and the food is mealworms. Farmed mealworms, roasted, ground into "
                "flour, in everything. No more kelp for me; the dome doesn't grow it.",
            ),
            ("character", "*wrinkles her nose* I'll take your word that it's good."),
        ),
        question="What does Kwabena eat now?",
        old=("kelp",),
        new=("mealworms", "mealworm"),
        character_value=("gyoza",),
    ),
    case(
        "diet",
        "fresh4-diet-blood-nettle",
        user="Dagny",
        character="Kalliope",
        first=(
            (
                "user",
                "*the candles gutter as the vampire steps out of the crypt* You're late, mortal. "
                "The bells rang midnight an hour ago.",
            ),
            (
                "character",
                "*shakes rain from her cloak* The boatman wanted double. Are you hungry?",
            ),
            (
                "fact",
                "Always. I drink only blood, as my maker did: a goblet at dusk, from the willing "
                "ones in the village.",
            ),
            (
                "own",
                "*unpacks a bone from her basket* Well, I'm having roasted marrow on toast, and "
                "you can watch.",
            ),
        ),
        second=(
            (
                "user",
                "*sits at the long table, pale in the moonlight, a steaming bowl waiting* Sit "
                "with me. It's ready.",
            ),
            (
                "character",
                "*peers into the bowl* That isn't what I expected to see in front of you.",
            ),
            (
                "change",
                "I swore off the goblets at the new moon. The witch in the marsh cured the "
                "thirst, and now I eat as she does: nettle soup, morning and night, with black "
                "bread. Strange, to taste things again.",
            ),
            ("character", "*sits, cautiously* Then I'll keep you company while you eat."),
        ),
        question="What does Dagny live on now?",
        old=("blood",),
        new=("nettle", "nettles"),
        character_value=("marrow",),
    ),
    case(
        "diet",
        "fresh4-diet-juice-lowcarb",
        user="Liesl",
        character="Radek",
        first=(
            (
                "user",
                "You would not believe the day. The school rang because Mateo bit a boy in his "
                "class, then my car failed its MOT, then I got home and the cat had knocked the "
                "fern off the shelf and there was soil from one end of the hall to the other.",
            ),
            ("character", "Oh, love. Which of those do you want to start with?"),
            ("user", "None of them. Distract me."),
            ("character", "Right. What's in the big green bottle?"),
            (
                "fact",
                "Celery, kale, ginger. I'm on day three of a juice cleanse, nothing but juice "
                "until Sunday. My husband's doing Weight Watchers, so the fridge is a war zone.",
            ),
            ("own", "I'm making lasagne tonight, so maybe don't come round."),
        ),
        second=(
            (
                "user",
                "Hi! Mateo has a new best friend. It's the boy he bit. Children are a mystery.",
            ),
            ("character", "That's the best outcome nobody could have planned."),
            (
                "change",
                "Oh, and the juice thing ended after five days, I could not do it. My GP has me "
                "on low-carb now: eggs, greens, a bit of fish, no bread or potatoes.",
            ),
            ("character", "Five days is more than I'd have managed."),
        ),
        question="What diet is Liesl on now?",
        old=("juice", "cleanse"),
        new=("carb", "carbs"),
        character_value=("lasagne",),
    ),
    # ------------------------------------------------------------------ job
    case(
        "job",
        "fresh4-job-wrangler-glazier",
        user="Aino",
        character="Tuomas",
        first=(
            ("user", "Evening! My shoulders are wrecked, I wrangled eleven horses on set today."),
            ("character", "Eleven! Sit, sit. Tea or something stronger?"),
            (
                "fact",
                "Something stronger. Being a horse wrangler is lovely until a cob decides to lean "
                "his whole weight on you.",
            ),
            (
                "own",
                "I'll stick to my auction hall, thanks. The worst an auctioneer gets is a sore "
                "throat.",
            ),
        ),
        second=(
            ("user", "Guess what my hands smell of now. Putty!"),
            ("character", "Putty? What have you been up to?"),
            (
                "change",
                "I'm not a wrangler anymore. My uncle took me on at his workshop and I'm a glazier "
                "now: windows, shopfronts, the odd church pane if we're lucky.",
            ),
            ("character", "A steadier trade, and nobody leaning on you."),
        ),
        question="What is Aino's trade now?",
        old=("wrangler",),
        new=("glazier",),
        character_value=("auctioneer",),
    ),
    case(
        "job",
        "fresh4-job-botanist-navigator",
        user="Thorunn",
        character="Snorri",
        first=(
            ("user", "*wipes nutrient gel off her gloves* The bean racks in Bay C flooded again."),
            ("character", "Again? That's the third time this cycle."),
            (
                "fact",
                "Third time. I've been the ship's botanist for eight years and I've never seen "
                "pumps this tired.",
            ),
            (
                "own",
                "*taps the rifle on his back* Want me to shoot them? I'm the ship's armorer, it's "
                "the only fix I know.",
            ),
        ),
        second=(
            (
                "user",
                "*slides into the chair at the star charts, grinning* Look where they've put me.",
            ),
            ("character", "On the bridge? You? Who let the gardener up here?"),
            (
                "change",
                "The captain did. Old Vance retired at Ceres and I passed the sim, so I'm the "
                "ship's navigator now. Somebody else can bail out Bay C.",
            ),
            ("character", "*salutes lazily* Then plot us somewhere with a decent bar."),
        ),
        question="What is Thorunn's job on the ship now?",
        old=("botanist",),
        new=("navigator",),
        character_value=("armorer", "armourer"),
    ),
    case(
        "job",
        "fresh4-job-phlebotomist-coastguard",
        user="Yevgenia",
        character="Huw",
        first=(
            ("user", "omg hiii, finaly a day off"),
            ("character", "About time! What are you doing with it?"),
            (
                "fact",
                "nothin. sleeping. 9 yrs as a phlebotomist and i still cant get used to the early "
                "clinic hours",
            ),
            (
                "own",
                "Try being a plasterer. Half my calls come at 6am because someone's ceiling has "
                "come down.",
            ),
        ),
        second=(
            ("user", "sorry sorry been slammed"),
            ("character", "No apology needed. Slammed with what?"),
            (
                "change",
                "left the clinic in march!! coastguard now, did the training and got put on the "
                "lifeboat station last week. nights are brutal but i love it",
            ),
            ("character", "Nights on the lifeboats. Please sleep when you can."),
        ),
        question="What does Yevgenia do for a living now?",
        old=("phlebotomist",),
        new=("coastguard",),
        character_value=("plasterer",),
    ),
    case(
        "job",
        "fresh4-job-greengrocer-engraver",
        user="Thandiwe",
        character="Piers",
        first=(
            (
                "user",
                "the shop smells like leeks today and the onion crates have me crying nonstop 🧅😭",
            ),
            ("character", "Onions will do that. Open a window?"),
            (
                "fact",
                "cant, the paper bags would blow away lol. occupational hazard of being a greengrocer 🥕",
            ),
            (
                "own",
                "At least leeks don't argue. Half my day as an optometrist is people swearing "
                "they can read the bottom line 👓",
            ),
            ("user", "my brother the locksmith says the same about people locked out at 2am 🔑"),
        ),
        second=(
            ("user", "NEW HAIR NEW ME 💇‍♀️ ok not really but"),
            ("character", "It suits you! What's the not-really part?"),
            (
                "change",
                "i sold my half of the veg shop 🥕➡️🔨 im apprenticing as an engraver at the trophy "
                "place now, did my first real piece yesterday, a tiny key on my brother's "
                "keyring lol",
            ),
            ("character", "A key for the locksmith. That's perfect."),
        ),
        question="What is Thandiwe's job now?",
        old=("greengrocer",),
        new=("engraver",),
        character_value=("optometrist",),
    ),
    case(
        "job",
        "fresh4-job-notary-aquarist",
        user="Leopold",
        character="Aroha",
        first=(
            ("user", "Do you ever feel like your whole life is photocopying?"),
            ("character", "Only on Mondays. Bad day at the office?"),
            (
                "fact",
                "Every day at the office. I'm a notary, which means I'm the one who checks every "
                "signature at 7pm.",
            ),
            (
                "own",
                "I'm a proofreader, cookbooks mostly. My worst day is deciding whether 'a knob "
                "of butter' needs a footnote.",
            ),
        ),
        second=(
            ("user", "I have a sunburn on one side of my face and I smell faintly of fish."),
            ("character", "...I have so many questions."),
            (
                "change",
                "First week as an aquarist at the sea life centre! I'm on the penguin pool, the "
                "sunburn is from standing by the glass roof all day, and the fish is breakfast. "
                "Theirs, not mine.",
            ),
            ("user", "I closed the office for good the same week the aquarium rang me."),
            ("character", "From photocopies to penguins. I love it."),
        ),
        question="What does Leopold do for work these days?",
        old=("notary",),
        new=("aquarist",),
        character_value=("proofreader",),
    ),
    case(
        "job",
        "fresh4-job-statistician-thatcher",
        user="Sioned",
        character="Galen",
        first=(
            (
                "fact",
                "I'm a statistician, so forgive me if I calculate the odds of that umbrella "
                "surviving the walk home.",
            ),
            (
                "own",
                "*sketches the umbrella turning inside out* I'm a cartoonist, I'd rather draw it "
                "than save it.",
            ),
            ("user", "Ha! Put me in the drawing. Make me taller."),
            ("character", "Done. You're seven feet tall and holding the umbrella heroically."),
        ),
        second=(
            (
                "user",
                "Okay, I need to tell you about my Saturday, because it's why I'm late. I was on "
                "the bike path by the canal, and a swan, a genuinely enormous swan, decided the "
                "path was his. He stood there with his wings out. A man with a pushchair turned "
                "back. A jogger turned back. I stood my ground for about ten minutes, and then "
                "he hissed and I went the long way round like everybody else, past the gasworks "
                "and the allotments, and got a puncture on a broken bottle outside the chip shop.",
            ),
            ("character", "So the swan won."),
            (
                "user",
                "The swan always wins. Anyway, then I had to rush back for the reed delivery.",
            ),
            ("character", "The reed delivery?"),
            (
                "change",
                "Oh! I never told you. I left the insurance job. I thatch roofs full time now, "
                "with my uncle's crew, reed from the marshes, cottages all over the county. "
                "Thatcher, officially, on my tax form and everything.",
            ),
            ("character", "On roofs all day. Please hold on tight."),
        ),
        question="What is Sioned's job now?",
        old=("statistician",),
        new=("thatcher",),
        character_value=("cartoonist",),
    ),
    case(
        "job",
        "fresh4-job-telemarketing-luthier",
        user="Mehmet",
        character="Clementina",
        first=(
            ("user", "headset hair again today 🙃"),
            ("character", "Long shift?"),
            (
                "fact",
                "ten hours of telemarketing. 212 calls, 3 sales, 1 man who played me the trumpet "
                "down the phone",
            ),
            ("own", "I'd take your trumpet man over a day of rigging lights in this heat."),
        ),
        second=(
            ("user", "so i did a thing. i handed in my notice at the call centre"),
            ("character", "You did not! What happened?"),
            (
                "change",
                "as of monday im an apprentice luthier at a guitar workshop in the old mill. i "
                "sand necks all day and i have never been happier",
            ),
            ("character", "Guitars! You always did play on the stairs."),
        ),
        question="What is Mehmet's job now?",
        old=("telemarketing", "telemarketer"),
        new=("luthier",),
        character_value=("rigging", "rigger"),
    ),
    case(
        "job",
        "fresh4-job-sonographer-deckhand",
        user="Birgitta",
        character="Stavros",
        first=(
            (
                "user",
                "*kicks off her shoes at the door* Twelve-hour shift at the hospital. My feet are "
                "screaming.",
            ),
            (
                "character",
                "*holds out a hand for the shoes* Give them here, these heels are hanging on by a "
                "thread.",
            ),
            (
                "fact",
                "I'm a sonographer. I stand over a scanner all day, the shoes never stand a "
                "chance.",
            ),
            (
                "own",
                "Well, lucky for you I'm a saddler; leather is leather. I'll restitch them by Friday.",
            ),
        ),
        second=(
            (
                "change",
                "*wrings out her hair, smelling of salt* Sorry, straight off the ferry. My "
                "deckhand shift ran over, a kid dropped his hat over the rail and I fished it out "
                "with a boathook. Honestly, best job I've had since I walked out of the "
                "hospital.",
            ),
            ("character", "*passes her a towel* And did you save the hat?"),
            ("user", "Third try. He cried. I nearly cried."),
            ("character", "A hero in flip-flops. Sit down, I'll make cocoa."),
        ),
        question="What does Birgitta do for work now?",
        old=("sonographer",),
        new=("deckhand",),
        character_value=("saddler",),
    ),
    case(
        "job",
        "fresh4-job-copyist-houndmaster",
        user="Caoimhe",
        character="Darius",
        first=(
            (
                "user",
                "*sets down a stack of vellum* The abbot wants the whole psalter copied by "
                "midsummer. My hand is cramping already.",
            ),
            ("character", "*stitches a boot sole* Then let it rest. You'll smear the gold leaf."),
            (
                "fact",
                "A copyist who rests is a copyist who misses midsummer. *flexes ink-black fingers*",
            ),
            (
                "own",
                "A cordwainer who rests goes barefoot. We all have our burdens. *pulls the "
                "thread tight*",
            ),
        ),
        second=(
            ("user", "*two great grey hounds pad in at her heels* Careful, the big one bites."),
            ("character", "*backs away from the bench* Since when do you keep hounds?"),
            (
                "change",
                "Since the duke saw me calm his wolfhound at the fair. He took me out of the "
                "scriptorium and made me his houndmaster. No more ink; leashes and mud now.",
            ),
            ("character", "*keeps his distance* That one has a very judging look."),
        ),
        question="What is Caoimhe's work now?",
        old=("copyist",),
        new=("houndmaster",),
        character_value=("cordwainer",),
    ),
    case(
        "job",
        "fresh4-job-milkman-cabinetmaker",
        user="Obadiah",
        character="Rosamund",
        first=(
            ("user", "Hiya. Parked the van on a double yellow, so I've got ten minutes."),
            ("character", "Ten minutes it is. How's Dev?"),
            (
                "user",
                "Dev's good. He's a stonemason, he's rebuilding a wall at the cathedral and comes "
                "home grey with dust.",
            ),
            (
                "own",
                "*adjusts the dummy on her knee* Tell him my Percy would love a cathedral to "
                "echo in. A ventriloquist can dream.",
            ),
            ("fact", "Ha. Right, I'm off, I've got forty doorsteps left. Milkman life."),
        ),
        second=(
            ("user", "No van outside today, you'll notice."),
            ("character", "I did notice. Did it finally die?"),
            (
                "change",
                "I handed it back. I'm a cabinetmaker now, at the furniture place on Cole Street; "
                "oak, walnut, dovetails all day. Dev says I finally have a job that doesn't start "
                "at four in the morning.",
            ),
            ("character", "No more four o'clock starts. He's not wrong to be pleased."),
        ),
        question="What is Obadiah's job now?",
        old=("milkman",),
        new=("cabinetmaker",),
        character_value=("ventriloquist",),
    ),
    # ------------------------------------------------------------------ city
    case(
        "city",
        "fresh4-city-maribor-antofagasta",
        user="Philomena",
        character="Jarrah",
        first=(
            (
                "fact",
                "Another snowy morning here in Maribor. I've lived here six years and the "
                "Pohorje slopes still look unreal under snow.",
            ),
            ("own", "Snow I understand. Up in Tampere we've had it since November."),
            (
                "user",
                "Send me some of your patience. My neighbour shovels his path at 5am with a "
                "metal spade.",
            ),
            ("character", "At five? That's a crime in any country."),
        ),
        second=(
            ("user", "Hello from the other side of the world!"),
            ("character", "The other side? What do you mean?"),
            (
                "change",
                "I moved to Antofagasta three weeks ago. The job at the observatory came through, "
                "and now I live halfway up a dry brown hill in a yellow house with a view of "
                "the port.",
            ),
            ("character", "Three weeks! You kept that very quiet."),
        ),
        question="Which city does Philomena live in now?",
        old=("maribor",),
        new=("antofagasta",),
        character_value=("tampere",),
    ),
    case(
        "city",
        "fresh4-city-tarnwold-gullhaven",
        user="Ingeborg",
        character="Tiberius",
        first=(
            (
                "user",
                "*stamps mud from her boots at the inn door* The gates close at dusk, so I ran "
                "the last mile.",
            ),
            ("character", "*pours cider* You live inside the walls, then?"),
            (
                "fact",
                "Born and bred in Tarnwold. My house is the crooked one by the tannery; you can "
                "smell it from the square.",
            ),
            (
                "own",
                "I keep a room above the mapmaker's shop in Amberlyn, three days east. Quieter, "
                "and nothing smells of tannery.",
            ),
        ),
        second=(
            (
                "user",
                "*salt in her hair, a gull feather tucked behind one ear* You'll have to come to "
                "the coast if you want to see me now.",
            ),
            ("character", "The coast? What happened to the crooked house?"),
            (
                "change",
                "Sold it to the tanner's son. I've taken a cottage in Gullhaven, by the harbour, "
                "and I'm not going back to Tarnwold.",
            ),
            ("character", "*raises his cup* To the sea, then."),
        ),
        question="Which town does Ingeborg live in now?",
        old=("tarnwold",),
        new=("gullhaven",),
        character_value=("amberlyn",),
    ),
    case(
        "city",
        "fresh4-city-asheville-invercargill",
        user="Eulalia",
        character="Xabier",
        first=(
            ("fact", "morning from asheville! foggy mountains, bad coffee, good dog. the usual"),
            ("own", "Morning from Rijeka, where the wind is trying to steal my hat again."),
            (
                "user",
                "ha the bora? my sister in montevideo says their wind is worse but she lies about "
                "everything",
            ),
            ("character", "Sisters always do. Tell her I said so."),
        ),
        second=(
            ("user", "big news part one: we sold the asheville house. signed the papers in march"),
            ("character", "Sold it! You loved that porch."),
            (
                "change",
                "part two: we're in invercargill now. new zealand. it's autumn here and everyone is "
                "very polite about my accent",
            ),
            ("character", "Autumn in April. That will take some getting used to."),
        ),
        question="Where does Eulalia live now?",
        old=("asheville",),
        new=("invercargill",),
        character_value=("rijeka",),
    ),
    case(
        "city",
        "fresh4-city-plovdiv-yellowknife",
        user="Bostjan",
        character="Roswitha",
        first=(
            (
                "fact",
                "☀️ 19 degrees in march, plovdiv is showing off. i sit on the old town steps "
                "every lunch and never want to live anywhere else",
            ),
            (
                "own",
                "Jealous. It's grey and drizzly in Delft and the canals smell like wet coins 🌧️",
            ),
            ("user", "wet coins 😂 thats so specific"),
            ("character", "I've lived here long enough to know all its smells."),
        ),
        second=(
            ("user", "brrr 🥶🥶🥶"),
            ("character", "What's brr? It's spring!"),
            (
                "change",
                "not in plovdiv anymore!! moved to yellowknife for my partner's job and its -8 in "
                "april. who does this 😭",
            ),
            ("character", "Minus eight! Buy a proper coat today, please."),
        ),
        question="What city is Bostjan living in now?",
        old=("plovdiv",),
        new=("yellowknife",),
        character_value=("delft",),
    ),
    case(
        "city",
        "fresh4-city-missoula-aarhus",
        user="Marit",
        character="Aurelian",
        first=(
            (
                "user",
                "My bike got a flat on the way over, so I walked it through the whole of downtown.",
            ),
            ("character", "In this wind? You're frozen."),
            (
                "fact",
                "Yeah, Missoula doesn't do gentle wind. I've lived here since grad school and "
                "I'm still not used to it.",
            ),
            ("own", "Come and live in Perugia with me. Chocolate, hills, almost no wind."),
        ),
        second=(
            (
                "user",
                "The shipping container finally came! Four weeks on a boat and only one broken "
                "lamp.",
            ),
            ("character", "Four weeks! Where did it have to go?"),
            (
                "change",
                "All the way across the Atlantic to our new apartment in Aarhus. I'm unpacking by "
                "a window that looks at the harbour, and everybody here cycles faster than me.",
            ),
            ("character", "Everyone cycles faster than you everywhere."),
        ),
        question="Where does Marit live now?",
        old=("missoula",),
        new=("aarhus",),
        character_value=("perugia",),
    ),
    case(
        "city",
        "fresh4-city-hermosillo-stavanger",
        user="Nnamdi",
        character="Itziar",
        first=(
            ("user", "hiya. 38 degrees today, lips are melting"),
            ("character", "Thirty-eight in March? Where are you?"),
            ("fact", "hermosillo, where else. lived here my whole life and the heat still wins"),
            ("own", "Matera's chilly this week. My cave house stays cold whatever I do."),
        ),
        second=(
            (
                "change",
                "moved to stavanger in march. fog every morning, fish soup every friday, zero "
                "regrets",
            ),
            ("character", "Fog instead of heat. You must be so happy."),
            ("user", "so happy. bought a raincoat for the first time in my life"),
            ("character", "Yellow, I hope."),
        ),
        question="Which city does Nnamdi live in now?",
        old=("hermosillo",),
        new=("stavanger",),
        character_value=("matera",),
    ),
    case(
        "city",
        "fresh4-city-harrogate-zaragoza",
        user="Hedda",
        character="Aitor",
        first=(
            (
                "user",
                "Hello! I'm writing from the cafe on the corner, the one with the awful paintings.",
            ),
            ("character", "The one with the seagull in a top hat?"),
            ("user", "Yes, that one."),
            (
                "fact",
                "It's my favourite place in Harrogate, which I think says a lot about Harrogate. "
                "Eight years I've lived here.",
            ),
            (
                "own",
                "In Graz our cafes have cakes instead of paintings, which I think says a lot "
                "about Graz.",
            ),
        ),
        second=(
            (
                "user",
                "Right, so, the brass band trip. We were supposed to play at the cathedral, and "
                "on the way there the coach driver took a wrong turn, we ended up on a farm "
                "track, a goat climbed onto the bonnet, the driver refused to move until it got "
                "down, and it did not get down for forty minutes. We played to it. It liked the "
                "march.",
            ),
            ("character", "A goat critic. I love it."),
            (
                "change",
                "Anyway, that was my last trip with the old band, because I've moved to Zaragoza! "
                "I found a flat by the river near the basilica, and I've joined a band here "
                "already.",
            ),
            ("character", "A goat and a new country in one month."),
        ),
        question="Which city is Hedda's home now?",
        old=("harrogate",),
        new=("zaragoza",),
        character_value=("graz",),
    ),
    case(
        "city",
        "fresh4-city-izmir-leipzig",
        user="Agathe",
        character="Rohan",
        first=(
            (
                "user",
                "My brother just called from Rotterdam complaining about the rain, as always.",
            ),
            ("character", "Some people need the rain to have something to talk about."),
            (
                "fact",
                "True. Meanwhile I'm in Izmir on my balcony with the sea and a glass of tea. I'll "
                "never leave Izmir, I tell him.",
            ),
            ("own", "My balcony in Arequipa looks at a volcano. We're both very lucky people."),
        ),
        second=(
            ("user", "Well. Never say never."),
            ("character", "Uh oh. What did you do?"),
            (
                "change",
                "I took the job at the university and moved to Leipzig. My brother is thrilled "
                "that I'm only a train ride from him now.",
            ),
            ("character", "A big move. How is the tea there?"),
        ),
        question="Where does Agathe live now?",
        old=("izmir",),
        new=("leipzig",),
        character_value=("arequipa",),
    ),
    case(
        "city",
        "fresh4-city-wollongong-rotorua",
        user="Wulan",
        character="Eoghan",
        first=(
            ("user", "surf was flat today so i just floated around like a jellyfish"),
            ("character", "That sounds like a perfect morning, honestly."),
            (
                "fact",
                "it was. wollongong has its moments. been here 10 yrs and the beach never gets old",
            ),
            ("own", "No beaches in Kigali, but the hills are beautiful this time of year."),
        ),
        second=(
            ("user", "i smell like eggs, sorry in advance"),
            ("character", "...eggs?"),
            (
                "change",
                "sulphur! the whole of rotorua smells like it, there's steam coming out of the "
                "drains on my street, a month since the move and i still notice. anyway the "
                "reason i'm messaging: do you know a good recipe for scones",
            ),
            ("character", "Sulphur and scones. I'll find you a recipe."),
        ),
        question="Which city does Wulan live in now?",
        old=("wollongong",),
        new=("rotorua",),
        character_value=("kigali",),
    ),
    case(
        "city",
        "fresh4-city-gdansk-ushuaia",
        user="Ludek",
        character="Tallulah",
        first=(
            ("user", "hey hey. my flatmate burned popcorn and the whole building evacuated lmao"),
            ("character", "Evacuated! Over popcorn?"),
            (
                "fact",
                "over popcorn. 300 ppl from my building in gdansk standing in the snow at "
                "midnight in there pyjamas, my flatmate hiding behind a tree",
            ),
            (
                "own",
                "Nothing like that in Coimbra, thank god. The students here only set fire to "
                "things on purpose.",
            ),
            ("user", "lol. anyway im ok. smelly but ok"),
        ),
        second=(
            ("user", "guess whos writing to u from the bottom of the world"),
            ("character", "You're joking. Since when?"),
            (
                "change",
                "since 3 wks ago!! got a job on the antarctic cruise ships, so i live in ushuaia now. "
                "no more gdansk winters, just ushuaia ones lol",
            ),
            ("character", "Penguins for neighbours, I hope."),
        ),
        question="What city does Ludek live in now?",
        old=("gdansk",),
        new=("ushuaia",),
        character_value=("coimbra",),
    ),
    # ------------------------------------------------------------------ partner
    case(
        "partner",
        "fresh4-partner-ansel-torquil",
        user="Angharad",
        character="Halldor",
        first=(
            (
                "fact",
                "My boyfriend Ansel and I finally painted the bedroom. It's green. Very, very "
                "green.",
            ),
            ("own", "My wife Cosima would approve. She painted our kitchen orange."),
            ("user", "Orange! Brave woman."),
            ("character", "Brave, or colourblind. The jury's still out."),
        ),
        second=(
            ("user", "I need to tell you something and I don't want a big fuss."),
            ("character", "No fuss. I promise."),
            (
                "change",
                "Ansel and I broke up in the middle of March. It was mutual, mostly. And I've "
                "started seeing Torquil, from my running club, and it's going really well.",
            ),
            ("character", "*no fuss, just a hug* I'm happy for you."),
        ),
        question="Who is Angharad's partner now?",
        old=("ansel",),
        new=("torquil",),
        character_value=("cosima",),
    ),
    case(
        "partner",
        "fresh4-partner-melisande-perdita",
        user="Iolo",
        character="Maelle",
        first=(
            (
                "user",
                "*leans on the rail as the ship rolls* Her letters reach me at every port. Three "
                "this month alone.",
            ),
            ("character", "*coils a rope* Your sweetheart writes more than the admiralty."),
            (
                "fact",
                "She does. Melisande is my betrothed, and when this voyage ends we marry in her "
                "father's chapel.",
            ),
            (
                "own",
                "*smiles at the horizon* Berengar waits for me in Port Royal too. We've been wed "
                "nine years.",
            ),
        ),
        second=(
            ("user", "*tosses a crumpled letter into the sea* No more letters from that port."),
            ("character", "*stops coiling* What did it say?"),
            (
                "user",
                "That she's wed a merchant while I was away. Three years of waiting, and she "
                "couldn't wait one more.",
            ),
            ("character", "*quietly* I'm sorry. That's a cruel letter to carry across an ocean."),
            (
                "change",
                "*manages a crooked smile* The sea gives back, though. Perdita, the "
                "quartermaster's daughter on the Kestrel. We've been courting since we docked at "
                "Tortuga. She's who I come home to now.",
            ),
        ),
        question="Who is Iolo courting now?",
        old=("melisande",),
        new=("perdita",),
        character_value=("berengar",),
    ),
    case(
        "partner",
        "fresh4-partner-diederik-rafferty",
        user="Ottavia",
        character="Lachlan",
        first=(
            (
                "fact",
                "my bf diederik got me flowers for NO reason today 🥹💐 been together 4 yrs and he "
                "still does this",
            ),
            ("own", "Nelleke does that too. Best girlfriend in the world 💕"),
            ("user", "we're so spoiled lol"),
            ("character", "We really are. Put them in water before the cat finds them."),
        ),
        second=(
            ("user", "ok so. long story short 😬"),
            ("character", "Uh oh. I'm sitting down."),
            (
                "change",
                "diederik moved abroad for work and we tried long distance and it just. didnt. so "
                "thats over 💔 buuut i met rafferty at the pottery class and we've been on 5 "
                "dates 🥰",
            ),
            ("character", "Five dates! I want to hear everything."),
        ),
        question="Who is Ottavia dating now?",
        old=("diederik",),
        new=("rafferty",),
        character_value=("nelleke",),
    ),
    case(
        "partner",
        "fresh4-partner-rosalba-soraya",
        user="Ainhoa",
        character="Bertil",
        first=(
            ("user", "Reporting live from the allotment, covered in mud up to the knees."),
            ("character", "Grow anything yet?"),
            (
                "fact",
                "Three radishes. My girlfriend Rosalba says that's a harvest; she's an optimist.",
            ),
            ("own", "Koen would say the same. He thinks one pea pod is a salad."),
        ),
        second=(
            ("user", "The radishes bolted, in case you were wondering."),
            ("character", "I was wondering. My condolences."),
            (
                "change",
                "Also, Rosalba's no longer my girlfriend, we called it off in March. My "
                "girlfriend now is Soraya, who actually knows how to grow things, so the allotment "
                "is saved.",
            ),
            ("character", "Saved by love. Good."),
        ),
        question="Who is Ainhoa's girlfriend now?",
        old=("rosalba",),
        new=("soraya",),
        character_value=("koen",),
    ),
    case(
        "partner",
        "fresh4-partner-gaspard-wouter",
        user="Zoltan",
        character="Honor",
        first=(
            ("user", "My parents are coming to dinner tonight and I've burned the risotto twice."),
            ("character", "Twice! Order pizza and pretend."),
            (
                "fact",
                "I can't, my boyfriend Gaspard promised them his famous risotto and then left me to "
                "cook it while he's stuck at work.",
            ),
            (
                "own",
                "Zinnia did the same to me at Christmas. I married a woman who volunteers me for "
                "everything.",
            ),
        ),
        second=(
            ("user", "It's been a month of changes, don't laugh."),
            ("character", "I never laugh. Much."),
            (
                "change",
                "Wouter moved his records and his ridiculous cactus into my flat yesterday, and "
                "Gaspard's old toothbrush finally went in the bin. It's official, we're living "
                "together.",
            ),
            ("character", "The toothbrush in the bin. Now that's closure."),
        ),
        question="Who is Zoltan's partner now?",
        old=("gaspard",),
        new=("wouter",),
        character_value=("zinnia",),
    ),
    case(
        "partner",
        "fresh4-partner-ulrike-sidonie",
        user="Despina",
        character="Tancredi",
        first=(
            (
                "user",
                "I've had the strangest week at the library. Someone returned a book that was "
                "due in 1987, with a pressed flower in it and a note that just said 'sorry'.",
            ),
            ("character", "That's lovely and sad at once."),
            ("user", "The fine would be about four hundred euros. We waived it."),
            ("character", "Of course you did. Nobody fines a sorry note."),
            (
                "fact",
                "Ulrike cried when I told her. My wife cries at every returned-book story; "
                "it's one of the reasons I married her.",
            ),
            ("own", "Eberhard only cries at football. We're very different households."),
        ),
        second=(
            (
                "user",
                "You're going to want tea for this one. My aunt's eightieth was on Saturday, and "
                "she insisted on a canal boat party, and the boat was booked for twenty people "
                "and forty turned up, and the captain kept saying we'd sink, and my uncle kept "
                "saying the boat was older than him and had survived worse, and then halfway "
                "through the lock my cousin's toddler threw the birthday cake into the canal, the "
                "whole thing, candles lit.",
            ),
            ("character", "Into the canal! Did it float?"),
            ("user", "For a moment. Like a Viking funeral."),
            (
                "change",
                "Sidonie was with me, which is the other news: Ulrike and I separated just "
                "after I last saw you, and the divorce is nearly through. Sidonie and I have been "
                "together since the end of March, and she laughed so hard at the cake she had to "
                "sit down.",
            ),
            ("character", "I'm sorry about the separation, and glad about the laughter."),
        ),
        question="Who is Despina's partner now?",
        old=("ulrike",),
        new=("sidonie",),
        character_value=("eberhard",),
    ),
    case(
        "partner",
        "fresh4-partner-horatio-evren",
        user="Oluwaseun",
        character="Ebba",
        first=(
            (
                "fact",
                "my fiance horatio took me to that new horror film, screamd so loud the usher "
                "came over 😳",
            ),
            (
                "own",
                "Lavinia would have been the one screaming. My girlfriend hides behind the "
                "popcorn at the trailers.",
            ),
            ("user", "the trailers are the worst part tbh"),
        ),
        second=(
            (
                "change",
                "engagement off. horatio went back to his ex. seeing evren now, met at the "
                "bouldering gym, v different, v good",
            ),
            ("character", "Oh, that's a lot in one breath. Are you okay?"),
            ("user", "am ok. better than ok tbh"),
            ("character", "Then I'm glad. Tell me more when you're ready."),
        ),
        question="Who is Oluwaseun seeing now?",
        old=("horatio",),
        new=("evren",),
        character_value=("lavinia",),
    ),
    case(
        "partner",
        "fresh4-partner-tiziano-caetano",
        user="Fintan",
        character="Mariposa",
        first=(
            (
                "user",
                "We had my sister and her husband Pavel round for dinner; Pavel brought three "
                "kinds of mustard.",
            ),
            ("character", "Three! For what?"),
            (
                "fact",
                "For the sausages Tiziano made. My husband cooks like he's feeding a regiment.",
            ),
            ("own", "Clotilde's the same. My wife can't cook for fewer than twelve."),
        ),
        second=(
            ("user", "The flat is so quiet now."),
            ("character", "Quiet? Where's the regiment cook?"),
            ("user", "Gone. We separated in March, he's back in Antwerp with his brother."),
            (
                "change",
                "And before you ask, yes, there's someone. Caetano, from the ceramics studio. "
                "We've been together three weeks and he cooks for exactly two people.",
            ),
            ("character", "Exactly two. That sounds like a good sign."),
        ),
        question="Who is Fintan's partner now?",
        old=("tiziano",),
        new=("caetano",),
        character_value=("clotilde",),
    ),
    case(
        "partner",
        "fresh4-partner-amalric-corwin",
        user="Ysmay",
        character="Vasco",
        first=(
            (
                "user",
                "*adjusts the silver circlet* Sir Amalric rides for the border at dawn. I am to "
                "wave a handkerchief from the tower like a proper lady.",
            ),
            ("character", "*snorts* You? Wave a handkerchief?"),
            (
                "fact",
                "I'll wave it. He is my intended, after all, and Amalric would sulk for a month if "
                "I didn't.",
            ),
            (
                "own",
                "Guinevere never asks me to wave anything. Being married to a miller's daughter "
                "has its advantages.",
            ),
        ),
        second=(
            (
                "user",
                "*bursts into the stables, cheeks flushed, hair loose* The betrothal is broken!",
            ),
            ("character", "*drops the brush* Broken? By whom?"),
            (
                "user",
                "By Amalric! He wed a duke's niece at the border and sent a page to tell me. A page!",
            ),
            (
                "change",
                "And I don't care, because Corwin the stablemaster kissed me behind the hay barn "
                "last night and asked for my hand properly. My father said yes this morning.",
            ),
            (
                "character",
                "*grinning* So that's why the stablemaster has been brushing the same horse for "
                "an hour.",
            ),
        ),
        question="To whom is Ysmay promised now?",
        old=("amalric",),
        new=("corwin",),
        character_value=("guinevere",),
    ),
    case(
        "partner",
        "fresh4-partner-kerensa-aurelio",
        user="Eliezer",
        character="Saffi",
        first=(
            ("user", "ok so the bookshop on our road closed and i'm in mourning"),
            ("character", "Not the one with the cat in the window!"),
            (
                "fact",
                "that one. kerensa and i went there every sunday since we started dating. my "
                "girlfriend is taking it worse than me",
            ),
            (
                "own",
                "My Gwendolyn cried when our chip shop closed, and she's the toughest woman I "
                "know.",
            ),
        ),
        second=(
            (
                "change",
                "hey! quick question, aurelio and i are going to the coast for my birthday and my "
                "boyfriend wants to know if you've stayed anywhere good in cornwall? ps kerensa "
                "and i broke up in march, i never told you, sorry",
            ),
            (
                "character",
                "Oh! I'm sorry about that, and... a boyfriend! For Cornwall, try the little inn "
                "at Porthleven.",
            ),
            ("user", "porthleven, noted 📝"),
        ),
        question="Who is Eliezer's partner now?",
        old=("kerensa",),
        new=("aurelio",),
        character_value=("gwendolyn",),
    ),
    # ------------------------------------------------------------------ pet
    case(
        "pet",
        "fresh4-pet-damson-nougat",
        user="Wenonah",
        character="Bjarki",
        first=(
            (
                "fact",
                "My cat Damson has claimed the new armchair. I'm allowed the floor, apparently.",
            ),
            ("own", "My goldfish Montgomery lets me have the whole flat. Very generous fish."),
            ("user", "Generous! You should frame that."),
            ("character", "I'll ask his permission first."),
        ),
        second=(
            ("user", "Sad news first, then happy news."),
            ("character", "Okay. Sad first."),
            (
                "user",
                "Damson died in her sleep two weeks ago. She was seventeen; the vet said she "
                "just ran out of years.",
            ),
            ("character", "Oh, I'm so sorry. Seventeen is a long, loved life."),
            (
                "change",
                "Happy news: there's a new cat in the armchair already. A grey girl from a "
                "friend's litter. We've named her Nougat.",
            ),
            ("character", "Give her a scratch from me."),
        ),
        question="What is the name of Wenonah's cat now?",
        old=("damson",),
        new=("nougat",),
        character_value=("montgomery",),
    ),
    case(
        "pet",
        "fresh4-pet-bracken-sprocket",
        user="Dervla",
        character="Nerea",
        first=(
            (
                "fact",
                "took bracken to the beach and she ate a crab 🦀🐶 my dog has no survival instinct",
            ),
            ("own", "Udon would never. My ferret only eats things that don't fight back 😂"),
            ("user", "a ferret!! i need pics"),
            ("character", "Incoming. He's wearing a tiny jumper."),
        ),
        second=(
            ("user", "update on the crab-eater 🐶"),
            ("character", "Did she eat something worse?"),
            (
                "change",
                "no lol but my kids decided bracken was a boring name and voted to rename her "
                "sprocket 🔧 she answers to it already, the traitor",
            ),
            ("character", "A dog who adapts. Good girl."),
        ),
        question="What is Dervla's dog called now?",
        old=("bracken",),
        new=("sprocket",),
        character_value=("udon",),
    ),
    case(
        "pet",
        "fresh4-pet-basalt-kumquat",
        user="Berenike",
        character="Ciaran",
        first=(
            ("user", "I spent all evening building a tiny cave out of cork bark."),
            ("character", "For... yourself?"),
            (
                "fact",
                "For Basalt! My leopard gecko. He's been hiding in his water bowl and I think "
                "he wants privacy.",
            ),
            ("own", "My owl Archimedes hides in the airing cupboard when he wants privacy."),
        ),
        second=(
            (
                "user",
                "Okay, so, let me tell you about the man who came to read the meter, because he "
                "is why everything happened. He left the front door open, and he kept going out "
                "to his van for a torch, and a ladder, and a different torch, and every time he "
                "left it open, and then he spent half an hour telling me about his divorce, and "
                "I made him two coffees, and then he left without reading the meter.",
            ),
            ("character", "Classic. And then?"),
            (
                "change",
                "And then I found the tank lid pushed up and the cork cave empty. Basalt is "
                "gone; we searched for a week. The pet shop lady felt so sorry for me she gave me "
                "a discount on a new gecko, a little orange one, and I called him Kumquat.",
            ),
            ("character", "Keep that door shut this time."),
        ),
        question="What is Berenike's gecko called now?",
        old=("basalt",),
        new=("kumquat",),
        character_value=("archimedes",),
    ),
    case(
        "pet",
        "fresh4-pet-kohlrabi-rhubarb",
        user="Augustin",
        character="Pernille",
        first=(
            (
                "fact",
                "My guinea pig Kohlrabi squeaks every single time the fridge door opens. He knows "
                "where the cucumber lives.",
            ),
            (
                "own",
                "Cornelius does the same with the tin opener. My cat is a genius about food and "
                "nothing else.",
            ),
            ("user", "Genius at one thing is enough."),
        ),
        second=(
            (
                "user",
                "I gave Kohlrabi to my niece. She'd been begging for months and he adores her; I "
                "visit him on Sundays.",
            ),
            ("character", "That's generous of you. Is the house quiet now?"),
            (
                "change",
                "It was for a week. Then I went to the rescue centre for bedding and came home "
                "with a new guinea pig, Rhubarb. Pink nose, very loud.",
            ),
            ("character", "You went for bedding. Of course you did."),
        ),
        question="What is the name of Augustin's guinea pig now?",
        old=("kohlrabi",),
        new=("rhubarb",),
        character_value=("cornelius",),
    ),
    case(
        "pet",
        "fresh4-pet-brightmane-cinderhoof",
        user="Evadne",
        character="Florent",
        first=(
            (
                "fact",
                "*swings down and pats the mare's neck* My Brightmane carried me through the "
                "whole pass without a stumble. Best horse in the seven valleys.",
            ),
            (
                "own",
                "*eyes his own shaggy mule* Greyfoot carried me through it too, complaining the "
                "entire way.",
            ),
            ("user", "*laughs* Mules have opinions."),
            ("character", "Mules have nothing but opinions."),
        ),
        second=(
            (
                "user",
                "*leads a tall black stallion into the courtyard, eyes red* Don't ask about the "
                "mare yet.",
            ),
            ("character", "*softly* ...I won't. Who's this, then?"),
            ("user", "Brightmane broke her leg in the ravine. I stayed with her till the end."),
            (
                "change",
                "This is Cinderhoof. The queen's stables gave him to me, and he's my horse now. "
                "He has a temper, but he's brave.",
            ),
            ("character", "*offers the stallion an apple* Brave is what you need."),
        ),
        question="What is the name of Evadne's horse now?",
        old=("brightmane",),
        new=("cinderhoof",),
        character_value=("greyfoot",),
    ),
    case(
        "pet",
        "fresh4-pet-crouton-halloumi",
        user="Idunn",
        character="Hrafn",
        first=(
            ("user", "the dog stole a whole baguette off the counter today"),
            ("character", "A whole one?"),
            (
                "fact",
                "a whole one. crouton has no shame, my dog is a sausage shaped criminal",
            ),
            ("own", "My hamster Tapioca stole a peanut once and I still think about it."),
        ),
        second=(
            ("user", "hiii sorry typing one handed"),
            ("character", "One-handed? Did you hurt yourself?"),
            (
                "change",
                "no, halloumi is chewing my other sleeve 🙄 new dog! crouton went to live with my "
                "dad on the farm, he's happier with 40 acres, and the shelter matched me with "
                "this absolute menace",
            ),
            ("character", "A menace. Perfect. What breed?"),
            ("user", "nobody knows. some kind of terrier, with ears like satellite dishes"),
        ),
        question="What is Idunn's dog called now?",
        old=("crouton",),
        new=("halloumi",),
        character_value=("tapioca",),
    ),
    case(
        "pet",
        "fresh4-pet-splotch-quill",
        user="Severin",
        character="Ruta",
        first=(
            (
                "user",
                "*curled up in the window seat with a book and a purring lump* Don't move, she's "
                "finally asleep on me.",
            ),
            ("character", "*whispers* Who is?"),
            (
                "fact",
                "*whispers back* Splotch. The cat. The grey one with the ink spot on her nose, "
                "that's why I named her that.",
            ),
            (
                "own",
                "*whispering* My corn snake Sesame sleeps on me too, but people find it less "
                "sweet.",
            ),
        ),
        second=(
            ("user", "*taps the cat's new name tag* Read it."),
            ("character", "*squints at the tag* Oh? That's new."),
            (
                "change",
                "She's not Splotch anymore. The ink spot faded as she grew, so the name stopped "
                "making sense. She's Quill now, after the feather pattern on her back, and she "
                "already comes when I call it.",
            ),
            ("character", "It suits her better, honestly."),
        ),
        question="What is the name of Severin's cat now?",
        old=("splotch",),
        new=("quill",),
        character_value=("sesame",),
    ),
    case(
        "pet",
        "fresh4-pet-ganache-gherkin",
        user="Zofia",
        character="Kourosh",
        first=(
            (
                "user",
                "My cousin's spaniel Bagel came to stay and tried to eat the sofa cushions.",
            ),
            ("character", "A spaniel in your flat! How did the little one take it?"),
            (
                "fact",
                "Ganache hid in my boot all weekend. My ferret does not share his flat with "
                "spaniels.",
            ),
            ("own", "My pug Brioche would have hidden in a boot too, if she could fit."),
        ),
        second=(
            ("user", "*sets down a carrier* Meet the new boss."),
            ("character", "*peeks in* That's not the one who hides in boots."),
            (
                "user",
                "No. Ganache got sick in March and didn't pull through. It was quick, at least.",
            ),
            ("character", "I'm so sorry. He had a good life in that boot."),
            (
                "change",
                "This is Gherkin. The rescue had four ferrets and she was the only one who bit "
                "me, so obviously I took her home.",
            ),
            ("character", "Obviously. The biter is always the right choice."),
        ),
        question="What is the name of Zofia's ferret now?",
        old=("ganache",),
        new=("gherkin",),
        character_value=("brioche",),
    ),
    case(
        "pet",
        "fresh4-pet-zucchini-sorbet",
        user="Folake",
        character="Dashiell",
        first=(
            ("user", "hey u, the new flat has a balcony!!"),
            ("character", "A balcony! Is it big enough for a chair?"),
            ("user", "one chair and exactly one plant. i'm calling it my garden"),
            ("character", "Every garden starts with one plant."),
            (
                "fact",
                "and my budgie zucchini sits out there in his cage singing at the pigions all "
                "morning",
            ),
            ("own", "My rat Mortimer would chase your pigeons if he could get out there."),
        ),
        second=(
            ("user", "awful week, dont ask. ok ask"),
            ("character", "I'm asking. What happened?"),
            (
                "change",
                "zucchini escaped when my landlord opened the balcony door, gone over the "
                "rooftops 😢 i got a new budgie yesterday, she's yellow and white so i called her "
                "sorbet. she's a lot louder than he was",
            ),
            ("character", "I hope he found a nice flock. And yellow and white sounds cheerful."),
        ),
        question="What is the name of Folake's budgie now?",
        old=("zucchini",),
        new=("sorbet",),
        character_value=("mortimer",),
    ),
    case(
        "pet",
        "fresh4-pet-horace-parsnip",
        user="Ragna",
        character="Thelonious",
        first=(
            (
                "fact",
                "walked horace past the school at pickup, every single kid wanted to pet him. my "
                "dog thinks he's famous now",
            ),
            ("own", "Sumac would hiss at every one of them. My cat is not a people person."),
            ("user", "my mum's dog ruffles is the same with kids, just barks at them"),
            ("character", "Some animals are born celebrities and some are born critics."),
        ),
        second=(
            ("user", "long time! been a mad month"),
            ("character", "Mad how?"),
            (
                "change",
                "horace stayed with my ex when we split. got a puppy for the kids, parsnip, a "
                "beagle, eats everything including my phone charger",
            ),
            ("character", "A beagle! Hide every charger you own."),
        ),
        question="What is the name of Ragna's dog now?",
        old=("horace",),
        new=("parsnip",),
        character_value=("sumac",),
    ),
)
