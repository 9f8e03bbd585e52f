"""The dev2 part of the knowledge-update suite (``DEV2_CASES``): written to tune on.

Thirty chats, six per attribute (diet, job, city, partner, pet's name), written before a
round of changes to the offline update rules to widen what those rules are tuned on, then
run, read and tuned on, so its figure says how well the rules fit chats that were looked at,
not how they do on a new user's chat (printed "dev2 (written to tune on)"). They give their
sittings turn by turn in the fresh part's format (``benchmarks.knowledge_updates_fresh``) and
are scored by the same code (``benchmarks.memory.measure_knowledge_updates``).

Three pairs of people none of the other tuning parts uses, each in ten chats, written the way
role-play users write: in character (*actions in asterisks*), lower case, typos, emoji; the
old value denied ("not in kyoto anymore"); "I" dropped; the change said over two messages,
implied by an event (a flood, a wedding, a death, the movers gone), or said in passing; a
job misspelt or said without a verb ("mechanic now"); a new partner named without a change
word; a pet that went with an ex; values no lexicon holds (a farrier, a cartographer, a
fruitarian, towns nobody lists); and a third person's value of the same kind beside the
user's (a brother's job, a mum's city, a neighbour's cat), with the character's own value as
the attribution distractor. Each case is fair: a careful reader of the chat answers its
question with the new value only; the new value is never said before the change, and
neither person says the other's planted values.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case

DEV2_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    _case(
        "diet",
        "dev2-diet-vegetarian-pescatarian",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*kicks the snow off her boots at the tavern door* ulfbrand! u still open?"),
            ("character", "For you, always. Sit by the fire."),
            ("fact", "*pushes the plate of ham away* sorry, no meat, im vegetarian"),
            (
                "own",
                "*tears into a leg of boar* Boar for me. It's been boar every night for forty years.",
            ),
        ),
        second=(
            ("user", "*plops onto the stool* you will not believe my month"),
            ("character", "Try me."),
            (
                "change",
                "not vegetarian anymore!! the healer said my blood was too thin, so fish "
                "twice a week. pescatarian i guess 🐟",
            ),
            ("character", "*nods slowly* The healer knows best."),
        ),
        question="What does Zephyrine eat now?",
        old=("vegetarian",),
        new=("pescatarian",),
        character_value=("boar",),
    ),
    _case(
        "diet",
        "dev2-diet-keto-macrobiotic",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*floats into the galley* is that dinner i smell"),
            ("character", "Reconstituted, but yes."),
            ("fact", "cool but i'm keto, so no potatoes or bread for me pls"),
            ("own", "More for me. I live on potato bread and algae paste out here."),
        ),
        second=(
            ("user", "so keto lasted about as long as my gym membership lol"),
            ("character", "*raises an eyebrow* Oh dear."),
            (
                "change",
                "my roommate got me into macrobiotic cooking. brown rice, beans, pickled "
                "veg, every day since the new year. my brother does carnivore and thinks "
                "im insane",
            ),
            ("character", "Whatever keeps you flying."),
        ),
        question="What is Quillon's diet these days?",
        old=("keto",),
        new=("macrobiotic",),
        character_value=("algae",),
    ),
    _case(
        "diet",
        "dev2-diet-paleo-fruitarian",
        user="Marisabel",
        character="Drummond",
        first=(
            ("fact", "paleo gang 💪 no grains no sugar, just meat and veg"),
            ("own", "*pours himself a rum* I'm a sailor, lass. Ship's biscuit and salt pork."),
            ("user", "ew lol. how's the boat"),
            ("character", "Leaking, as ever."),
        ),
        second=(
            ("user", "*sunburnt and grinning* back from the retreat!"),
            ("character", "You look... different."),
            (
                "change",
                "came back a fruitarian. yes really. mangoes and figs for breakfast lunch "
                "and dinner, the paleo days are behind me",
            ),
            ("character", "*shakes his head* I'll never understand landlubbers."),
        ),
        question="What does Marisabel eat now?",
        old=("paleo",),
        new=("fruitarian",),
        character_value=("salt pork",),
    ),
    _case(
        "diet",
        "dev2-diet-whole30-vegetarian",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*drops her pack* what a road. the bridge is out again"),
            ("character", "The river took it in spring. Sit, sit."),
            ("fact", "doing whole30 this month, so no bread, no cheese, no fun 😩"),
            ("own", "I'll have your share of the cheese then. A wheel of Hobnob blue, all mine."),
        ),
        second=(
            ("user", "*rubs her hands by the fire* brr"),
            ("character", "Cold enough to freeze the well."),
            (
                "change",
                "*reaches for the bread basket* oh that diet ended ages ago, vegetarian these "
                "days, so pass the brie and keep the sausages",
            ),
            ("character", "*slides the basket over* Help yourself."),
        ),
        question="What is Zephyrine's diet now?",
        old=("whole30",),
        new=("vegetarian",),
        character_value=("hobnob",),
    ),
    _case(
        "diet",
        "dev2-diet-vegan-pescatarian",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*docks the shuttle with a clunk* sorry sorry"),
            ("character", "You'll scratch the paint one day."),
            ("fact", "*waves away the protein strips* vegan, remember? plants only"),
            ("own", "Suit yourself. Cricket flour is all I've eaten since the academy."),
        ),
        second=(
            ("user", "hey vashti, long shift?"),
            ("character", "Eighteen hours. Don't ask."),
            (
                "change",
                "started eating fish again in january, pescatarian now i suppose. the vegan "
                "thing wasnt working for me",
            ),
            ("character", "Good. You looked pale."),
        ),
        question="What does Quillon eat these days?",
        old=("vegan",),
        new=("pescatarian",),
        character_value=("cricket",),
    ),
    _case(
        "diet",
        "dev2-diet-vegetarian-atkins",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*climbs aboard* permission to come aboard, captain"),
            ("character", "Granted. Mind the rope."),
            ("fact", "vegetarian since i was 12, so dont offer me the kippers lol"),
            ("own", "I eat what the sea gives me. Mostly herring."),
        ),
        second=(
            ("user", "so the doctor appointment went badly"),
            ("character", "What happened?"),
            (
                "change",
                "blood sugar through the roof. she's got me on atkins, eggs and steak all day. "
                "my sister went vegan the same week, we cant share a single meal now 🙃",
            ),
            ("character", "*grimaces* Families."),
        ),
        question="What is Marisabel's diet now?",
        old=("vegetarian",),
        new=("atkins",),
        character_value=("herring",),
    ),
    # ------------------------------------------------------------------- job
    _case(
        "job",
        "dev2-job-stonemason-bookbinder",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*dusts grit off her sleeves* long day at the keep"),
            ("character", "You're covered in it."),
            (
                "fact",
                "*sets down her hammer* stonemason by trade, been cutting blocks for the east wall",
            ),
            ("own", "I've kept this inn thirty years. An innkeeper dies behind his bar."),
        ),
        second=(
            ("user", "*sets a bundle of leather on the table* look what i made"),
            ("character", "A book? You?"),
            (
                "change",
                "put the chisel down for good. im a bookbindr now, aprenticed to old master "
                "hale by the square",
            ),
            ("character", "*turns the pages carefully* Fine work."),
        ),
        question="What does Zephyrine do for a living now?",
        old=("stonemason",),
        new=("bookbindr", "bookbinder"),
        character_value=("innkeeper",),
    ),
    _case(
        "job",
        "dev2-job-pilot-mechanic",
        user="Quillon",
        character="Vashti",
        first=(
            ("fact", "i fly the cargo runs to the belt, pilot for the guild ✈️"),
            ("own", "And I'm the station's quartermaster, so I count every crate you bring."),
            ("user", "haha fair. the belt was rough today"),
            ("character", "It always is this time of cycle."),
        ),
        second=(
            ("user", "*wipes grease off his hands* hey"),
            ("character", "What happened to you?"),
            (
                "change",
                "mechanic now. grounded after the crash, so i fix the ships instead of flying them",
            ),
            ("character", "*winces* I'm glad you walked away from it."),
        ),
        question="What is Quillon's job now?",
        old=("pilot",),
        new=("mechanic",),
        character_value=("quartermaster",),
    ),
    _case(
        "job",
        "dev2-job-sommelier-cartographer",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*leans on the rail* gorgeous evening"),
            ("character", "Red sky. Good sailing tomorrow."),
            ("fact", "i work as a sommelier at the grand hotel, so i taste wine for a living 🍷"),
            ("own", "I've been a harbour pilot thirty years, I bring the big ships in."),
        ),
        second=(
            ("user", "quit the hotel!!"),
            ("character", "*nearly drops his pipe* You what?"),
            (
                "change",
                "i work as a cartographer for the county now, drawing coastlines all day. "
                "maybe i'll map your bay",
            ),
            ("character", "Mind you get the rocks right."),
        ),
        question="What does Marisabel do for work now?",
        old=("sommelier",),
        new=("cartographer",),
        character_value=("harbour pilot",),
    ),
    _case(
        "job",
        "dev2-job-crier-farrier",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            (
                "fact",
                "*rings a little brass bell* town crier, hear ye hear ye, i shout the news every noon",
            ),
            ("own", "Aye, and I brew the ale that dries your throat out. Brewer and proud."),
            ("user", "*laughs* my voice is gone by evening"),
            ("character", "Honey in hot water. Trust me."),
        ),
        second=(
            ("user", "the council replaced the bell with a notice board 🙄"),
            ("character", "Ah. So..."),
            (
                "change",
                "so no more shouting the news. shoeing horses at my uncle's forge these days, "
                "farrier work, its honest",
            ),
            ("character", "*nods* Horses don't talk back, at least."),
        ),
        question="What does Zephyrine work as now?",
        old=("crier",),
        new=("farrier",),
        character_value=("brewer",),
    ),
    _case(
        "job",
        "dev2-job-engineer-pharmacist",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*stretches* finally off shift"),
            ("character", "You look like you've been staring at screens."),
            ("fact", "software engineer, so yeah, screens all day"),
            ("own", "I'm a hydroponics tech, I'd rather stare at lettuce."),
        ),
        second=(
            ("user", "big news from home"),
            ("character", "Go on."),
            (
                "change",
                "my brother just became a dentist, mum is thrilled. and i finished the "
                "conversion course, quit coding and i'm a pharmacist now 💊",
            ),
            ("character", "Two healers in one family. Your mother must be insufferable."),
        ),
        question="What is Quillon's job now?",
        old=("engineer",),
        new=("pharmacist",),
        character_value=("hydroponics",),
    ),
    _case(
        "job",
        "dev2-job-barrister-zookeeper",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "ahoy drummond"),
            ("character", "Ahoy yourself. Coffee?"),
            (
                "fact",
                "*straightens her collar* please. barrister, i argue in court all week, i need it",
            ),
            ("own", "I'm a lighthouse-boat skipper, I need it more."),
        ),
        second=(
            ("user", "left chambers in the summer"),
            ("character", "Did you now?"),
            ("change", "yep. zookeeper now, i feed penguins 🐧 best decision ever"),
            ("character", "*laughs* Penguins are better company than judges."),
        ),
        question="What does Marisabel do for a living now?",
        old=("barrister",),
        new=("zookeeper",),
        character_value=("skipper",),
    ),
    # ------------------------------------------------------------------ city
    _case(
        "city",
        "dev2-city-millbrook-harrowgate",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*unlaces her cloak* what a ride"),
            ("character", "Where from this time?"),
            ("fact", "i live in millbrook, up past the old mill, two days north"),
            ("own", "Never left Stonyhythe myself. Born here, buried here."),
        ),
        second=(
            ("user", "*sighs* the flood took the mill"),
            ("character", "I heard. I'm sorry."),
            (
                "change",
                "moved to harrowgate after that. a little room above the chandler's, its cosy",
            ),
            ("character", "A good town, that. Good wells."),
        ),
        question="Where does Zephyrine live now?",
        old=("millbrook",),
        new=("harrowgate",),
        character_value=("stonyhythe",),
    ),
    _case(
        "city",
        "dev2-city-kyoto-vancouver",
        user="Quillon",
        character="Vashti",
        first=(
            ("fact", "i live in kyoto, near the river 🌸 you'd love the temples"),
            ("own", "I've lived on this station my whole life, Orbital Nine is all I know."),
            ("user", "someday i'll show you"),
            ("character", "Someday."),
        ),
        second=(
            ("user", "*waves* guess who got the transfer"),
            ("character", "You didn't!"),
            (
                "change",
                "not in kyoto anymore!! vancouver since september, its so rainy but i love "
                "it. my sister stayed behind in nagoya",
            ),
            ("character", "Rain, water falling from the sky. I'd like to see that."),
        ),
        question="Which city does Quillon live in now?",
        old=("kyoto",),
        new=("vancouver",),
        character_value=("orbital",),
    ),
    _case(
        "city",
        "dev2-city-galveston-anchorage",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*shields her eyes from the sun* hot one today"),
            ("character", "Summer's come early."),
            ("fact", "im used to it, been living in galveston my whole life"),
            ("own", "I winter in Port Ellery, always have. Cold, but it suits me."),
        ),
        second=(
            ("user", "the movers dropped the last box yesterday"),
            ("character", "And?"),
            (
                "change",
                "*wraps a scarf tighter* anchorage is freezing but the mountains!! we got a "
                "place near the inlet",
            ),
            ("character", "You'll grow a thicker skin up there."),
        ),
        question="Where does Marisabel live now?",
        old=("galveston",),
        new=("anchorage",),
        character_value=("ellery",),
    ),
    _case(
        "city",
        "dev2-city-brightwater-kingsbridge",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("fact", "home's brightwater, the fishing village on the east coast"),
            ("own", "I've never been further than Oxbarrow market, and I don't mean to."),
            ("user", "*laughs* you should travel"),
            ("character", "Travel is for fools and merchants."),
        ),
        second=(
            ("user", "*shakes the rain off her hood*"),
            ("character", "You're soaked."),
            (
                "change",
                "ugh the road from kingsbridge is awful, thats the price of living there now "
                "i guess. the new house is lovely tho",
            ),
            ("character", "Dry off by the fire."),
        ),
        question="Where does Zephyrine live these days?",
        old=("brightwater",),
        new=("kingsbridge",),
        character_value=("oxbarrow",),
    ),
    _case(
        "city",
        "dev2-city-reykjavik-marrakesh",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*pulls off his helmet* cold out there"),
            ("character", "Space usually is."),
            ("fact", "reykjavik born and raised, i still live there with my mum, cold is home"),
            ("own", "I keep a bunk on Ceres Deep when I'm not here."),
        ),
        second=(
            ("user", "ok so much has happened"),
            ("character", "*pours two cups* Tell me everything."),
            (
                "change",
                "mum moved to lisbon with her new husband, and i moved out too. living in "
                "marrakesh now! the souks 😍",
            ),
            ("character", "Warmer than you're used to, then."),
        ),
        question="Where does Quillon live now?",
        old=("reykjavik",),
        new=("marrakesh",),
        character_value=("ceres",),
    ),
    _case(
        "city",
        "dev2-city-whitstable-tallinn",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*sips her latte on the quay* morning"),
            ("character", "Morning. You're up early."),
            (
                "fact",
                "I'm in Whitstable, by the oyster huts, so this is practically my back garden",
            ),
            ("own", "My mooring's in Dunmorrow, but I drift."),
        ),
        second=(
            ("user", "big news, packed up the whole flat"),
            ("character", "Where to?"),
            ("change", "Tallinn! got a job at a startup, been here 3 weeks and i already love it"),
            ("character", "*whistles* That's a long way north."),
        ),
        question="Which city does Marisabel live in now?",
        old=("whitstable",),
        new=("tallinn",),
        character_value=("dunmorrow",),
    ),
    # --------------------------------------------------------------- partner
    _case(
        "partner",
        "dev2-partner-alaric-peregrine",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("fact", "*twirls her ring* my betrothed alaric is a knight of the watch"),
            ("own", "My Hedwig and I have been wed twenty-two years."),
            ("user", "aww. is she well?"),
            ("character", "She's at her sister's. Back by harvest."),
        ),
        second=(
            ("user", "*sighs* alaric and i called it off at midsummer"),
            ("character", "I'm sorry, lass."),
            (
                "change",
                "dont be! my boyfriend peregrine knitted me this scarf 🥰 he's a sweetheart",
            ),
            ("character", "*admires the scarf* Fine stitching."),
        ),
        question="Who is Zephyrine's partner now?",
        old=("alaric",),
        new=("peregrine",),
        character_value=("hedwig",),
    ),
    _case(
        "partner",
        "dev2-partner-cassius-lorcan",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*drums on the console* slow shift"),
            ("character", "Enjoy it while it lasts."),
            ("fact", "my husband cassius says hi btw, he's on the bridge crew this rotation"),
            ("own", "Tell him my Oleander says hi back, they play cards on Thursdays."),
        ),
        second=(
            ("user", "hey. so, news"),
            ("character", "Good or bad?"),
            (
                "change",
                "cassius and i are not together anymore. im seeing lorcan now, the medic from "
                "deck four",
            ),
            ("character", "*squeezes your shoulder* I hope he's kind to you."),
        ),
        question="Who is Quillon with now?",
        old=("cassius",),
        new=("lorcan",),
        character_value=("oleander",),
    ),
    _case(
        "partner",
        "dev2-partner-henrietta-ignatius",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*hops onto the deck* hiya"),
            ("character", "Careful, it's slippery."),
            (
                "fact",
                "my girlfriend henrietta runs the bakery on the corner, i'll bring you a loaf",
            ),
            ("own", "My wife Marguerite bakes better, but I'll take it."),
        ),
        second=(
            (
                "change",
                "*shows off the ring* i married ignatius in june!! henrietta and i split ages ago",
            ),
            ("character", "Congratulations! Who is the lucky man?"),
            ("user", "he fixes boats, you'd like him"),
            ("character", "Then bring him round."),
        ),
        question="Who is Marisabel's partner now?",
        old=("henrietta",),
        new=("ignatius",),
        character_value=("marguerite",),
    ),
    _case(
        "partner",
        "dev2-partner-thaddeus-evander",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*hums a tune* do you hear that?"),
            ("character", "Lute music, from down the lane."),
            ("fact", "that's my sweetheart thaddeus, he plays at the inn down the road"),
            ("own", "Bah, my Winifred sings better than any lute."),
        ),
        second=(
            ("user", "thaddeus left. took his lute and everything"),
            ("character", "Oh, lass."),
            (
                "change",
                "its ok. there's a bard called evander who walks me home every night now 😊",
            ),
            ("character", "*chuckles* Bards. Always bards."),
        ),
        question="Who is Zephyrine's partner now?",
        old=("thaddeus",),
        new=("evander",),
        character_value=("winifred",),
    ),
    _case(
        "partner",
        "dev2-partner-juno-marisol",
        user="Quillon",
        character="Vashti",
        first=(
            ("fact", "my wife juno is the ship's navigator, she never gets us lost"),
            ("own", "My partner Corvin is a navigator too. They'd get along."),
            ("user", "we should all have dinner"),
            ("character", "We should."),
        ),
        second=(
            ("user", "*quiet* juno and i divorced"),
            ("character", "Oh, Quillon."),
            (
                "change",
                "its fine honestly. my sister's dating a guy called hector, and i'm with "
                "marisol now, we met at the docks",
            ),
            ("character", "I'm glad you're not alone."),
        ),
        question="Who is Quillon with now?",
        old=("juno",),
        new=("marisol",),
        character_value=("corvin",),
    ),
    _case(
        "partner",
        "dev2-partner-fitzgerald-ambrose",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*ties up the dinghy* what a morning"),
            ("character", "Wind's picking up."),
            ("fact", "my partner fitzgerald and i have been together five years next week"),
            ("own", "Five? My Rosalind and I are at forty."),
        ),
        second=(
            ("user", "*sits on an upturned crate*"),
            ("character", "Something's different."),
            ("change", "broke up with fitzgerald in the spring. dating ambrose now, he's a potter"),
            ("character", "A potter. Steady hands, then."),
        ),
        question="Who is Marisabel's partner these days?",
        old=("fitzgerald",),
        new=("ambrose",),
        character_value=("rosalind",),
    ),
    # ------------------------------------------------------------------- pet
    _case(
        "pet",
        "dev2-pet-pumpkin-moth",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("fact", "my cat pumpkin sleeps on the hearth every night, fat as a loaf"),
            ("own", "My old hound Brutus sleeps on mine."),
            ("user", "*laughs* they'd fight"),
            ("character", "He'd lose."),
        ),
        second=(
            ("user", "pumpkin lives with my ex now, he took her when he moved out 😞"),
            ("character", "That's cruel."),
            ("change", "i got a kitten tho! a little black one, her name is moth 🖤"),
            ("character", "*smiles* A good name for a black cat."),
        ),
        question="What is the name of Zephyrine's cat now?",
        old=("pumpkin",),
        new=("moth",),
        character_value=("brutus",),
    ),
    _case(
        "pet",
        "dev2-pet-sparky-orion",
        user="Quillon",
        character="Vashti",
        first=(
            ("user", "*a small robot dog trots in behind him*"),
            ("character", "Who's this?"),
            ("fact", "*pats the robot dog* this is sparky, my good boy"),
            ("own", "My station cat Quasar would eat him."),
        ),
        second=(
            ("user", "my nieces visited last week"),
            ("character", "And survived?"),
            (
                "change",
                "barely lol. they said sparky was a silly name so the dog answers to orion "
                "now, they reprogrammed him",
            ),
            ("character", "*laughs* Children always win."),
        ),
        question="What is the name of Quillon's dog now?",
        old=("sparky",),
        new=("orion",),
        character_value=("quasar",),
    ),
    _case(
        "pet",
        "dev2-pet-wellington-crumpet",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*waves from the jetty*"),
            ("character", "Where's your shadow?"),
            ("fact", "our dog wellington is at home, he hates the postman lol"),
            ("own", "My parrot Admiral swears at the postman. Same thing."),
        ),
        second=(
            (
                "change",
                "we lost wellington in the winter 😢 we got a little rescue terrier since, crumpet, she's a menace",
            ),
            ("character", "I'm sorry about the old boy."),
            ("user", "thanks. she chews everything"),
            ("character", "Terriers do."),
        ),
        question="What is the name of Marisabel's dog now?",
        old=("wellington",),
        new=("crumpet",),
        character_value=("admiral",),
    ),
    _case(
        "pet",
        "dev2-pet-nutmeg-sorrel",
        user="Zephyrine",
        character="Ulfbrand",
        first=(
            ("user", "*stamps her feet at the door* evening"),
            ("character", "Evening. Ride in?"),
            ("fact", "yes, my pony nutmeg is tied up outside, dont let anyone touch her"),
            ("own", "My mule Barnabus will keep her company."),
        ),
        second=(
            ("user", "*hangs her saddlebag on the peg*"),
            ("character", "Good to see you."),
            (
                "change",
                "*ties the pony to the post* sorrel's been a dream since i traded nutmeg "
                "to the miller",
            ),
            ("character", "A fine trade by the look of her."),
        ),
        question="What is the name of Zephyrine's pony now?",
        old=("nutmeg",),
        new=("sorrel",),
        character_value=("barnabus",),
    ),
    _case(
        "pet",
        "dev2-pet-comet-nebula",
        user="Quillon",
        character="Vashti",
        first=(
            ("fact", "my hamster comet escaped into the vents again 🐹"),
            ("own", "My goldfish Andromeda never escapes anywhere."),
            ("user", "lucky you, hamsters are escape artists"),
            ("character", "I'll get the vent tool."),
        ),
        second=(
            ("user", "*sad* comet died last month"),
            ("character", "Oh no. The poor little thing."),
            (
                "change",
                "my neighbour's cat is called pixel and she keeps visiting me. and i got a new "
                "hamster, nebula, she stays in her cage",
            ),
            ("character", "Keep Pixel away from her, then."),
        ),
        question="What is the name of Quillon's hamster now?",
        old=("comet",),
        new=("nebula",),
        character_value=("andromeda",),
    ),
    _case(
        "pet",
        "dev2-pet-fig-archibald",
        user="Marisabel",
        character="Drummond",
        first=(
            ("user", "*sets a basket down on deck*"),
            ("character", "What have you got in there?"),
            ("fact", "my tortoise fig, he's older than me and twice as grumpy"),
            ("own", "My ship's cat Barnacle Jo would sit on him."),
        ),
        second=(
            ("user", "fig went to live at the reptile sanctuary, he needed a bigger pen"),
            ("character", "That's kind of you."),
            ("change", "and then we adopted a dachshund, named him archibald 🐶"),
            ("character", "A sausage dog on a boat. Heaven help us."),
        ),
        question="What is the name of Marisabel's pet now?",
        old=("fig",),
        new=("archibald",),
        character_value=("barnacle jo",),
    ),
)
