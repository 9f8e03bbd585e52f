"""The third fresh part of the knowledge-update suite (``FRESH3_CASES``): held out, not tuned on.

Written while the offline provider's update rules were being tuned, as a second clean held-out
part beside fresh-2 (which carries a caveat in docs/benchmarks.md). Written without reading the
offline provider's extraction or update rules, the pipeline's steps, any engineer's dev part
or how any part fares: only the suite's ``Case``, its scoring and the fresh part's turn-by-turn
format were read (fresh-2's cases were once shown in full by mistake while its docstring was
being read; none here is modelled on them, and the tests check every value here against
theirs), and the fifty chats were committed before the part was run once, to check that the
harness reads them. Keep it that way: nobody tunes on these cases, nobody reads their
failures to change the product, and the part is left out while tuning (``--ku-parts``
without ``fresh3``); once either happens, write a new held-out part and call this one seen.

The cases are ``benchmarks.knowledge_updates.Case`` in the fresh part's turn-by-turn format
(``benchmarks.knowledge_updates_fresh``), scored by the same code
(``benchmarks.memory.measure_knowledge_updates``): after two sittings a month apart, the
memories in context for the question must name the new value and no memory may name only the
old one; the character's own value of the same kind is the attribution distractor. Fifty
chats, ten per attribute (diet, job, city, partner, pet's name), each with its own pair of
people none of the other parts uses, values and old/new pairs none of them uses (no diet,
job, place, partner or pet's name of another part, and none repeated inside the part), and
writing varied the way role-play users write: first person and in character (actions in
asterisks, a knight's manor, a longship's hall), lower case, typos, emoji, long asides (a
cake shop's closing before the new boyfriend is named); the change said plainly ("i'm a
mortician now"), with a negation ("not a croupier anymore", "not with linus anymore"), over
two sentences or two messages (a breakup, then the new partner), implied by an event (the
removal van gone, a certificate passed, a kitten from the shelter), with the old value named
or not, or said in passing while talking about something else (a vet's waiting room, a
village fete); a dropped "I" ("quit surveying in the spring, archivist now"); the fact early,
in the middle or last in its sitting; in some chats a third person's value of the same kind
as a distractor (a husband on another diet, a brother who is a bricklayer, a sister in
Cairns, a neighbour's dog), never one of the planted values. Each case is fair: a careful
reader of the chat answers its question with the new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case as case

FRESH3_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    case(
        "diet",
        "fresh3-diet-kosher-omnivore",
        user="Nadia",
        character="Varis",
        first=(
            (
                "fact",
                "*sets her bag down by the hearth* before you start cooking, i keep kosher, so no "
                "pork and no mixing meat with milk pls",
            ),
            (
                "own",
                "*laughs and turns the spit* Then you'll not want my supper. Black pudding and "
                "blood sausage, the way my mother made them, every night of the week.",
            ),
            ("user", "lol hard pass. is there bread at least"),
            ("character", "Rye, baked this morning. Help yourself."),
        ),
        second=(
            ("user", "*knocks the snow off her boots* varis!! its been forever"),
            ("character", "A month, near enough. Come in out of the cold."),
            (
                "user",
                "so. big family stuff happened. i had a long talk with my rabbi and a longer one "
                "with myself and ive stopped keeping kosher",
            ),
            (
                "change",
                "its not a crisis of faith or anything, i just eat everything now. full omnivore, "
                "bring on the cheeseburgers 🍔",
            ),
            ("character", "*slides a plate across the table* Then tonight you eat what I eat."),
        ),
        question="What does Nadia eat these days?",
        old=("kosher",),
        new=("omnivore", "eats everything", "eat everything"),
        character_value=("black pudding",),
    ),
    case(
        "diet",
        "fresh3-diet-macrobiotic-whole30",
        user="Oisin",
        character="Thessaly",
        first=(
            ("user", "thessaly! *waves from across the market* over here"),
            ("character", "There you are. I saved you a seat under the awning."),
            (
                "fact",
                "ta. been macrobiotic since the spring btw, so brown rice and adzuki beans and "
                "pickled daikon. very zen, very beige lol",
            ),
            (
                "own",
                "Beige food is a crime. I live on smoked eel and rye crackers; a fisherman's "
                "daughter eats what the nets bring in.",
            ),
            ("user", "ew lol. anyway how was the festival"),
            ("character", "Loud. Someone set fire to a hay cart."),
        ),
        second=(
            ("user", "ok so the gym started a challenge"),
            ("character", "Oh? What sort of challenge?"),
            (
                "change",
                "whole30. thirty days, no grains no sugar no legumes, so goodbye brown rice "
                "forever, the macro stuff is done. day 12 and i dream about toast",
            ),
            ("character", "Toast will wait for you. Eat something, you look pale."),
        ),
        question="What diet is Oisin on now?",
        old=("macrobiotic",),
        new=("whole30", "whole 30"),
        character_value=("eel",),
    ),
    case(
        "diet",
        "fresh3-diet-fruitarian-pollotarian",
        user="Leilani",
        character="Corentin",
        first=(
            ("user", "*climbs up onto the ship's rail* the sea is so flat today"),
            ("character", "Dead calm. We'll not make port before Thursday at this rate."),
            ("user", "fine by me, i like it out here"),
            (
                "own",
                "Cook's asking what you'll take for supper. I'm having the salt pork and hardtack, "
                "same as every sailor since Noah.",
            ),
            (
                "fact",
                "just fruit for me pls, i'm fruitarian. figs, melons, whatever the last island had",
            ),
        ),
        second=(
            ("user", "corentin. i have a confession"),
            ("character", "Out with it, then."),
            (
                "user",
                "my flatmate back home is pescatarian and she basically staged an intervention bc "
                "i was so tired all the time",
            ),
            (
                "change",
                "so im not fruitarian anymore. eating chicken and eggs again, still no red meat "
                "tho. pollotarian apparently is the word",
            ),
            ("character", "Cook will be glad. He's got hens below decks."),
        ),
        question="What does Leilani eat now?",
        old=("fruitarian",),
        new=("pollotarian",),
        character_value=("salt pork", "hardtack"),
    ),
    case(
        "diet",
        "fresh3-diet-dukan-sattvic",
        user="Bartosz",
        character="Mordecai",
        first=(
            (
                "fact",
                "*pats his belly* ok mordecai, im on the dukan diet, so basically lean meat and "
                "oat bran until i lose ten kilos",
            ),
            (
                "own",
                "*pours himself another goblet* A monk's portion of bread and a flagon of mead "
                "each night is all the diet I've ever needed.",
            ),
            ("user", "must be nice lol"),
            ("character", "It is. Now, the map. Show me where the pass is snowed in."),
            ("user", "here, past the second ridge. even the goats wont go up there"),
        ),
        second=(
            ("user", "back from the ashram!! three weeks up in the mountains"),
            ("character", "You look calmer. Thinner, too."),
            (
                "user",
                "the swami there is very into food being pure. no meat, no eggs, not even onion or "
                "garlic",
            ),
            (
                "change",
                "and honestly it stuck. ive gone sattvic, fresh veg and milk and grains, and the "
                "meat-only thing feels like another life",
            ),
            ("character", "Then you'll not want the mead either, I suppose."),
        ),
        question="How does Bartosz eat now?",
        old=("dukan",),
        new=("sattvic",),
        character_value=("mead",),
    ),
    case(
        "diet",
        "fresh3-diet-fodmap-alkaline",
        user="Wilhelmina",
        character="Isaura",
        first=(
            ("user", "isaura the kettle is whistling"),
            ("character", "*lifts it off the stove* Tea? I have chamomile."),
            ("user", "yes pls. ugh my stomach"),
            ("character", "Still bad?"),
            (
                "fact",
                "still bad. doing low fodmap for it now, so no onions no apples no beans, life is "
                "pain",
            ),
            (
                "own",
                "Poor thing. I'd waste away without my pickled herring; I get through a whole "
                "barrel of herring every winter.",
            ),
        ),
        second=(
            ("user", "omg so the village fete was chaos"),
            ("character", "I heard the goat got loose."),
            (
                "change",
                "it ate the vicar's hat!! anyway i was on the cake stall and couldnt have a single "
                "slice bc i'm alkaline now, the low fodmap thing is done, gut's fine, my "
                "naturopath moved me onto alkaline and its all greens and lemon water",
            ),
            ("character", "The goat has more fun than all of us put together."),
        ),
        question="What diet is Wilhelmina following now?",
        old=("fodmap",),
        new=("alkaline",),
        character_value=("herring",),
    ),
    case(
        "diet",
        "fresh3-diet-low-sodium-ayurvedic",
        user="Jun",
        character="Peregrine",
        first=(
            ("user", "*collapses into the armchair* peregrine u would not believe my cardiologist"),
            ("character", "Is your heart all right?"),
            (
                "fact",
                "its fine its fine, blood pressure is high tho so im on a low-sodium diet now. no "
                "soy sauce, no crisps, nothing fun. my dad does the diabetic menu at home so the "
                "kitchen is a sad place",
            ),
            (
                "own",
                "Sad indeed. I take my eggs with anchovies and a mountain of salt, and I intend to "
                "live to a hundred.",
            ),
            ("user", "lucky u"),
            ("character", "Luck has nothing to do with it. Stubbornness does."),
        ),
        second=(
            ("user", "hiii sorry i vanished"),
            ("character", "Where on earth did you go?"),
            (
                "user",
                "my aunt took me to kerala for her birthday, we stayed at this wellness place for "
                "3 weeks",
            ),
            (
                "change",
                "and i came back a diffrent person lol. eating ayurvedic now, the doctor there "
                "made me a whole plan for my dosha, and the bp is down so the salt-free misery is "
                "over",
            ),
            ("character", "Whatever it is, it suits you."),
        ),
        question="What kind of diet does Jun follow now?",
        old=("sodium",),
        new=("ayurvedic",),
        character_value=("anchovies",),
    ),
    case(
        "diet",
        "fresh3-diet-okinawan-high-protein",
        user="Farah",
        character="Caelum",
        first=(
            ("user", "caelum!!! 🌸 i brought u sweet potatoes from the market"),
            ("character", "Purple ones! Where did you find these?"),
            (
                "fact",
                "the okinawan stall by the river. im doing the okinawan diet, sweet potato and "
                "bitter melon and green tea and tiny portions, apparently its why they live to 110",
            ),
            (
                "own",
                "I'll roast them. Though for me nothing beats a whole trout fried in butter, skin "
                "and all; I've eaten trout every day since I was a boy.",
            ),
        ),
        second=(
            ("user", "ok so i signed up for a powerlifting meet 💪"),
            ("character", "You? Truly?"),
            ("user", "truly! my coach is terrifying"),
            (
                "change",
                "and she says tiny portions wont cut it, so not doing okinawan anymore. its high "
                "protein now, like 150g a day, chicken and eggs and shakes",
            ),
            ("character", "Then I'll cook you twice as much."),
        ),
        question="What diet is Farah on now?",
        old=("okinawan",),
        new=("high protein", "high-protein", "protein"),
        character_value=("trout",),
    ),
    case(
        "diet",
        "fresh3-diet-weight-watchers-slimming-world",
        user="Teodor",
        character="Lucienne",
        first=(
            ("user", "lucienne the bakery smells are illegal"),
            (
                "character",
                "*dusts flour off her hands* Then don't stand in the doorway breathing them.",
            ),
            (
                "user",
                "*steps in anyway* so my sister's wedding is in june and she made the whole family "
                "promise to get 'photo ready', which is insane, she's already picked the font for "
                "the place cards and the caterer quit twice",
            ),
            ("character", "Twice?"),
            (
                "own",
                "Well, you'll want a croissant all the same. I eat three before dawn every morning "
                "and I've never weighed myself once.",
            ),
            (
                "fact",
                "cant, im doing weight watchers, i've got like 4 points left for the whole day",
            ),
        ),
        second=(
            ("user", "bonjour!! did u miss me"),
            ("character", "The till missed you."),
            (
                "change",
                "rude. ok so i quit weight watchers, the app kept crashing. i'm on slimming world "
                "now, my mum goes to the group on tuesdays so we go together",
            ),
            ("character", "Your mother and you, side by side at the scales. Charming."),
            ("user", "its actually fun lol"),
        ),
        question="Which diet plan is Teodor on now?",
        old=("weight watchers",),
        new=("slimming world",),
        character_value=("croissant",),
    ),
    case(
        "diet",
        "fresh3-diet-south-beach-nordic",
        user="Carys",
        character="Osric",
        first=(
            ("user", "osric do u have any of those rye crackers left"),
            ("character", "Top shelf, behind the jar of pickled beets."),
            (
                "fact",
                "ty. cant have the beets tho lol, sugar. south beach diet, phase two. my husband "
                "is doing paleo to keep me company except hes not really keeping me company hes "
                "just eating burgers",
            ),
            (
                "own",
                "*chuckles* I have a hog's head roast on feast days and a bowl of groats every "
                "morning, and no diet has ever come near me.",
            ),
        ),
        second=(
            ("user", "so we spent the month at my husband's family's place in norway"),
            ("character", "And? Did they feed you?"),
            ("user", "constantly. fish, rye, berries, cabbage, everything cold and pickled"),
            (
                "change",
                "and weirdly i loved it. the beach diet phases are over, im doing the nordic diet "
                "now, properly, with a cookbook and everything",
            ),
            ("character", "Then you'll finally eat my groats."),
        ),
        question="What diet is Carys doing now?",
        old=("south beach",),
        new=("nordic",),
        character_value=("groats",),
    ),
    case(
        "diet",
        "fresh3-diet-raw-vegan-lacto-ovo",
        user="Mateus",
        character="Ysolde",
        first=(
            ("user", "*sits cross-legged by the campfire* smells like smoke and pine, love it"),
            (
                "own",
                "*feeds a branch into the flames* The hare's nearly done. Roast hare is all I've "
                "eaten since the thaw, and I'm not sorry.",
            ),
            (
                "fact",
                "none for me ty, raw vegan. nothing cooked, nothing from animals. brought my own "
                "bag of sprouted chickpeas",
            ),
            ("user", "*crunches loudly* dont judge me"),
            ("character", "I would never. Loudly, maybe."),
        ),
        second=(
            ("user", "*sets a basket down by the fire* guess what these are for"),
            ("character", "*peers into the basket* For you? Has the world ended?"),
            (
                "user",
                "blood test came back awful, b12 on the floor, iron on the floor. the healer was "
                "very stern with me",
            ),
            (
                "change",
                "so no more raw anything. lacto-ovo now: eggs, cheese, milk, cooked veg. still no "
                "meat tho 😅",
            ),
            ("character", "I'll fry some in the morning, then."),
        ),
        question="What does Mateus eat these days?",
        old=("raw",),
        new=("lacto-ovo", "lacto ovo", "eggs"),
        character_value=("hare",),
    ),
    # ------------------------------------------------------------------ job
    case(
        "job",
        "fresh3-job-optician-sommelier",
        user="Hiroko",
        character="Brisco",
        first=(
            (
                "fact",
                "brisco hiii. sorry im late, last patient at the optician's couldnt choose between "
                "two frames for 40 minutes. being an optician is 90% that",
            ),
            (
                "own",
                "*whistles, and a hawk drops onto his glove* I'd trade you. Forty minutes with a "
                "hooded goshawk is my idea of a quiet afternoon; I've been the estate's falconer "
                "since I was fifteen.",
            ),
            ("user", "omg she's gorgeous. can i touch her"),
            ("character", "Not the beak. Never the beak."),
        ),
        second=(
            ("user", "*holds up a wine glass* ask me anything about this"),
            ("character", "Very well. What is it?"),
            (
                "change",
                "a 2019 gruner from the wachau, peppery, a bit of white grapefruit. i passed my "
                "level 2!! hung up the eye charts for good, im a sommelier at the hotel now 🍷",
            ),
            ("character", "Well. The hawk and I are impressed."),
        ),
        question="What does Hiroko do for a living now?",
        old=("optician",),
        new=("sommelier",),
        character_value=("falconer",),
    ),
    case(
        "job",
        "fresh3-job-plumber-stenographer",
        user="Benedikt",
        character="Halloran",
        first=(
            ("user", "*stamps the mud off his boots* halloran, pint of the dark stuff"),
            (
                "own",
                "*already pulling it* Twenty years an innkeeper and you're the only man who orders "
                "it before noon.",
            ),
            ("user", "long morning. three burst pipes on elm street"),
            (
                "fact",
                "plumber life. my brother's a bricklayer and he thinks i have it easy, he has "
                "never been elbow deep in someone's u-bend",
            ),
            ("character", "Drink, then. On the house, for the elbows."),
        ),
        second=(
            ("user", "halloran my man"),
            ("character", "Look at you, in a jacket. Who died?"),
            (
                "user",
                "nobody lol. so i've been doing a night course all year, typing 200 words a minute "
                "on one of those little machines, and i finally got my certificate",
            ),
            (
                "change",
                "the county court hired me last week. court stenographer!! no more u-bends, just "
                "murder trials and boundary disputes",
            ),
            ("character", "A man of letters at my bar. I'll have to dust the stools."),
        ),
        question="What is Benedikt's job now?",
        old=("plumber",),
        new=("stenographer",),
        character_value=("innkeeper",),
    ),
    case(
        "job",
        "fresh3-job-glassblower-physiotherapist",
        user="Zainab",
        character="Evander",
        first=(
            ("user", "evander!! *sets a wrapped parcel on the counter* open it"),
            ("character", "*unwraps it carefully* A glass... is this a heron?"),
            (
                "fact",
                "yes!!! made it myself at the studio. i'm a glassblower, did i never tell u? 9 "
                "years now. my hands are all burn scars and i love it 🔥",
            ),
            (
                "own",
                "It's beautiful. I'll put it in the window where the light comes in. Forty years a "
                "bookbinder and nobody has ever given me anything so fine.",
            ),
            ("user", "stoppp ur making me blush"),
        ),
        second=(
            ("user", "*in scrubs, hair tied back* hi hi hi"),
            ("character", "You look like a different woman. What are those clothes?"),
            (
                "user",
                "scrubs!! my back gave out at the furnace last winter and the physio who fixed it "
                "basically recruited me",
            ),
            (
                "change",
                "did the conversion course, passed the boards yesterday. i'm a physiotherapist "
                "now, at the sports clinic on mill road. the studio is just a hobby",
            ),
            ("character", "Then I'll come to you when my shoulders seize up."),
        ),
        question="What does Zainab do for work now?",
        old=("glassblower",),
        new=("physiotherapist", "physio"),
        character_value=("bookbinder",),
    ),
    case(
        "job",
        "fresh3-job-surveyor-archivist",
        user="Rory",
        character="Wolfram",
        first=(
            ("user", "*leans on the fence* nice day for it"),
            ("character", "Every day's a nice day for it when the hops are in."),
            (
                "own",
                "Come and taste the new batch. Thirty barrels this year; a brewer never had a "
                "better harvest.",
            ),
            ("user", "go on then. just the one, got to be back on site by 2"),
            ("character", "Site?"),
            (
                "fact",
                "the new bypass. land surveyor, been doing it since college. tripods and mud, "
                "mostly",
            ),
        ),
        second=(
            ("user", "wolfram. brought you a present, found it in the basement at work"),
            (
                "character",
                "*squints at it* A label from my grandfather's brewery. Where on earth did you "
                "find it?",
            ),
            (
                "change",
                "city archives, third floor down. quit surveying in the spring, archivist now. its "
                "quiet and dusty and nobody makes me stand in a ditch",
            ),
            ("character", "Then I owe you a barrel."),
        ),
        question="What does Rory work as now?",
        old=("surveyor", "surveying"),
        new=("archivist", "archives"),
        character_value=("brewer",),
    ),
    case(
        "job",
        "fresh3-job-radiographer-zookeeper",
        user="Lucinda",
        character="Ravenna",
        first=(
            ("user", "ravenna is the loom going today"),
            ("character", "It's always going. Sit, and mind the threads."),
            (
                "user",
                "*sits on the stool* my wife says hi, shes a dentist and shes stuck at work till 7",
            ),
            ("character", "Give her my love."),
            (
                "fact",
                "will do. i did 14 x-rays today. radiographer at st mary's, everyone thinks its "
                "glamorous, it is not",
            ),
            (
                "own",
                "It's more glamorous than this. A weaver sees the same six feet of wool from dawn "
                "to dark.",
            ),
        ),
        second=(
            ("user", "RAVENNA. today a penguin bit me"),
            ("character", "A what bit you?"),
            ("user", "a penguin!! his name is gerald and he's a menace"),
            (
                "change",
                "ok context: i left the hospital. the zoo took me on as a zookeeper in the bird "
                "house, it was always my dream job. gerald is my responsibility now lol",
            ),
            ("character", "Gerald sounds like my sort of creature."),
        ),
        question="What is Lucinda's job now?",
        old=("radiographer",),
        new=("zookeeper",),
        character_value=("weaver",),
    ),
    case(
        "job",
        "fresh3-job-croupier-lifeguard",
        user="Emeka",
        character="Jehan",
        first=(
            ("user", "*straightens his bow tie* how do i look"),
            ("character", "Like a man about to lose someone else's money. Where are you off to?"),
            (
                "fact",
                "the casino, night shift. croupier, remember? blackjack table four. the tips are "
                "good when the drunk ones win",
            ),
            (
                "own",
                "I remember. I only have to cry the duke's proclamations in the square at noon; a "
                "herald's day is done by lunch.",
            ),
            ("user", "must be nice"),
            ("character", "It is. Go on, you'll be late."),
        ),
        second=(
            ("user", "*sunburnt, a whistle round his neck* hey jehan"),
            ("character", "You're as red as a lobster. What happened to the bow tie?"),
            (
                "change",
                "not a croupier anymore, the casino shut down in the spring. got my lifeguard "
                "certificate in two weeks and now i sit in a tall chair at the lido all day",
            ),
            ("character", "A tall chair and a whistle. You've gone up in the world."),
        ),
        question="What does Emeka do for work now?",
        old=("croupier", "casino"),
        new=("lifeguard",),
        character_value=("herald",),
    ),
    case(
        "job",
        "fresh3-job-roofer-mortician",
        user="Signe",
        character="Drystan",
        first=(
            ("user", "drystan it smells SO bad in here omg"),
            (
                "own",
                "*doesn't look up from the vat* That's the smell of honest work. I've been a "
                "tanner since my father put a scraper in my hand, and I'll die smelling of it.",
            ),
            ("user", "*pinches her nose* i brought bread, dont get it stinky"),
            ("character", "No promises."),
            (
                "fact",
                "honestly u cant talk. im a roofer, i spend all day in tar and pigeon poop. we're "
                "both disgusting",
            ),
        ),
        second=(
            ("user", "hiya. quick visit, i've got a viewing at 4"),
            ("character", "A viewing? Are you buying a house?"),
            (
                "change",
                "no lol, a body viewing, i'm a mortician now. sorry, did i not say? left roofing "
                "after the fall in march and retrained over the summer. anyway the family at 4 are "
                "lovely, he was a train driver, they're bringing his old cap",
            ),
            ("character", "A fall? You never said. Sit down a moment."),
            ("user", "im fine, just a cracked wrist, all healed"),
        ),
        question="What is Signe's job now?",
        old=("roofer", "roofing"),
        new=("mortician",),
        character_value=("tanner",),
    ),
    case(
        "job",
        "fresh3-job-paralegal-park-ranger",
        user="Paloma",
        character="Leofric",
        first=(
            ("user", "leofric can i look thru the telescope"),
            (
                "own",
                "Of course. Mind the focus wheel. I'm the court's astronomer, not its joiner, so "
                "if it falls off it stays off.",
            ),
            ("user", "*peers in* omg saturn!!! the rings"),
            ("character", "Beautiful, isn't she?"),
            (
                "fact",
                "i needed this. work is killing me, im a paralegal at a law firm and i reviewd "
                "3000 emails today 😵",
            ),
            ("character", "Three thousand? Stay as long as you like."),
        ),
        second=(
            ("user", "*in a khaki uniform and a wide-brimmed hat* ta-da"),
            ("character", "A hat. That is a very large hat."),
            ("user", "its regulation!! ok so the law firm, i handed in my notice in the spring"),
            (
                "change",
                "the national park hired me. i'm a park ranger now, i count owls and tell campers "
                "off for lighting fires 🦉",
            ),
            ("character", "Owls. Bring me one some night, I'd like to see it up close."),
        ),
        question="What does Paloma do for work these days?",
        old=("paralegal", "law firm"),
        new=("ranger",),
        character_value=("astronomer",),
    ),
    case(
        "job",
        "fresh3-job-courier-cheesemonger",
        user="Kenji",
        character="Cressida",
        first=(
            (
                "fact",
                "*skids to a stop on his bike* delivery for cressida!! bike courier at your "
                "service, 40 drops today and its not even lunch",
            ),
            (
                "own",
                "*wipes her hands on her apron* Set it by the wheel. A cartwright's shop has no "
                "room for bicycles, mind.",
            ),
            ("user", "rude. bikes are just small carts"),
            ("character", "Bikes are carts that gave up halfway."),
        ),
        second=(
            ("user", "cressida ive brought u cheese"),
            ("character", "You smell like a cave."),
            (
                "change",
                "haha thats the job now. quit couriering, knees were wrecked. cheesemonger at the "
                "market hall, i can tell 40 kinds of cheddar apart",
            ),
            ("character", "Forty cheddars. A noble calling."),
        ),
        question="What is Kenji's job now?",
        old=("courier", "couriering"),
        new=("cheesemonger",),
        character_value=("cartwright",),
    ),
    case(
        "job",
        "fresh3-job-upholsterer-air-traffic-controller",
        user="Astrid",
        character="Phineas",
        first=(
            ("user", "phineas!!! the show was amazing"),
            ("character", "*bows, a marionette still dangling from one hand* You're too kind."),
            (
                "own",
                "Thirty-one years a puppeteer and the dragon's wing still sticks in the second act.",
            ),
            (
                "fact",
                "i can fix that, i'm an upholsterer, i fix sticky hinges on chaise longues all day "
                "lol. bring it round the workshop",
            ),
            ("user", "my dad was a pilot and he'd have loved the storm scene"),
        ),
        second=(
            ("user", "ok big news"),
            ("character", "Tell me at once."),
            (
                "user",
                "after 3 years of training and the worst exams of my life, i'm done re-covering "
                "sofas",
            ),
            (
                "change",
                "im an air traffic controller at the airport now!! dad cried when i told him",
            ),
            ("character", "Your father must be very proud of you."),
        ),
        question="What does Astrid do for work now?",
        old=("upholsterer",),
        new=("air traffic",),
        character_value=("puppeteer",),
    ),
    # ------------------------------------------------------------------ city
    case(
        "city",
        "fresh3-city-bergen-trieste",
        user="Magnus",
        character="Ondine",
        first=(
            (
                "fact",
                "hei ondine! greetings from bergen, where i live and where it has rained 300 days "
                "this year. the fish market smells like a wet dog",
            ),
            (
                "own",
                "*laughs* Come to Tallinn and see real weather. The old town floods every April "
                "and I wouldn't live anywhere else.",
            ),
            ("user", "lol no thanks. how is the cafe"),
            ("character", "Busy. The tourists want cinnamon buns at every hour of the day."),
        ),
        second=(
            ("user", "ok i did something crazy"),
            ("character", "You always do. What now?"),
            (
                "change",
                "left bergen!!! got a job at the port in trieste and moved last week. it's sunny "
                "and everyone drinks their coffee standing up. i live in trieste now, i can't "
                "believe it",
            ),
            ("character", "Sunny. I'm jealous already."),
        ),
        question="Which city does Magnus live in now?",
        old=("bergen",),
        new=("trieste",),
        character_value=("tallinn",),
    ),
    case(
        "city",
        "fresh3-city-aberdeen-inverness",
        user="Dalia",
        character="Mireille",
        first=(
            ("user", "*huddles by the stove* it's so cold out"),
            ("character", "Winter in the north. Tea?"),
            (
                "fact",
                "yes please. six years living in aberdeen and january still gets me, the wind off "
                "the sea goes straight down my street and thru my coat",
            ),
            (
                "own",
                "In Riga the river freezes solid and my whole street skates to market. I'll never "
                "leave that city.",
            ),
            ("user", "skating to market sounds magical"),
        ),
        second=(
            ("user", "the removal van left an hour ago"),
            ("character", "A removal van? Dalia, where are you?"),
            ("user", "sitting on a box of books in an empty flat lol"),
            (
                "change",
                "in inverness! the new job at the hospital started monday, so i packed up the old "
                "place and here i am, by the river ness. home now i guess",
            ),
            ("character", "Then welcome home."),
        ),
        question="Where does Dalia live now?",
        old=("aberdeen",),
        new=("inverness",),
        character_value=("riga",),
    ),
    case(
        "city",
        "fresh3-city-seville-bilbao",
        user="Felipe",
        character="Kasimir",
        first=(
            ("user", "*pours two glasses of sherry* to the end of the season"),
            ("character", "To the end of the season. What a summer it was."),
            (
                "user",
                "forty-three degrees in july. my brother in valencia says it was worse there but "
                "he lies",
            ),
            (
                "own",
                "In Naples we don't complain of heat, we complain of traffic. I've lived above the "
                "same bakery in Naples for twenty years.",
            ),
            (
                "fact",
                "seville is my city tho, heat and all. i've lived in triana since i was born and "
                "i'll never leave",
            ),
        ),
        second=(
            ("user", "kasimir, you'll laugh at me"),
            ("character", "Probably. Go on."),
            (
                "change",
                "remember 'ill never leave'? well. i moved to bilbao in september. my girlfriend "
                "got a post at the university there, it rains every day and i love it",
            ),
            ("character", "Rain and a girlfriend. The south weeps for you."),
        ),
        question="What city does Felipe live in now?",
        old=("seville", "triana"),
        new=("bilbao",),
        character_value=("naples",),
    ),
    case(
        "city",
        "fresh3-city-pittsburgh-nashville",
        user="Wendell",
        character="Hesper",
        first=(
            ("user", "hesper!! the steelers won, i can hear my whole street yelling"),
            ("character", "I can hear it down the phone. Where are you, the stadium?"),
            (
                "fact",
                "nope just my apartment in pittsburgh lol. thin walls, loud neighbors, i love this "
                "city",
            ),
            (
                "own",
                "Come down to Memphis some time. My porch off Beale Street gets the best barbecue "
                "smoke drifting over it, and I'm never moving.",
            ),
        ),
        second=(
            ("user", "ugh the humidity here is unreal"),
            ("character", "Here where?"),
            (
                "change",
                "oh did i not tell u?? i live in nashville now, moved for my band in august 🎸. we "
                "play a bar on broadway on thursdays and the humidity is killing my guitar strings",
            ),
            ("character", "A band! You kept that quiet."),
            ("user", "we're very bad. but loud"),
        ),
        question="Where does Wendell live now?",
        old=("pittsburgh",),
        new=("nashville",),
        character_value=("memphis",),
    ),
    case(
        "city",
        "fresh3-city-winnipeg-calgary",
        user="Noemi",
        character="Balthazar",
        first=(
            ("user", "balthazar it's -38 today. minus. thirty. eight"),
            ("character", "You are exaggerating."),
            (
                "fact",
                "am not. winnipeg in february, that's just a tuesday. lived here my whole life, "
                "still not used to it",
            ),
            (
                "own",
                "In Quebec City we have the Carnaval to distract us. I've lived inside the old "
                "walls of Quebec since I was a boy, and the ice hotel is my second home.",
            ),
            ("user", "an ice hotel is the last thing i need lol"),
        ),
        second=(
            ("user", "*shows a photo of mountains from her window* look at this view"),
            ("character", "Where is that? Those mountains are enormous."),
            (
                "change",
                "out my new kitchen window. packed up the whole apartment in march and drove west "
                "for 14 hours. calgary now, the rockies on one side and a very big mall on the "
                "other",
            ),
            ("character", "Fourteen hours! I'd never manage it."),
        ),
        question="Which city does Noemi live in now?",
        old=("winnipeg",),
        new=("calgary",),
        character_value=("quebec",),
    ),
    case(
        "city",
        "fresh3-city-fukuoka-busan",
        user="Yusuf",
        character="Faustine",
        first=(
            ("user", "ok so i have to tell u about the ramen place near my flat"),
            ("character", "I'm listening. You always find the good ones."),
            (
                "user",
                "it's a tiny counter, six stools, the old man has been making tonkotsu for 50 "
                "years and he yells at anyone who uses their phone. i got yelled at. worth it",
            ),
            ("fact", "that's the best thing about living in fukuoka tbh, every street has one"),
            (
                "own",
                "The night markets would ruin you then. I live two streets from Raohe in Taipei "
                "and I haven't cooked a meal in a year.",
            ),
        ),
        second=(
            ("user", "faustine i'm writing from a ferry"),
            ("character", "A ferry? Going where?"),
            (
                "change",
                "going home, i was in japan for the weekend seeing old friends. yes home is busan "
                "now, the job transfer came through in june and i've got a flat by the beach",
            ),
            ("character", "Then find me a new noodle counter."),
        ),
        question="Which city does Yusuf live in now?",
        old=("fukuoka",),
        new=("busan",),
        character_value=("taipei",),
    ),
    case(
        "city",
        "fresh3-city-thornwick-brackenford",
        user="Esther",
        character="Wystan",
        first=(
            ("user", "*ties her horse to the post and pushes back her hood* Well met, Wystan."),
            ("character", "Lady Esther. You've ridden far, by the look of you."),
            (
                "fact",
                "From Thornwick, where I keep my house by the mill. Three days on the west road, "
                "and the bridges out at every river.",
            ),
            (
                "own",
                "You should have sent word; I'd have met you halfway. Oakhallow has been my home "
                "for forty winters and I know every ford between here and the sea.",
            ),
        ),
        second=(
            ("user", "*sweeps into the hall, snow on her cloak* Wystan! I bring news from court."),
            ("character", "Sit, sit. What news?"),
            (
                "user",
                "The king has granted me the manor at Brackenford for my service at the siege.",
            ),
            (
                "change",
                "My household followed me there at Michaelmas, and the house by the mill is sold. "
                "I live at Brackenford now, and the road to you is a single day.",
            ),
            ("character", "*raises his cup* To a shorter road, then."),
        ),
        question="Where does Esther live now?",
        old=("thornwick",),
        new=("brackenford",),
        character_value=("oakhallow",),
    ),
    case(
        "city",
        "fresh3-city-ljubljana-salzburg",
        user="Bogdan",
        character="Ilario",
        first=(
            ("user", "ilario did my dragon postcard arrive??"),
            ("character", "It did! It's on my fridge. Is there really a dragon?"),
            (
                "fact",
                "on the bridge yes lol, four of them. ljubljana is tiny, i can walk from my flat "
                "to the castle in 10 min",
            ),
            (
                "own",
                "Zurich is tiny too, but expensive. I pay for my view of the lake with my whole "
                "salary, and I've lived in Zurich since my twenties.",
            ),
            ("user", "😂"),
            ("character", "Laugh, but the lake is lovely."),
        ),
        second=(
            ("user", "guess who's not in ljubljana anymore"),
            ("character", "Bogdan. What have you done?"),
            (
                "change",
                "took the orchestra job!!! moved to salzburg in the summer 🎻 its all mozart "
                "chocolates and tourists and i adore it",
            ),
            ("character", "An orchestra! I'm so proud of you."),
        ),
        question="What city does Bogdan live in now?",
        old=("ljubljana",),
        new=("salzburg",),
        character_value=("zurich",),
    ),
    case(
        "city",
        "fresh3-city-brisbane-dunedin",
        user="Philippa",
        character="Xanthe",
        first=(
            (
                "fact",
                "xanthe its 33 degrees in brisbane and its only 8am, my whole flat is a sauna",
            ),
            (
                "own",
                "I'll send you some of our southerly. Christchurch was nine degrees this morning "
                "and I've lived here all my life without owning a pair of shorts.",
            ),
            ("user", "my sister in cairns says i'm soft. she's wrong"),
            ("character", "She's a little bit right."),
        ),
        second=(
            ("user", "ok i need a scarf recommendation"),
            ("character", "A scarf? You?"),
            (
                "change",
                "yes me!! its my first winter since i moved to dunedin and i'm dying. the uni job "
                "is great but my brisbane wardrobe is useless down here lol",
            ),
            ("character", "Merino. Always merino."),
        ),
        question="Where does Philippa live now?",
        old=("brisbane",),
        new=("dunedin",),
        character_value=("christchurch",),
    ),
    case(
        "city",
        "fresh3-city-accra-marrakech",
        user="Malik",
        character="Sabra",
        first=(
            ("user", "*unloads a crate of shea butter from the truck* sabra, your order"),
            ("character", "*counts the jars* Twenty. Good. How are things in the city?"),
            (
                "fact",
                "loud, hot, the usual. accra traffic is a sport. been living in osu near the "
                "market for 8 years now, never boring",
            ),
            (
                "own",
                "Samarkand is quieter. My family has kept a stall on the Registan in Samarkand for "
                "five generations and we will keep it five more.",
            ),
        ),
        second=(
            ("user", "*brings two glasses of mint tea* salam, sabra"),
            ("character", "Mint tea? You've changed."),
            ("user", "lol a bit. the business needed someone on the north african side, so"),
            (
                "change",
                "sold the flat in osu and moved to marrakech. living in the medina now, two "
                "minutes from jemaa el-fnaa. the shea still comes up from ghana but i'm not in "
                "accra anymore",
            ),
            ("character", "Then we're market folk together, you and I."),
        ),
        question="Which city does Malik live in now?",
        old=("accra", "osu"),
        new=("marrakech",),
        character_value=("samarkand",),
    ),
    # ------------------------------------------------------------------ partner
    case(
        "partner",
        "fresh3-partner-lorcan-matthias",
        user="Annika",
        character="Roderick",
        first=(
            ("user", "roderick!! *flops onto the sofa* what a week"),
            ("character", "Tell me everything, from the start."),
            (
                "fact",
                "my boyfriend lorcan's parents visited. his mum reorganised my spice rack. "
                "alphabetically. i'm still shaking",
            ),
            (
                "own",
                "Alphabetically! My wife Bronwen would have thanked her. She labels the jam jars "
                "with the date and the weather.",
            ),
            ("user", "omg thats adorable"),
        ),
        second=(
            ("user", "ok so. lorcan and i broke up"),
            ("character", "Oh, Annika. When?"),
            ("user", "weeks ago. it's fine. it was the right call"),
            (
                "change",
                "and... i'm seeing someone new. matthias. he's a luthier and he fixed my wobbly "
                "table on the first date lol 😳",
            ),
            ("character", "On the first date! That's a man who means business."),
        ),
        question="Who is Annika seeing now?",
        old=("lorcan",),
        new=("matthias",),
        character_value=("bronwen",),
    ),
    case(
        "partner",
        "fresh3-partner-zara-hugo",
        user="Cormac",
        character="Ulric",
        first=(
            (
                "user",
                "*leans on the bench in the longship's hall* Ulric, a horn of ale, and another for "
                "when Zara comes in.",
            ),
            ("character", "She's with you again? Good. The hall is brighter when she's in it."),
            (
                "fact",
                "Zara is my sweetheart, and I mean to ask her father for her hand at harvest.",
            ),
            (
                "own",
                "My Viggo asked my father for mine and got a black eye for it. Thirty years wed "
                "and he still tells the story.",
            ),
        ),
        second=(
            ("user", "*sits down heavily* Her father said no."),
            ("character", "Ah, Cormac. I'm sorry."),
            ("user", "She sailed south with her kin at midsummer. It's over between us."),
            (
                "change",
                "But I'm not alone this winter. Hugo the sailmaker's son has been walking out with "
                "me since the equinox, and I love him.",
            ),
            ("character", "Then bring him to the hall. I'll pour two horns."),
        ),
        question="Who is Cormac's sweetheart now?",
        old=("zara",),
        new=("hugo",),
        character_value=("viggo",),
    ),
    case(
        "partner",
        "fresh3-partner-ilse-dorian",
        user="Ravindra",
        character="Anwen",
        first=(
            ("user", "anwen do u have a second"),
            ("character", "Always. What's wrong?"),
            (
                "user",
                "nothing wrong! just my best mate kwame got engaged to tamar last night and i'm "
                "very emotional",
            ),
            (
                "own",
                "Oh, that's lovely. I cried at my own engagement; Odessa had to propose twice "
                "because I couldn't stop sobbing long enough to say yes.",
            ),
            (
                "fact",
                "thats so cute. me and my girlfriend ilse are next i reckon, three years in, she "
                "already has a drawer at mine",
            ),
        ),
        second=(
            ("user", "so ilse and i are done"),
            ("character", "No. What happened?"),
            (
                "user",
                "she got into her phd in canada and we tried long distance for a month and it was "
                "awful. we ended it",
            ),
            (
                "change",
                "its ok tho, honestly. i've been seeing dorian since the start of the month, we "
                "met at kwame's engagement party, he makes me laugh so much",
            ),
            ("character", "Then I'm glad for you. Truly."),
        ),
        question="Who is Ravindra with now?",
        old=("ilse",),
        new=("dorian",),
        character_value=("odessa",),
    ),
    case(
        "partner",
        "fresh3-partner-sienna-anouk",
        user="Jasper",
        character="Bastien",
        first=(
            (
                "fact",
                "bastien!! my girlfriend sienna got us tickets to the opera, i've never been, what "
                "do i wear",
            ),
            (
                "own",
                "*adjusts his cravat* A dark suit. Leander and I go every season; my husband "
                "insists on the front row of the balcony and glares at latecomers.",
            ),
            ("user", "a cravat? is that a thing i need"),
            ("character", "Absolutely not. You are not ready for a cravat."),
        ),
        second=(
            ("user", "bastien i need ballet advice this time 🩰"),
            ("character", "Ballet! Where's this coming from?"),
            (
                "change",
                "anouk's a dancer, she got me a seat for her opening night. oh right, you dont "
                "know, she's my girlfriend now, things ended with my ex in the spring",
            ),
            ("character", "A dancer. You've done very well for yourself."),
            ("user", "i know. im punching so far above"),
        ),
        question="Who is Jasper's girlfriend now?",
        old=("sienna",),
        new=("anouk",),
        character_value=("leander",),
    ),
    case(
        "partner",
        "fresh3-partner-cosmo-piotr",
        user="Mirela",
        character="Gwydion",
        first=(
            ("user", "*floats into the observation deck* gwydion, the nebula's purple tonight"),
            ("character", "It's always purple on the third watch. Sit by me."),
            (
                "fact",
                "can't stay long, my husband cosmo's waiting in our quarters. six years married "
                "and he still sulks if i'm late for dinner",
            ),
            (
                "own",
                "Selin is the same. My wife has held dinner for me through two wars and a mutiny, "
                "and I've been forgiven for none of them.",
            ),
        ),
        second=(
            ("user", "*sets her bag down on the deck* it's final. the divorce"),
            ("character", "I'm sorry, Mirela."),
            (
                "change",
                "don't be. cosmo isn't my husband anymore and i'm with piotr now, the engineer "
                "from deck nine. he waits for dinner without sulking",
            ),
            ("character", "Then the engineer is a wiser man than most."),
        ),
        question="Who is Mirela's partner now?",
        old=("cosmo",),
        new=("piotr",),
        character_value=("selin",),
    ),
    case(
        "partner",
        "fresh3-partner-yara-ezekiel",
        user="Lotte",
        character="Jessamy",
        first=(
            ("user", "jessamy i'm making a cake and it's collapsing"),
            ("character", "Did you open the oven early?"),
            ("user", "...maybe"),
            (
                "fact",
                "it's for yara, my girlfriend, she turns 30 tomorrow and she deserves a cake that "
                "isn't a crater 😭",
            ),
            (
                "own",
                "Then we'll make another. My Caius eats my failures without complaint; it's why I "
                "married him.",
            ),
        ),
        second=(
            (
                "user",
                "so the cake shop on the corner closed. tragedy. they had the lemon ones. and the "
                "man who ran it moved to portugal, so i'm told, and his cat is living with the "
                "baker next door, who is apparently allergic, and the whole street has opinions",
            ),
            ("character", "Goodness. The whole street in uproar."),
            ("user", "yes. anyway yara moved out in january, we just wanted different things"),
            (
                "change",
                "and ezekiel moved in last weekend!! my boyfriend, i mean. he brought three boxes "
                "of books and one fork",
            ),
            ("character", "One fork! I'll send you a set."),
        ),
        question="Who is Lotte's partner now?",
        old=("yara",),
        new=("ezekiel",),
        character_value=("caius",),
    ),
    case(
        "partner",
        "fresh3-partner-margit-ronan",
        user="Thiago",
        character="Florizel",
        first=(
            ("user", "florizel, quick q, how long do i boil an egg"),
            ("character", "Seven minutes for soft. Why?"),
            (
                "fact",
                "making breakfast in bed for margit, shes my gf, 2 yrs together today. my "
                "brother's wife elke gave me the idea",
            ),
            (
                "own",
                "Two years! Fiadh and I have had forty, and she still won't let me near the stove.",
            ),
            ("user", "lol ok 7 min. wish me luck"),
        ),
        second=(
            ("user", "update: single. then not single"),
            ("character", "That is a lot of update. Slowly, please."),
            ("user", "margit went back to sweden in the spring. we tried but it didn't work"),
            (
                "change",
                "then met ronan at my sister's gig, been together since. boyfriend now, "
                "officially, he asked me properly on a bench by the canal",
            ),
            ("character", "On a bench by the canal. How very old-fashioned."),
        ),
        question="Who is Thiago's partner now?",
        old=("margit",),
        new=("ronan",),
        character_value=("fiadh",),
    ),
    case(
        "partner",
        "fresh3-partner-talia-emeric",
        user="Hamza",
        character="Oriana",
        first=(
            ("user", "oriana the lighthouse light is so pretty from down here"),
            ("character", "It's less pretty when you're the one polishing the lens."),
            ("user", "lol fair. can we stay for the sunset"),
            (
                "own",
                "Of course. Maren's bringing soup up at six; my wife always brings enough for a "
                "whole crew.",
            ),
            (
                "fact",
                "yay. talia would love this, my fiancée is obsessed with lighthouses, i'll bring "
                "her next time",
            ),
        ),
        second=(
            ("user", "oriana, i'm not engaged anymore"),
            ("character", "Hamza. Come here."),
            (
                "change",
                "talia called off the wedding in june. it's okay now, really. i've been dating "
                "emeric since august and he's kind and he sings badly in the car. i'm with emeric "
                "now",
            ),
            ("character", "A bad singer with a kind heart. You could do worse."),
        ),
        question="Who is Hamza with now?",
        old=("talia",),
        new=("emeric",),
        character_value=("maren",),
    ),
    case(
        "partner",
        "fresh3-partner-joss-tadeo",
        user="Agnieszka",
        character="Nikolai",
        first=(
            ("user", "*hands over a jar of pickles* from my babcia"),
            ("character", "Your grandmother is a saint. Tell her I said so."),
            (
                "fact",
                "i will. my boyfriend joss says theyre too sour, but he puts sugar on lemons so",
            ),
            (
                "own",
                "Ayesha would eat the whole jar in one sitting. My wife has no fear of sour "
                "things, or of anything else.",
            ),
            ("user", "i like her already"),
        ),
        second=(
            ("user", "nikolai, remember the boyfriend who puts sugar on lemons?"),
            ("character", "The lemon man. I remember."),
            (
                "user",
                "he's gone. took a job on a cruise ship and just... ghosted me. i found out from "
                "his instagram",
            ),
            (
                "change",
                "anyway tadeo from my dance class asked me out, and we've been together ever "
                "since. he likes the pickles 🥒",
            ),
            ("character", "A man who likes your grandmother's pickles. Keep him."),
        ),
        question="Who is Agnieszka's boyfriend now?",
        old=("joss",),
        new=("tadeo",),
        character_value=("ayesha",),
    ),
    case(
        "partner",
        "fresh3-partner-linus-beatriz",
        user="Kalani",
        character="Ignatius",
        first=(
            ("user", "ignatius the garden is looking incredible"),
            ("character", "The roses finally took. Three years of coaxing."),
            (
                "user",
                "my sister's girlfriend marisa wants cuttings if you can spare any, she's building "
                "a rose arch for their wedding",
            ),
            ("character", "I'll cut some this afternoon."),
            (
                "fact",
                "ty!! my boyfriend linus would love a rose arch too, hes obsessed with your garden",
            ),
            (
                "own",
                "Ottavio built ours. My husband can't grow a thing, but he can build anything that "
                "holds a rose.",
            ),
        ),
        second=(
            ("user", "hi 🌹 brought you a coffee"),
            ("character", "You are a kind soul. How are you?"),
            (
                "change",
                "better than a month ago! not with linus anymore, that ended. i'm with beatriz "
                "now, we met at marisa's wedding actually, under the rose arch lol",
            ),
            ("character", "Under my roses! I'll take full credit."),
        ),
        question="Who is Kalani with now?",
        old=("linus",),
        new=("beatriz",),
        character_value=("ottavio",),
    ),
    # ------------------------------------------------------------------ pet
    case(
        "pet",
        "fresh3-pet-gizmo-pixel",
        user="Desmond",
        character="Aurora",
        first=(
            ("fact", "aurora can i bring gizmo in? my pug. he's very small and very loud"),
            (
                "own",
                "Bring him. Tinsel will hide under the bed, she always does; she's a coward of a "
                "cat.",
            ),
            ("user", "*carries in a snorting pug* he says hello"),
            ("character", "He says something, certainly."),
        ),
        second=(
            ("user", "*pug in his arms* guess what we did"),
            ("character", "Dressed him up?"),
            (
                "change",
                "renamed him! the kids said gizmo was a boring old-person name, so it's Pixel now, "
                "and he answers to it better than he ever did to the old one",
            ),
            ("character", "Very modern. He looks pleased with himself."),
        ),
        question="What is Desmond's pug called now?",
        old=("gizmo",),
        new=("pixel",),
        character_value=("tinsel",),
    ),
    case(
        "pet",
        "fresh3-pet-smudge-marmalade",
        user="Ruth",
        character="Elric",
        first=(
            ("user", "elric its been a long day at the shelter"),
            ("character", "Busy?"),
            ("user", "so many kittens. anyway i got home and"),
            (
                "fact",
                "smudge had knocked every single plant off the windowsill. my cat is a villain, 14 "
                "years old and still a villain",
            ),
            ("own", "My rabbit Nutmeg chews the skirting boards. We love villains, you and I."),
        ),
        second=(
            ("user", "elric, sad news"),
            ("character", "Oh no. Is it your cat?"),
            (
                "user",
                "yeah. he went in his sleep last week, by the windowsill. 14 good years of chaos",
            ),
            ("character", "I'm so sorry, Ruth."),
            (
                "change",
                "thank u. the shelter had a ginger kitten no one wanted so... meet marmalade 🧡 "
                "she's already knocked the plants off. continuity",
            ),
            ("character", "The villain line continues."),
        ),
        question="What is Ruth's cat called now?",
        old=("smudge",),
        new=("marmalade",),
        character_value=("nutmeg",),
    ),
    case(
        "pet",
        "fresh3-pet-gnocchi-custard",
        user="Sunniva",
        character="Delphine",
        first=(
            ("user", "*kneels by the hutch* delphine look how fat he's getting"),
            ("character", "*peers in* That is a very round guinea pig."),
            (
                "fact",
                "gnocchi is a potato with legs and i love him. he squeaks whenever he hears the "
                "fridge open",
            ),
            (
                "own",
                "My ferret Bandit steals socks the same way. I've stopped buying them in pairs.",
            ),
            ("user", "a sock thief lol"),
        ),
        second=(
            ("user", "*holds up a tiny cream-coloured guinea pig* new family member"),
            ("character", "Oh! She's tiny. Where's the round one?"),
            (
                "user",
                "he went to live with my little cousin, she'd been begging for a year and he "
                "adores her, he's spoilt rotten there",
            ),
            (
                "change",
                "so this is custard. she's my guinea pig now, and she squeaks at the fridge too, "
                "must be a rule",
            ),
            ("character", "A rule of guinea pigs. Welcome, little one."),
        ),
        question="What is Sunniva's guinea pig called now?",
        old=("gnocchi",),
        new=("custard",),
        character_value=("bandit",),
    ),
    case(
        "pet",
        "fresh3-pet-walnut-comet",
        user="Eamon",
        character="Sylvan",
        first=(
            (
                "fact",
                "*swings down from the saddle* Easy, Walnut, easy. My old gelding has carried me "
                "through six campaigns, Sylvan, and he'll carry me through six more.",
            ),
            (
                "own",
                "*strokes the horse's nose* He's a fine beast. My own mare Domino would leave him "
                "standing at a gallop, mind.",
            ),
            ("user", "Ha! Name the day and the field."),
            ("character", "After the harvest. Loser buys the ale."),
        ),
        second=(
            ("user", "*leads a young grey mare into the yard* Sylvan, come and see."),
            ("character", "A new horse? What happened to your gelding?"),
            (
                "user",
                "Lame in the spring, and too old to mend right. He's out to pasture at my "
                "brother's farm, fat and happy.",
            ),
            (
                "change",
                "This is Comet, from the royal stud. She's my horse now, and she'll win our race "
                "at harvest.",
            ),
            ("character", "We'll see about that."),
        ),
        question="What is Eamon's horse called now?",
        old=("walnut",),
        new=("comet",),
        character_value=("domino",),
    ),
    case(
        "pet",
        "fresh3-pet-pebble-truffle",
        user="Wiebke",
        character="Emrys",
        first=(
            ("user", "emrys hiiii"),
            ("character", "Hello, hello. You look windswept."),
            ("user", "just walked 10k. my legs are jelly"),
            ("character", "Ten? Whatever for?"),
            (
                "fact",
                "pebble. my dog. she's a collie and if she doesn't run 10k a day she eats the sofa",
            ),
            (
                "own",
                "Ha! My tortoise Sprout walks about ten metres a day and thinks that's plenty.",
            ),
        ),
        second=(
            ("user", "ok so pebble is my parents' dog now, she lives on their farm"),
            ("character", "The sofa-eater? Is she happy there?"),
            (
                "user",
                "SO happy. she herds the sheep all day, it's what she was born for, my flat was "
                "never enough",
            ),
            (
                "change",
                "and the flat felt so empty so i got a puppy. a little dachshund called truffle. "
                "she runs ten metres and lies down, it's perfect 🐶",
            ),
            ("character", "That's more like my sort of walk."),
        ),
        question="What is Wiebke's dog called now?",
        old=("pebble",),
        new=("truffle",),
        character_value=("sprout",),
    ),
    case(
        "pet",
        "fresh3-pet-bagel-scout",
        user="Gunnar",
        character="Hyacinth",
        first=(
            ("user", "hyacinth!! the neighbours dog rocket dug under the fence AGAIN"),
            ("character", "That dog is an escape artist. Did he get far?"),
            ("user", "into my veg patch lol. and then"),
            (
                "fact",
                "bagel joined him. my idiot beagle, two years old and zero brain cells. they ate "
                "all my strawberries together",
            ),
            ("own", "Partners in crime. My cat Oreo just watches from the window and judges."),
        ),
        second=(
            ("user", "*beagle on a lead, very proud* we passed!!"),
            ("character", "Passed what?"),
            (
                "user",
                "tracking class! he found the glove in four minutes. the trainer says he's a "
                "natural sniffer dog",
            ),
            (
                "change",
                "so we renamed him Scout, bagel didnt fit a working dog lol. he already turns his "
                "head to it",
            ),
            ("character", "He does look very pleased with himself."),
        ),
        question="What is Gunnar's beagle called now?",
        old=("bagel",),
        new=("scout",),
        character_value=("oreo",),
    ),
    case(
        "pet",
        "fresh3-pet-tofu-paprika",
        user="Odalys",
        character="Zephyr",
        first=(
            ("user", "zephyr i need ur help with a hutch"),
            ("character", "A hutch? I'm better with engines."),
            (
                "fact",
                "ur handy tho. my rabbit tofu chewed through the door again, hes 9 and still a "
                "menace",
            ),
            ("own", "Fine. Widget, my parrot, will supervise; she thinks she's the foreman."),
            ("user", "lol yes bring her"),
        ),
        second=(
            ("user", "the hutch you fixed is still standing btw"),
            ("character", "Of course it is. How's the old menace?"),
            ("user", "he passed in the spring 😢 very peacefully, nine is a great age for a bunny"),
            ("character", "I'm sorry. He had a good run."),
            (
                "change",
                "he did. anyway i'm texting from the vet's waiting room, paprika needs her nails "
                "clipped. my new bunny! she's a lop and she HATES the vet",
            ),
            ("character", "Tell her the foreman says to be brave."),
        ),
        question="What is Odalys's rabbit called now?",
        old=("tofu",),
        new=("paprika",),
        character_value=("widget",),
    ),
    case(
        "pet",
        "fresh3-pet-kipper-bonbon",
        user="Anders",
        character="Valentina",
        first=(
            ("user", "*sets down a tin of sardines* for kipper, if he deigns to come home"),
            ("character", "Is he wandering again?"),
            (
                "fact",
                "always. kipper is a tomcat of the world. my cat comes home twice a week to eat "
                "and judge me",
            ),
            (
                "own",
                "My Rolo never leaves the hearth. Fourteen years, and the furthest that dog has "
                "walked is to his bowl.",
            ),
        ),
        second=(
            ("user", "so kipper has officially moved in with mrs abernathy across the road"),
            ("character", "He's left you?"),
            (
                "user",
                "she feeds him salmon. i can't compete. she asked if she could keep him and i said "
                "yes, he'd already decided. he's her cat now",
            ),
            (
                "change",
                "i have a new cat now though. bonbon, a fluffy grey girl from the rescue, and she "
                "never leaves my lap",
            ),
            ("character", "A lap cat. Much better company."),
        ),
        question="What is Anders's cat called now?",
        old=("kipper",),
        new=("bonbon",),
        character_value=("rolo",),
    ),
    case(
        "pet",
        "fresh3-pet-clementine-chorizo",
        user="Priscilla",
        character="Jory",
        first=(
            ("user", "jory look at this photo"),
            ("character", "*leans over* An orange cat in a flower pot."),
            (
                "fact",
                "clementine!! my cat. she sleeps in the geranium pot every afternoon and the "
                "geranium has given up",
            ),
            ("own", "My dog Cinnamon sleeps in the log basket. We are ruled by our animals."),
            ("user", "we really are lol"),
            ("character", "Tea?"),
            ("user", "go on then"),
        ),
        second=(
            ("user", "ok funny story"),
            ("character", "I love your funny stories."),
            (
                "user",
                "so the guy i've been seeing is called clem. and he moved in. and every time i "
                "called the cat, he answered",
            ),
            (
                "change",
                "so she's chorizo now lol. new name, same cat, same geranium pot. she doesn't care "
                "what we call her as long as dinner's on time",
            ),
            ("character", "Very sensible of her."),
        ),
        question="What is Priscilla's cat called now?",
        old=("clementine",),
        new=("chorizo",),
        character_value=("cinnamon",),
    ),
    case(
        "pet",
        "fresh3-pet-muffin-gatsby",
        user="Tomasz",
        character="Leocadia",
        first=(
            (
                "fact",
                "*ties his spaniel to the bench outside* muffin, stay. good girl. leocadia, ur tea "
                "shop is my favourite place on earth",
            ),
            (
                "own",
                "*laughs* Bring her in. My old terrier Fudge is asleep behind the counter and "
                "won't stir.",
            ),
            ("user", "my brother's dog bosco would start a fight, but muffin's a lover"),
            ("character", "Then she's welcome."),
        ),
        second=(
            ("user", "leocadia. muffin's gone"),
            ("character", "Oh, Tomasz. I'm so sorry."),
            ("user", "she was 15, it was her time. she went in the garden, in the sun"),
            (
                "change",
                "and my daughter came home from the shelter with a greyhound last week. he's "
                "called gatsby and he's my dog now, he takes up the whole sofa",
            ),
            ("character", "A greyhound on the sofa. They're made for it."),
        ),
        question="What is Tomasz's dog called now?",
        old=("muffin",),
        new=("gatsby",),
        character_value=("fudge",),
    ),
)
