"""The second fresh part of the knowledge-update suite (``FRESH2_CASES``): held out, not tuned on.

Written without reading the offline provider's extraction or update rules, the pipeline's
steps or how any other part fares, so its figure says how the product does on chats nobody
has looked at. Keep it that way: do not tune on these cases, do not read their failures to
change the product, and leave the part out while tuning (``--ku-parts`` without
``fresh2``); once either happens, write a new held-out part and call this one seen.

The cases are ``benchmarks.knowledge_updates.Case`` in the fresh part's turn-by-turn format
(``benchmarks.knowledge_updates_fresh``), scored by the same code
(``benchmarks.memory.measure_knowledge_updates``): after two sittings a month apart, the
memories in context for the question must name the new value and no memory may name only the
old one; the character's own value of the same kind is the attribution distractor. Forty
chats, eight per attribute (diet, job, city, partner, pet's name), each with its own pair of
people none of the other parts uses, values and old/new pairs none of them pairs, and
writing varied the way role-play users write: first person and in character, lower case,
typos, emoji, long asides; the change said plainly, over two sentences or two messages,
implied by an event (an exam passed, an adoption, the movers gone), with the old value named
or not, or said in passing while talking about something else; the fact early, in the middle
or last in its sitting; in some chats a third person's value of the same kind (a sister's
diet, a neighbour's dog) as a distractor, never one of the planted values. Each case is
fair: a careful reader of the chat answers its question with the new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case as case

FRESH2_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    case(
        "diet",
        "fresh2-diet-vegetarian-pescatarian",
        user="Tariq",
        character="Maelis",
        first=(
            ("fact", "hey!! quick thing before dinner, im vegetarian so skip the meat for me"),
            (
                "own",
                "Noted. I'll be having the roast boar myself, it's been turning on the spit "
                "since noon.",
            ),
            ("user", "smells amazing tbh even if i cant have it"),
            ("character", "There's bread and a pot of beans. You won't go hungry at my table."),
        ),
        second=(
            ("user", "*shakes rain off his coat* back again"),
            ("character", "Just in time. Sit, sit."),
            (
                "change",
                "oh and update: im not vegetarian anymore, i started eating fish again. "
                "pescetarian now i guess",
            ),
            ("character", "Then I'll send the boy down to the river in the morning."),
        ),
        question="What does Tariq eat these days?",
        old=("vegetarian",),
        new=("pescatarian", "pescetarian", "fish"),
        character_value=("boar",),
    ),
    case(
        "diet",
        "fresh2-diet-keto-vegan",
        user="Bea",
        character="Corvin",
        first=(
            ("user", "corvin i walked past the bakery and didnt go in. be proud of me"),
            ("character", "Very proud. Was it the cinnamon knots again?"),
            (
                "fact",
                "yes!! theyre evil. im on keto so bread is basically the enemy, it's all "
                "eggs and butter and steak for me rn",
            ),
            (
                "own",
                "I couldn't do it. Barley bread and goat's cheese, every day of my life, "
                "and I'll die happy.",
            ),
        ),
        second=(
            ("user", "ok i have to tell u about this documentary i watched"),
            ("character", "The one about the farms? You mentioned it."),
            ("user", "yeah that one. i cried for like an hour"),
            ("character", "Oh, Bea."),
            (
                "change",
                "so i cleared out the fridge the next morning, gave all the eggs and cheese "
                "to my neighbour. im vegan now, like properly, no animal anything 🌱",
            ),
            ("character", "That's a big step. I'm glad you did what felt right."),
        ),
        question="What is Bea's diet now?",
        old=("keto",),
        new=("vegan",),
        character_value=("barley",),
    ),
    case(
        "diet",
        "fresh2-diet-paleo-mediterranean",
        user="Lorenzo",
        character="Saga",
        first=(
            ("user", "*drops a bag of groceries on the counter* I come bearing food"),
            ("character", "What did you get? Show me."),
            ("user", "sweet potatoes, a whole chicken, nuts, more nuts"),
            (
                "fact",
                "I've been doing paleo since the summer, so no grains, no beans, nothing "
                "a caveman wouldn't recognise lol",
            ),
            (
                "own",
                "You'd hate my kitchen then. I make pork dumplings every Sunday, hundreds "
                "of them, and freeze them.",
            ),
        ),
        second=(
            ("user", "hey saga. been a weird month"),
            ("character", "Weird how?"),
            (
                "change",
                "my cardiologist said the way I was eating was doing my heart no favours. so "
                "I've swapped to a mediterranean diet, olive oil, lentils, whole grains, the "
                "lot",
            ),
            ("character", "Then we'll cook together. I'll learn something new."),
            ("user", "deal. also the cat knocked my phone into the sink again"),
            ("character", "That cat is a menace."),
        ),
        question="How does Lorenzo eat now?",
        old=("paleo",),
        new=("mediterranean",),
        character_value=("dumplings",),
    ),
    case(
        "diet",
        "fresh2-diet-flexitarian-vegetarian",
        user="Niamh",
        character="Othniel",
        first=(
            ("user", "omg the tavern is so loud tonight 😩"),
            ("character", "Midsummer. Everyone's drunk on cider. Come sit in the back."),
            (
                "fact",
                "ok so i'm kind of flexitarian? mostly plants but i'll have chicken if "
                "someone cooks it",
            ),
            ("user", "my sister is the strict one, she's been gluten free for ten years"),
            (
                "own",
                "I'm a simple man. Haggis and neeps, and a dram after. My grandmother "
                "would rise from the grave otherwise.",
            ),
        ),
        second=(
            (
                "change",
                "helloooo. new month new me: no more chicken even when someone cooks it, i'm "
                "fully veggie now 🥕",
            ),
            ("character", "Good for you. What changed your mind?"),
            ("user", "honestly just didn't miss it. also saved a ton of money"),
            ("character", "The cheapest meal is the one you don't buy, my father said."),
        ),
        question="What diet does Niamh follow now?",
        old=("flexitarian",),
        new=("vegetarian", "veggie"),
        character_value=("haggis",),
    ),
    case(
        "diet",
        "fresh2-diet-vegan-paleo",
        user="Kaito",
        character="Marguerite",
        first=(
            ("user", "*slides into the booth* ok i am STARVING"),
            ("character", "The kitchen's still open. What'll it be?"),
            ("user", "what's good tonight"),
            ("character", "Goulash. It's always goulash on Thursdays."),
            (
                "fact",
                "ugh that has beef in it right. im vegan, have been for like 4 years, so i'll "
                "just get the salad",
            ),
            (
                "own",
                "Suit yourself. I've had a bowl of goulash every Thursday since I bought "
                "this place.",
            ),
        ),
        second=(
            ("user", "i got back into climbing!! bouldering gym near work"),
            ("character", "Look at you. Your arms must be killing you."),
            (
                "user",
                "they are lol. the coach there put me on a whole plan and honestly it "
                "changed how i eat too",
            ),
            (
                "change",
                "the vegan thing didnt survive it, im paleo now. meat, fish, veg, no grains. "
                "i feel so much stronger",
            ),
        ),
        question="What is Kaito's diet these days?",
        old=("vegan",),
        new=("paleo",),
        character_value=("goulash",),
    ),
    case(
        "diet",
        "fresh2-diet-carnivore-keto",
        user="Deshawn",
        character="Aurelie",
        first=(
            ("user", "aurelie good morningggg"),
            ("character", "Morning! I'm making pancakes, want some?"),
            (
                "fact",
                "lol no thanks, carnivore diet, remember? just meat. steak for breakfast is elite",
            ),
            (
                "own",
                "More pancakes for me. A stack of them with syrup every morning, I don't "
                "care what anyone says.",
            ),
            ("user", "respect. how'd you sleep"),
            ("character", "Badly. The neighbour's parrot was screaming at three in the morning."),
        ),
        second=(
            ("user", "my doctor finally got me to listen"),
            ("character", "About what?"),
            (
                "change",
                "all meat all the time wasn't great for my gut apparently. so i've added "
                "veggies and avocados back, basically doing keto instead of carnivore now",
            ),
            ("character", "That sounds a lot more sensible."),
        ),
        question="What kind of diet is Deshawn on now?",
        old=("carnivore",),
        new=("keto",),
        character_value=("pancakes",),
    ),
    case(
        "diet",
        "fresh2-diet-low-carb-pescatarian",
        user="Hollis",
        character="Fenwick",
        first=(
            ("user", "*leans on the bar* the usual, fen"),
            ("character", "One ale, coming up. You want food?"),
            (
                "user",
                "maybe. my wife's vegetarian so we never have meat at home, i'm always "
                "tempted out here",
            ),
            ("character", "We've got the sausages on tonight."),
            (
                "fact",
                "tempting but no, i'm doing low-carb for my blood sugar. no bread, no "
                "potatoes, no pastry",
            ),
            (
                "own",
                "I live on sausages and mash myself. Every night after close, cold out of the pan.",
            ),
        ),
        second=(
            ("user", "evening. quiet in here tonight"),
            ("character", "Rain keeps them home. What can I get you?"),
            (
                "change",
                "hmm whatever fish you've got. i ditched the low-carb thing, my dietitian "
                "moved me to pescatarian, so fish and veg and i can have potatoes again",
            ),
            ("character", "There's a bit of cod left. I'll fry it for you."),
        ),
        question="What does Hollis eat now?",
        old=("low-carb", "low carb"),
        new=("pescatarian", "fish"),
        character_value=("sausages",),
    ),
    case(
        "diet",
        "fresh2-diet-pescatarian-flexitarian",
        user="Ingrid",
        character="Cassius",
        first=(
            (
                "fact",
                "before we start planning the feast: i'm pescatarian, so fish is fine but no "
                "meat for me",
            ),
            (
                "own",
                "Understood. I forage mushrooms for everything I eat, so I'm no help with fish.",
            ),
            ("user", "wait, for everything?? even breakfast"),
            ("character", "Especially breakfast. Chanterelles on toast."),
            ("user", "ok that actually sounds good"),
            ("character", "Come by at dawn and I'll show you where they grow."),
        ),
        second=(
            ("user", "cassius you will not believe the month i had"),
            ("character", "Try me."),
            (
                "user",
                "so my grandpa's been sick and i was up at the farm helping out, and his "
                "neighbour raises chickens and she kept feeding me and i just. ate it",
            ),
            (
                "change",
                "and then kept eating it lol. so i'm flexitarian now i think? mostly veg and "
                "fish, sometimes meat",
            ),
            ("character", "Your grandfather must have been glad of the company."),
            ("user", "he was. he's doing better now"),
        ),
        question="What is Ingrid's diet now?",
        old=("pescatarian",),
        new=("flexitarian",),
        character_value=("mushrooms",),
    ),
    # ------------------------------------------------------------------ job
    case(
        "job",
        "fresh2-job-designer-copywriter",
        user="Mei",
        character="Brannoch",
        first=(
            ("user", "*sits on the edge of the forge's water trough* hi"),
            ("character", "Hi yourself. Careful, that's hot on the left side."),
            (
                "fact",
                "noted. sorry im so tired, im a graphic designer and a client made me redo "
                "a logo 14 times today",
            ),
            (
                "own",
                "Fourteen times. I've been a blacksmith thirty years and no one's ever sent "
                "a horseshoe back.",
            ),
        ),
        second=(
            ("user", "hello!! guess who has a new job"),
            ("character", "You? Tell me everything."),
            (
                "change",
                "i stopped doing design, too many revisions. the agency took me on as a "
                "copywriter, i write the words now instead of drawing them",
            ),
            ("character", "Words suit you. You never stop talking."),
            ("user", "rude. accurate but rude"),
            ("character", "*grins and goes back to hammering*"),
        ),
        question="What does Mei do for work now?",
        old=("designer",),
        new=("copywriter",),
        character_value=("blacksmith",),
    ),
    case(
        "job",
        "fresh2-job-postman-driving-instructor",
        user="Ruairi",
        character="Seraphine",
        first=(
            ("user", "my feet are in bits"),
            ("character", "What have you been doing to them?"),
            ("user", "walking. so much walking. the hill up to the estate is a killer"),
            ("character", "Why on earth were you up there?"),
            (
                "fact",
                "i'm a postman, thats my round. eleven miles a day with a bag of catalogues "
                "nobody wants",
            ),
            (
                "own",
                "I don't envy you. I'm a harbour clerk; I sit at a desk all day and count barrels.",
            ),
        ),
        second=(
            ("user", "sera! how's the harbour"),
            ("character", "Full of fog and gulls. How are your feet?"),
            (
                "change",
                "much better, i hung up the mail bag. passed all my tests and i'm a driving "
                "instructor now, sitting down all day teaching teenagers not to stall",
            ),
            ("character", "Sitting down all day and being terrified. A fair trade."),
        ),
        question="What is Ruairi's job now?",
        old=("postman",),
        new=("driving instructor", "instructor"),
        character_value=("clerk",),
    ),
    case(
        "job",
        "fresh2-job-line-cook-dog-groomer",
        user="Gwen",
        character="Dax",
        first=(
            ("user", "*the bell over the door jingles* hello? anyone in?"),
            (
                "own",
                "Welcome to the shop. I'm the apothecary here, anything from headaches to "
                "heartbreak, I've a tincture for it.",
            ),
            ("user", "do you have anything for burns lol"),
            ("character", "Let me see your hands. Goodness."),
            (
                "fact",
                "yeah. im a line cook at the diner on fifth, the grill gets me every week",
            ),
            ("character", "Aloe and honey, twice a day. And wear gloves."),
        ),
        second=(
            ("user", "hiii no burns this time!!"),
            ("character", "Let me look. Not a blister. What happened?"),
            (
                "change",
                "i quit the diner!! got a job as a dog groomer at a salon on main street, the "
                "worst that happens now is a poodle bites me",
            ),
            ("character", "A poodle bite I can treat."),
            ("user", "the owner lets me bring my coffee in too, its the dream"),
            ("character", "Then I'm happy for you."),
        ),
        question="What is Gwen's job these days?",
        old=("line cook", "cook", "diner"),
        new=("groomer", "grooming"),
        character_value=("apothecary",),
    ),
    case(
        "job",
        "fresh2-job-scribe-cartographer",
        user="Perrin",
        character="Vey",
        first=(
            (
                "user",
                "*bows low, ink still on his fingers* Forgive my lateness, Magister. The "
                "abbot kept us past vespers.",
            ),
            ("character", "*waves a hand* You're forgiven. What keeps the abbot so busy?"),
            (
                "fact",
                "I am a scribe at the temple of the Dawn, as you know. We are copying the "
                "whole of the Chronicle before the spring rains ruin the old scrolls.",
            ),
            (
                "own",
                "A worthy labour. Mine is the alchemist's: I spend my nights turning lead "
                "into slightly different lead.",
            ),
            ("user", "*laughs despite himself*"),
        ),
        second=(
            ("user", "*arrives in a travelling cloak, a leather tube under one arm*"),
            ("character", "You look like a man who has left something behind."),
            (
                "user",
                "I have. I laid down my quill at the temple on the new moon; the abbot wept, "
                "or pretended to.",
            ),
            (
                "change",
                "The Guild of Wayfinders has taken me on. I am their cartographer now, "
                "Magister; I draw the roads instead of copying the prayers.",
            ),
            ("character", "Then may your roads be straight and your ink never run."),
        ),
        question="What work does Perrin do now?",
        old=("scribe",),
        new=("cartographer",),
        character_value=("alchemist",),
    ),
    case(
        "job",
        "fresh2-job-receptionist-pharmacist",
        user="Fatima",
        character="Lucan",
        first=(
            ("user", "evening lucan. the square's so pretty with the lanterns up"),
            ("character", "The council hung them this morning. I carved the posts."),
            ("user", "wait you carved those??"),
            (
                "own",
                "I'm a stonemason, love. Posts, steps, gravestones, whatever the town needs.",
            ),
            (
                "fact",
                "that's so cool. my days are just answering phones, i'm a receptionist at a "
                "dental clinic while i study for my exams",
            ),
        ),
        second=(
            ("user", "LUCAN"),
            ("character", "*nearly drops his chisel* What? What is it?"),
            (
                "change",
                "i passed!! the board exam!! i started at the pharmacy on the corner on "
                "monday, i'm a real pharmacist now and nobody makes me answer the phone",
            ),
            ("character", "I knew you would. Come here."),
        ),
        question="What is Fatima's job now?",
        old=("receptionist",),
        new=("pharmacist", "pharmacy"),
        character_value=("stonemason",),
    ),
    case(
        "job",
        "fresh2-job-bartender-translator",
        user="Elodie",
        character="Hask",
        first=(
            ("user", "*yawns* sorry, worked till 3am"),
            ("character", "Again? Where do they keep you so late?"),
            (
                "fact",
                "the cocktail bar by the canal. i'm a bartender there, fridays are the worst",
            ),
            ("user", "my brother keeps telling me to get a proper job like him, he's a dentist"),
            (
                "own",
                "Ignore him. I'm a clockmaker and my own father called that a hobby until "
                "the day he died.",
            ),
        ),
        second=(
            ("user", "hi hask. i have slept eight hours. EIGHT"),
            ("character", "A miracle. What happened?"),
            (
                "user",
                "remember how i did my degree in italian and never used it? a publisher "
                "finally answered one of my applications",
            ),
            (
                "change",
                "so no more bar shifts, i'm a full-time translator now, working from home on "
                "cookbooks of all things",
            ),
            ("character", "Cookbooks. You'll be hungry all day."),
        ),
        question="What does Elodie do for a living now?",
        old=("bartender",),
        new=("translator",),
        character_value=("clockmaker",),
    ),
    case(
        "job",
        "fresh2-job-analyst-welder",
        user="Quentin",
        character="Orla",
        first=(
            ("user", "hey orla. long week of spreadsheets"),
            ("character", "You sound like you need a walk on the cliffs."),
            ("user", "i need about ten walks on the cliffs"),
            ("character", "Then we'll do one now and nine later."),
            ("user", "deal. the wind up here is unreal"),
            (
                "fact",
                "i just don't think i'm built to be a data analyst forever. staring at "
                "dashboards all day",
            ),
            (
                "own",
                "I've been a shepherd since I was twelve and I've never looked at a "
                "dashboard once.",
            ),
        ),
        second=(
            (
                "change",
                "ok so i did it. i finished the welding course and the shipyard hired me, "
                "i'm a welder now. my hands hurt and i love it",
            ),
            ("character", "Show me. Oh, look at those calluses."),
            ("user", "my mum thinks ive lost my mind"),
            ("character", "Mothers always do, at first."),
        ),
        question="What is Quentin's job these days?",
        old=("analyst",),
        new=("welder", "welding"),
        character_value=("shepherd",),
    ),
    case(
        "job",
        "fresh2-job-hairdresser-midwife",
        user="Shreya",
        character="Caspian",
        first=(
            ("user", "*flops onto the sofa* ten heads of hair today"),
            ("character", "Ten? How do you even stand up?"),
            (
                "fact",
                "barely lol. i've been a hairdresser for six years, the salon is my second "
                "home, but my back is not happy",
            ),
            (
                "user",
                "anyway i also finished my last placement for the midwifery course, so "
                "fingers crossed for a hospital job",
            ),
            ("own", "Good luck. I'm a gardener, my back hurts too, we can be sore together."),
        ),
        second=(
            ("user", "ok i have news"),
            ("character", "Good news, by your face."),
            (
                "change",
                "the hospital said yes! i left the salon last week and i'm a midwife now, "
                "delivered my first baby on tuesday 😭",
            ),
            ("character", "Shreya! That's wonderful."),
            ("user", "i cried more than the mum did"),
            ("character", "Of course you did."),
        ),
        question="What does Shreya do for work now?",
        old=("hairdresser",),
        new=("midwife",),
        character_value=("gardener",),
    ),
    # ------------------------------------------------------------------ city
    case(
        "city",
        "fresh2-city-bristol-dublin",
        user="Ottilie",
        character="Jareth",
        first=(
            ("user", "hello from the rainiest city in england"),
            ("character", "Which one is that, these days?"),
            (
                "fact",
                "bristol obviously, i live here lol. it's been raining since tuesday",
            ),
            (
                "own",
                "You should come to Valparaiso. I've lived here my whole life and I can "
                "count the grey days on one hand.",
            ),
        ),
        second=(
            ("user", "sorry i vanished for a month"),
            ("character", "You said you might. How did it go?"),
            (
                "change",
                "the movers left an hour ago and i'm sitting on a box in my new flat in "
                "dublin. bristol feels like a dream already",
            ),
            ("character", "Congratulations. Have you unpacked the kettle at least?"),
            ("user", "first thing i did. priorities"),
            ("character", "Good woman."),
        ),
        question="Where does Ottilie live now?",
        old=("bristol",),
        new=("dublin",),
        character_value=("valparaiso",),
    ),
    case(
        "city",
        "fresh2-city-krakow-vienna",
        user="Bram",
        character="Nerys",
        first=(
            ("user", "nerys!! i found a bookshop that sells only maps"),
            ("character", "Of course you did. Where?"),
            ("user", "down an alley behind the cloth hall, took me an hour to find again"),
            ("character", "You and your alleys."),
            (
                "fact",
                "ive lived in krakow for three years and i still find new alleys every week",
            ),
            (
                "own",
                "Bruges is the same for me. Born here, live here, still get lost by the canals.",
            ),
        ),
        second=(
            ("user", "ok so. the job offer. i took it"),
            ("character", "The one in Austria? You didn't tell me you'd decided!"),
            (
                "change",
                "i decided on a train at 2am lol. i live in vienna now, moved two weeks ago, "
                "the flat has a tiny balcony and the trams are amazing",
            ),
        ),
        question="Which city is Bram living in now?",
        old=("krakow",),
        new=("vienna",),
        character_value=("bruges",),
    ),
    case(
        "city",
        "fresh2-city-phoenix-portland",
        user="Celeste",
        character="Hakon",
        first=(
            ("user", "it's 112 degrees here today, im melting"),
            ("character", "One hundred and twelve! Where are you?"),
            (
                "fact",
                "phoenix, born and raised. you get used to it. kinda. not realy",
            ),
            (
                "user",
                "my mom keeps begging me to move near her in albuquerque but it's not any "
                "cooler there lol",
            ),
            (
                "own",
                "I'd perish. I live in Halifax; if it gets past twenty-five we close the schools.",
            ),
        ),
        second=(
            ("user", "hakon it RAINED. for three days"),
            ("character", "Rain in the desert? Is the world ending?"),
            (
                "change",
                "no lol i moved!! left phoenix for good, i'm in portland now. everything is "
                "green and wet and i love it",
            ),
            ("character", "Welcome to the cold side. Buy a proper coat."),
            ("user", "already did. it's yellow"),
            ("character", "Of course it is."),
        ),
        question="Which city does Celeste call home now?",
        old=("phoenix",),
        new=("portland",),
        character_value=("halifax",),
    ),
    case(
        "city",
        "fresh2-city-auckland-wellington",
        user="Amir",
        character="Liesel",
        first=(
            ("user", "*knocks* hi, i'm the one renting your spare room this week"),
            (
                "own",
                "Come in, come in. Mind the steps, Hobart's hills are murder on visitors. "
                "I've lived in this house forty years.",
            ),
            ("user", "your house is so cosy liesel"),
            ("character", "It's old and draughty, but it's mine. Where are you from, dear?"),
            (
                "fact",
                "auckland! i live in a flat in ponsonby with two flatmates and a very loud fridge",
            ),
            ("character", "Ha! Every flat has a loud fridge."),
        ),
        second=(
            ("user", "hiya. the wind here is unbelievable"),
            ("character", "Here? Where's here now?"),
            (
                "change",
                "wellington. the new job started, so i packed up and came down. windiest "
                "city in the world, my umbrella died on day one",
            ),
            ("character", "*laughs* Buy a hat that ties under the chin."),
        ),
        question="Where does Amir live these days?",
        old=("auckland", "ponsonby"),
        new=("wellington",),
        character_value=("hobart",),
    ),
    case(
        "city",
        "fresh2-city-nagoya-sapporo",
        user="Rosalind",
        character="Greta",
        first=(
            ("user", "greta i have to tell you about my landlord"),
            ("character", "Oh no. What has he done now?"),
            (
                "user",
                "he came round to 'check the plumbing' and stayed for two hours telling me "
                "about his koi. two hours. i know every koi by name now",
            ),
            ("character", "You poor thing."),
            (
                "fact",
                "honestly it's the only bad thing about living in nagoya, i love the city, "
                "the food, everything except him",
            ),
            ("own", "Try living in Kyoto with my landlady. She inspects my shoes."),
        ),
        second=(
            ("user", "so i escaped the koi man"),
            ("character", "You didn't! How?"),
            (
                "change",
                "transferred with work. i live in sapporo now, it's freezing and the snow "
                "is up to my knees and i'm so happy",
            ),
            ("character", "Free of the koi, up to your knees in snow. A fine trade."),
            ("user", "my new landlord is a tiny old lady who gives me oranges"),
            ("character", "Keep her."),
        ),
        question="Which city does Rosalind live in now?",
        old=("nagoya",),
        new=("sapporo",),
        character_value=("kyoto",),
    ),
    case(
        "city",
        "fresh2-city-rotterdam-copenhagen",
        user="Takumi",
        character="Fen",
        first=(
            ("user", "morning fen"),
            ("character", "Morning. You're up early."),
            (
                "fact",
                "cycled in from the harbour, my place in rotterdam is right by the water so "
                "i see the ships going out",
            ),
            (
                "own",
                "I'd love that. My flat in Antwerp looks out on a car park and a very sad tree.",
            ),
            ("user", "lol poor tree"),
            ("character", "I've named him Gerald."),
        ),
        second=(
            ("user", "ok i've been quiet because i've been packing for weeks"),
            ("character", "Packing? For what?"),
            (
                "user",
                "my partner got a research post and we decided to just go for it. sold the "
                "bikes, shipped the books",
            ),
            (
                "change",
                "we're in copenhagen now, moved in on saturday. bought new bikes on sunday "
                "obviously",
            ),
            ("character", "Obviously. How is the new place?"),
        ),
        question="Where does Takumi live now?",
        old=("rotterdam",),
        new=("copenhagen",),
        character_value=("antwerp",),
    ),
    case(
        "city",
        "fresh2-city-duskhaven-ironvale",
        user="Linnea",
        character="Oskar",
        first=(
            ("user", "*pushes back her hood, snow in her hair* The pass is nearly closed."),
            ("character", "*hands her a cup of mulled wine* Then you were wise to come early."),
            ("user", "*wraps both hands around the cup* Wise or lucky."),
            ("character", "How fares your city?"),
            (
                "fact",
                "Duskhaven stands, as it always has. I keep my rooms above the chandler's "
                "on the harbour road, and I sleep to the sound of the bells.",
            ),
            (
                "own",
                "I have never left Westmarch. My father's house, and his father's. The "
                "bells here are goats.",
            ),
        ),
        second=(
            ("user", "*sets down her pack with a heavy thump* Oskar. It's done."),
            ("character", "What is done?"),
            (
                "change",
                "I have given up my rooms by the harbour. The forge-masters of Ironvale "
                "offered me a house inside their walls, and I have taken it; Ironvale is "
                "my home now.",
            ),
            ("character", "A stone city for a stubborn woman. It suits you."),
        ),
        question="Where does Linnea make her home now?",
        old=("duskhaven",),
        new=("ironvale",),
        character_value=("westmarch",),
    ),
    case(
        "city",
        "fresh2-city-chicago-minneapolis",
        user="Dario",
        character="Ezra",
        first=(
            ("user", "yo ezra whats good"),
            ("character", "Not much. Long shift. You?"),
            (
                "fact",
                "same old, the L was delayed again so i walked half of chicago to get home",
            ),
            ("user", "my brother laughs at me, he lives in detroit and drives everywhere"),
            (
                "own",
                "I walk everywhere in Savannah. Too hot to hurry, so nobody's ever late here.",
            ),
        ),
        second=(
            ("user", "ezra my dude"),
            ("character", "There he is. How was the move?"),
            (
                "change",
                "brutal but done. minneapolis is home now, the apartment's by a lake and "
                "i've allready frozen my ears off twice",
            ),
        ),
        question="Which city does Dario live in now?",
        old=("chicago",),
        new=("minneapolis",),
        character_value=("savannah",),
    ),
    # ------------------------------------------------------------------ partner
    case(
        "partner",
        "fresh2-partner-gideon-tamsin",
        user="Keeley",
        character="Ambrose",
        first=(
            (
                "fact",
                "hi! sorry im late, gideon and i were arguing about whose turn it is to do "
                "the dishes. my boyfriend is a menace",
            ),
            ("character", "*laughs* Who won?"),
            ("user", "nobody. the dishes are still there"),
            (
                "own",
                "My wife Aldith settled that for us years ago: whoever cooks doesn't wash.",
            ),
        ),
        second=(
            ("user", "hey ambrose"),
            ("character", "Hey. You sound different."),
            (
                "change",
                "yeah. gideon and i broke up in the spring, it was a long time coming. i'm "
                "with tamsin now and she actually does the dishes lol",
            ),
            ("character", "Then she's a keeper."),
        ),
        question="Who is Keeley's partner now?",
        old=("gideon",),
        new=("tamsin",),
        character_value=("aldith",),
    ),
    case(
        "partner",
        "fresh2-partner-hana-wren",
        user="Joaquin",
        character="Petra",
        first=(
            ("user", "*collapses onto the porch swing* what a day"),
            ("character", "Tell me about it. Lemonade?"),
            ("user", "please"),
            ("character", "*pours* So, how's everything?"),
            (
                "fact",
                "good, mostly. hana's been travelling for work a lot, i miss her. we've been "
                "togther two years next month",
            ),
            (
                "own",
                "I know that feeling. My husband Oswin is at sea half the year; the house "
                "is too quiet without him.",
            ),
        ),
        second=(
            ("user", "petra. a lot has happened"),
            ("character", "Good or bad?"),
            (
                "user",
                "both? hana took the job overseas for good and we decided to end it. it was "
                "kind and sad and very grown up",
            ),
            (
                "change",
                "and then at my cousin's wedding i met wren. we've been together three weeks "
                "and i'm happier than i've been in ages",
            ),
            ("character", "Life moves quickly sometimes. I'm glad you're happy."),
        ),
        question="Who is Joaquin with now?",
        old=("hana",),
        new=("wren",),
        character_value=("oswin",),
    ),
    case(
        "partner",
        "fresh2-partner-mateo-ines",
        user="Saoirse",
        character="Idris",
        first=(
            ("user", "idris can you help me pick a present"),
            ("character", "For whom?"),
            (
                "fact",
                "mateo, my boyfriend, it's his birthday on friday and he has everything",
            ),
            (
                "user",
                "my sister's fiancé paolo says get him socks but paolo thinks socks are a "
                "personality",
            ),
            (
                "own",
                "When my partner Cerys has everything, I take her somewhere instead. "
                "Experiences, not things.",
            ),
        ),
        second=(
            ("user", "ok so the house hunting is going terribly"),
            ("character", "Still no luck?"),
            (
                "change",
                "none. ines and i saw nine flats this weekend, she's my girlfriend now by "
                "the way, mateo and i split in the summer. anyway nine flats and every one "
                "had mould",
            ),
            ("character", "Mould is a dealbreaker. Keep looking."),
        ),
        question="Who is Saoirse's partner now?",
        old=("mateo",),
        new=("ines",),
        character_value=("cerys",),
    ),
    case(
        "partner",
        "fresh2-partner-imogen-kofi",
        user="Haruto",
        character="Beatrix",
        first=(
            ("user", "beatrix!! 👋"),
            ("character", "Haruto! Come in out of the cold."),
            ("user", "cant stay long, imogen's making dinner"),
            (
                "fact",
                "shes my girlfriend, i mentioned her? imogen. we've been dating since march "
                "and she's the best cook i know 😍",
            ),
            (
                "own",
                "You've mentioned her a dozen times. My Hamish can't boil an egg, so I'm jealous.",
            ),
        ),
        second=(
            ("user", "heyyy"),
            ("character", "Hello, stranger."),
            (
                "change",
                "so imogen and i are done 💔 she moved back to her parents'. but i've been "
                "seeing kofi for a couple of weeks and he's really lovely",
            ),
            ("character", "I'm sorry about the one and glad about the other."),
            ("user", "he cant cook at all though lol"),
            ("character", "Nobody's perfect."),
        ),
        question="Who is Haruto dating now?",
        old=("imogen",),
        new=("kofi",),
        character_value=("hamish",),
    ),
    case(
        "partner",
        "fresh2-partner-callum-freya",
        user="Marisol",
        character="Crispin",
        first=(
            ("user", "hi crispin, is the shop still open"),
            ("character", "For you, always. What are you after?"),
            (
                "user",
                "something for the garden? ok so long story, we've had this one tomato plant "
                "since april and it has produced exactly one tomato, and it's green, and my "
                "neighbour who has been growing tomatoes since the eighties came over and "
                "just looked at it and shook her head and walked away without a word",
            ),
            ("character", "*laughs* That's a tomato tragedy."),
            (
                "fact",
                "right?? callum says we should give up but he gives up on everything, "
                "typical boyfriend behaviour",
            ),
            (
                "own",
                "My husband Thaddeus talks to our plants. They seem to like it. Try feed, and sun.",
            ),
        ),
        second=(
            ("user", "crispin!! the tomato lives"),
            ("character", "No! How many?"),
            ("user", "TWELVE. red ones. i have pictures"),
            ("character", "Show me."),
            (
                "change",
                "freya built a little greenhouse for it, she's amazing. she's my girlfriend "
                "now, callum's long gone, he gave up on us like he did on the tomatoes",
            ),
            ("character", "Then the tomatoes and you both did better for it."),
        ),
        question="Who is Marisol's partner now?",
        old=("callum",),
        new=("freya",),
        character_value=("thaddeus",),
    ),
    case(
        "partner",
        "fresh2-partner-soren-amara",
        user="Ewan",
        character="Sabine",
        first=(
            ("user", "*shows her his phone* look at this sunset"),
            ("character", "Gorgeous. Where was that?"),
            ("user", "top of the hill behind our flat"),
            (
                "fact",
                "soren took it actually. my boyfriend's got a better eye than me for this stuff",
            ),
            (
                "own",
                "My partner Leontyne paints sunsets. Badly, but with great feeling.",
            ),
            ("user", "haha, that's the best way to paint"),
        ),
        second=(
            ("user", "bit of a rough few weeks"),
            ("character", "Do you want to talk about it?"),
            (
                "change",
                "it ended with the boyfriend. i was a mess for a while. and now, weirdly, "
                "i'm seeing amara, who i met at the climbing wall, and it's serious already",
            ),
            ("character", "Endings and beginnings. Be gentle with yourself."),
        ),
        question="Who is Ewan seeing now?",
        old=("soren",),
        new=("amara",),
        character_value=("leontyne",),
    ),
    case(
        "partner",
        "fresh2-partner-genevieve-esme",
        user="Lysander",
        character="Morwenna",
        first=(
            (
                "user",
                "*adjusts his gloves* My lady Morwenna. I trust the roads were kind to you.",
            ),
            ("character", "*curtsies* Kind enough, my lord. The river has flooded again."),
            (
                "fact",
                "Then you must stay. My betrothed, the Lady Genevieve, would be glad of the "
                "company; she finds the castle dull.",
            ),
            (
                "own",
                "You are generous. My own husband, Sir Percival, will want to hear of your "
                "hunting.",
            ),
        ),
        second=(
            ("user", "*pours two goblets of wine* Sit with me a while."),
            ("character", "You seem troubled, my lord."),
            (
                "user",
                "The betrothal is broken. Her father made a better match for her in the "
                "south, and I have released her with my blessing.",
            ),
            (
                "change",
                "And yet I am not alone: the Lady Esme of Harrowgate has accepted my suit, "
                "and we are to be wed at midsummer.",
            ),
            ("character", "*raises her goblet* Then to midsummer."),
        ),
        question="To whom is Lysander betrothed now?",
        old=("genevieve",),
        new=("esme",),
        character_value=("percival",),
    ),
    case(
        "partner",
        "fresh2-partner-tobias-nikhil",
        user="Aditi",
        character="Garrick",
        first=(
            ("user", "garrick have you seen my keys"),
            ("character", "On the hook, where they always are."),
            (
                "user",
                "oh thank god. my best friend meera is getting married so i've been running "
                "around all week for her, arjun her fiancé is useless at planning",
            ),
            ("character", "Weddings make everyone useless."),
            ("user", "lol true"),
            (
                "fact",
                "at least tobias is coming with me as my plus one, he's the best boyfriend, "
                "he irons his own shirts",
            ),
            (
                "own",
                "High praise. My wife Ottoline says the same of me, and I've never ironed a thing.",
            ),
        ),
        second=(
            ("user", "the wedding was beautiful btw"),
            ("character", "Was it? Tell me."),
            (
                "change",
                "so beautiful. i went with nikhil in the end, we've been together since "
                "tobias and i broke up right after your last visit. nikhil cried at the vows",
            ),
            ("character", "A man who cries at weddings. Good sign."),
        ),
        question="Who is Aditi's boyfriend now?",
        old=("tobias",),
        new=("nikhil",),
        character_value=("ottoline",),
    ),
    # ------------------------------------------------------------------ pet
    case(
        "pet",
        "fresh2-pet-noodle-sergeant",
        user="Colm",
        character="Tilde",
        first=(
            ("user", "tilde can my dog come in, he's very muddy"),
            ("character", "Is he well behaved?"),
            (
                "fact",
                "noodle? absolutely not. he's a lurcher from the rescue, they named him "
                "noodle and it stuck",
            ),
            (
                "own",
                "Bring him in. My old dog Bosun won't mind, he's asleep by the stove and "
                "has been since Tuesday.",
            ),
        ),
        second=(
            ("user", "hiya, me and the dog again"),
            ("character", "Come in, both of you."),
            (
                "change",
                "we renamed him btw! he never answered to noodle, so he's Sergeant now, "
                "and he comes when called, mostly",
            ),
            ("character", "A name with some dignity. He looks taller already."),
            ("user", "he does sit up straighter lol"),
            ("character", "Bosun is unimpressed."),
        ),
        question="What is Colm's dog called now?",
        old=("noodle",),
        new=("sergeant",),
        character_value=("bosun",),
    ),
    case(
        "pet",
        "fresh2-pet-button-saffron",
        user="Yasmin",
        character="Radomir",
        first=(
            ("user", "radomir hi, sorry if i smell like a vet's office"),
            ("character", "Is everything all right?"),
            (
                "fact",
                "my cat button is getting old, he's nineteen, so we're there a lot. he's "
                "still the grumpiest little man",
            ),
            (
                "own",
                "Nineteen is a fine age. My Marzipan is only four and already rules the house.",
            ),
        ),
        second=(
            ("user", "hi. it's been a sad month and a happy week"),
            ("character", "Tell me the sad part first."),
            (
                "user",
                "we lost button at the start of the month. he went peacefully, in his sunny spot",
            ),
            ("character", "I'm so sorry, Yasmin. He had a good long life."),
            (
                "change",
                "the happy part: the adoption went through yesterday! meet Saffron, a tiny "
                "ginger kitten who is currently attacking my shoelace 🐱",
            ),
            ("character", "Oh, she's perfect."),
        ),
        question="What is Yasmin's cat called now?",
        old=("button",),
        new=("saffron",),
        character_value=("marzipan",),
    ),
    case(
        "pet",
        "fresh2-pet-pudding-marlowe",
        user="Florian",
        character="Kezia",
        first=(
            ("user", "*holding a very large lettuce* don't ask"),
            ("character", "I have to ask."),
            (
                "fact",
                "it's for pudding. my tortoise. he eats like a horse, a very slow horse",
            ),
            ("user", "my neighbour's dog rocco keeps trying to befriend him through the fence"),
            (
                "own",
                "My pet is a grass snake called Whisper, and she eats once a fortnight. "
                "Much cheaper.",
            ),
        ),
        second=(
            ("user", "so pudding has gone to live at the reptile sanctuary"),
            ("character", "Oh no, why?"),
            (
                "user",
                "he needed a much bigger enclosure than my flat has, they have a whole "
                "heated garden. i visit him on sundays",
            ),
            (
                "change",
                "the sanctuary people talked me into a leopard gecko though. his name is "
                "Marlowe and he lives on my desk",
            ),
            ("character", "A desk gecko. Very scholarly."),
        ),
        question="What is Florian's pet called now?",
        old=("pudding",),
        new=("marlowe",),
        character_value=("whisper",),
    ),
    case(
        "pet",
        "fresh2-pet-zorro-sprinkles",
        user="Ximena",
        character="Alaric",
        first=(
            ("user", "alaric do lizards get bored"),
            ("character", "What a question. Why?"),
            (
                "fact",
                "our bearded dragon zorro just stares at the wall all day. i worry about him",
            ),
            (
                "own",
                "My mouse Pocket stares at walls too, and she's the happiest creature I know.",
            ),
            ("user", "ok that's reassuring lol"),
            ("character", "Give him a new rock to climb. That's all they want."),
        ),
        second=(
            ("user", "so my daughter had her sixth birthday"),
            ("character", "Six! Was there cake?"),
            (
                "user",
                "so much cake. and she demanded one present only: to rename the bearded dragon",
            ),
            ("character", "And you said yes?"),
            (
                "change",
                "obviously. so zorro is no more, the dragon is officially called Sprinkles, "
                "she made a little sign for the tank",
            ),
            ("character", "A fine name for a dragon."),
        ),
        question="What is Ximena's bearded dragon called now?",
        old=("zorro",),
        new=("sprinkles",),
        character_value=("pocket",),
    ),
    case(
        "pet",
        "fresh2-pet-chestnut-falstaff",
        user="Brody",
        character="Elowen",
        first=(
            ("user", "*leads his horse into the stable yard* Whoa, girl. Easy now."),
            ("character", "*looks up from the anvil* Sir knight. Is she lame?"),
            (
                "fact",
                "Only tired. Chestnut has carried me from the border in four days; no mare "
                "in the king's stables has a bigger heart.",
            ),
            (
                "own",
                "Let her rest. My griffin Talon will keep the wolves off the yard tonight.",
            ),
        ),
        second=(
            ("user", "*arrives on foot, leading a tall grey* Good morrow, smith."),
            ("character", "A new mount. Where is your mare?"),
            (
                "change",
                "She is retired to my father's pastures; the border was her last ride. This "
                "is Falstaff, a gift from the marshal, and he is my horse now.",
            ),
            ("character", "He has a proud eye. Let me see to his shoes."),
        ),
        question="What is the name of Brody's horse now?",
        old=("chestnut",),
        new=("falstaff",),
        character_value=("talon",),
    ),
    case(
        "pet",
        "fresh2-pet-beaker-pistachio",
        user="Anneliese",
        character="Pim",
        first=(
            ("user", "pim!! i taught my budgie a word"),
            ("character", "Which word?"),
            ("user", "'hello'. well, 'hewwo'. close enough"),
            ("character", "That's a start. What's the bird's name again?"),
            (
                "fact",
                "beaker. because of the muppet. he's blue and very loud and i adore him",
            ),
            ("own", "My tortoise Dumpling has never said a word to me in twelve years."),
        ),
        second=(
            (
                "change",
                "ok so. beaker flew out the window when my roommate left it open, and he "
                "never came back 😢 i looked for days. but i've got a canary now, she's "
                "called Pistachio",
            ),
            ("character", "Oh, I'm sorry about the little blue one. How is the canary?"),
            ("user", "she sings at 6am every day. i'm so tired. i love her"),
            ("character", "That's how love goes."),
        ),
        question="What is Anneliese's bird called now?",
        old=("beaker",),
        new=("pistachio",),
        character_value=("dumpling",),
    ),
    case(
        "pet",
        "fresh2-pet-admiral-lieutenant",
        user="Rashid",
        character="Solveig",
        first=(
            ("user", "solveig what do goldfish eat besides flakes"),
            ("character", "Peas, I think. Shelled. Why?"),
            (
                "fact",
                "my goldfish admiral looks bored of flakes. he's been with me since uni, "
                "he's basically family",
            ),
            (
                "own",
                "My hamster Crumpet would eat peas too. She'd eat the fish if she could reach it.",
            ),
        ),
        second=(
            ("user", "ok bad news and good news"),
            ("character", "Go on."),
            (
                "change",
                "admiral passed away last week 😭 old age, the vet said. the pet shop guy "
                "was so nice about it, and i came home with a betta fish. he's called "
                "Lieutenant, to carry on the tradition",
            ),
            ("character", "The navy goes on. I'm sorry about your old friend."),
        ),
        question="What is Rashid's fish called now?",
        old=("admiral",),
        new=("lieutenant",),
        character_value=("crumpet",),
    ),
    case(
        "pet",
        "fresh2-pet-bristle-hazel",
        user="Tessa",
        character="Gulliver",
        first=(
            ("user", "gulliver i need hedgehog advice"),
            ("character", "I am a man of many talents, but hedgehogs?"),
            ("user", "ok fine i need someone to listen"),
            ("character", "That I can do."),
            (
                "fact",
                "bristle won't come out of his little house. he's my hedgehog. i've had him "
                "a month and he's sulking",
            ),
            ("own", "My cat Figaro sulked for a year when I moved. They come round."),
        ),
        second=(
            ("user", "the vet appointment was hilarious"),
            ("character", "Was it? How?"),
            (
                "change",
                "turns out the hedgehog is a girl lol. so the kids voted and she's Hazel "
                "now, bristle was a boy's name apparently",
            ),
            ("character", "Well, that's one mystery solved."),
            ("user", "and she's coming out of her house now! she just needed a girl's name"),
            ("character", "Naturally."),
        ),
        question="What is Tessa's hedgehog called now?",
        old=("bristle",),
        new=("hazel",),
        character_value=("figaro",),
    ),
)
