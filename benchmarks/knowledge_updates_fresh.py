"""The fresh-1 part of the knowledge-update suite (``FRESH_CASES``): written held out, read
and tuned on from 2 December.

Written before a round of changes to the update rules, without reading those rules, the
pipeline's internals or how the other two parts fare, so its first figure (40.0%, baseline
32.0%, in docs/benchmarks.md) said how the product did on chats nobody had looked at. From 2
December its failures were read and the rules changed for them, so it is a tuning part now
(printed "fresh-1 (written held out; read and tuned on from 2 December)"): its figure says
how well the rules fit chats that were looked at, not how they do on a new user's chat.

The cases are ``benchmarks.knowledge_updates.Case`` scored by the same code
(``benchmarks.memory.measure_knowledge_updates``): after two sittings a month apart, the
memories in context for the question must name the new value and no memory may name only the
old one; the character's own value of the same kind is the attribution distractor. What
differs from the other parts is the writing: five pairs of people none of the other parts
uses, their own small talk, values none of the other parts pairs, and chats written the way
role-play users write (lower case, typos, asides), with the change said over two sentences,
the old value named in it or not, and the fact placed early, in the middle or last in its
sitting. Each case is fair: a careful reader of the chat would answer its question with the
new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case

# In a sitting, "fact" is the user's first fact, "own" the character's own value of the same
# kind (both in the first sitting) and "change" the user's change (in the second); "user" and
# "character" lines are everything else.
_ROLES = {"fact": "user", "own": "character", "change": "user"}


def _only(sittings: tuple, role: str) -> str:
    lines = [text for sitting in sittings for kind, text in sitting if kind == role]
    if len(lines) != 1:
        raise ValueError(f"a fresh case needs exactly one {role!r} line, not {len(lines)}")
    return lines[0]


def _case(
    attribute: str,
    name: str,
    *,
    user: str,
    character: str,
    first: tuple[tuple[str, str], ...],
    second: tuple[tuple[str, str], ...],
    question: str,
    old: tuple[str, ...],
    new: tuple[str, ...],
    character_value: tuple[str, ...],
) -> Case:
    sittings = (first, second)
    return Case(
        attribute=attribute,
        name=name,
        said_first=_only((first,), "fact"),
        character_line=_only((first,), "own"),
        said_second=_only((second,), "change"),
        question=question,
        old=old,
        new=new,
        character_value=character_value,
        user=user,
        character=character,
        sittings=tuple(
            tuple((_ROLES.get(kind, kind), text) for kind, text in sitting) for sitting in sittings
        ),
    )


FRESH_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    _case(
        "diet",
        "fresh-diet-vegetarian-keto",
        user="Priya",
        character="Kestrel",
        first=(
            ("fact", "before u cook anything, no meat for me pls. been vegetarian since uni"),
            (
                "own",
                "*snorts* More venison for me, then. I was raised on goat milk and "
                "venison in the hills and I've never eaten any other way.",
            ),
            ("user", "lol fair. is the fire warm enough, my hands are freezing"),
            ("character", "Scoot closer. The wind comes down off the ridge at night."),
        ),
        second=(
            ("user", "*drops onto the log bench* ugh what a month"),
            ("character", "You look tired. Sit, eat something."),
            (
                "change",
                "ok so my doctor put me on keto for my blood sugar. which means yes im "
                "eating meat again, the vegetarian era is officially over",
            ),
            ("character", "Then there's a haunch of it on the spit with your name on it."),
        ),
        question="What does Priya eat these days?",
        old=("vegetarian",),
        new=("keto",),
        character_value=("venison",),
    ),
    _case(
        "diet",
        "fresh-diet-pescatarian-vegan",
        user="Dmitri",
        character="Vesper",
        first=(
            ("user", "*knocks on the lighthouse door, soaked* hi. the ferry left without me"),
            ("character", "Come in before the sea takes you too. There's tea on the stove."),
            (
                "fact",
                "thank u. i brought my own lunch, smoked mackerel. im pescatarian so fish "
                "is basically my whole diet",
            ),
            (
                "own",
                "Keep it. I live on seaweed and oatcakes out here; the keeper before me "
                "taught me to.",
            ),
        ),
        second=(
            (
                "change",
                "so I read a book about fishing trawlers and that was it for me. fish, "
                "eggs, honey, all of it, gone, im fully vegan since last week",
            ),
            ("character", "*raises an eyebrow* You never do anything by halves, do you."),
            ("user", "nope. anyway did the storm take the jetty?"),
            ("character", "Half of it. I've been mending boards all morning."),
        ),
        question="What is Dmitri's diet now?",
        old=("pescatarian", "mackerel"),
        new=("vegan",),
        character_value=("seaweed", "oatcakes"),
    ),
    _case(
        "diet",
        "fresh-diet-atkins-pescatarian",
        user="Aoife",
        character="Rowan",
        first=(
            ("user", "rowan!! the market was packed today"),
            ("character", "I saw. Half the valley came down for the apple fair."),
            ("user", "i bought way too much stuff honestly"),
            ("character", "Show me, then. What's in the basket?"),
            ("fact", "mostly bacon and eggs, im doing atkins, my trainer swears by it"),
            (
                "own",
                "Not for me. I keep to oats and bread like my "
                "mother did, and porridge every morning.",
            ),
        ),
        second=(
            ("user", "hiii, missed u"),
            ("character", "And I you. The orchard's gone quiet without your chatter."),
            (
                "change",
                "ok news: too much red meat was wrecking me so atkins is dead. its fish "
                "and veg only now, pescatarian i guess??",
            ),
            ("character", "Then I'll ask the fishwife to keep you a trout on market day."),
        ),
        question="What does Aoife eat now?",
        old=("Atkins", "bacon"),
        new=("pescatarian", "fish"),
        character_value=("porridge", "oats"),
    ),
    _case(
        "diet",
        "fresh-diet-carnivore-plant-based",
        user="Marcus",
        character="Thorne",
        first=(
            ("user", "*sets his pack down by the forge* long road from the coast"),
            ("character", "Long and wet, by the look of you. Boots off, by the fire."),
            (
                "fact",
                "been doing the carnivore diet all year btw, literally just beef and "
                "eggs. feel great",
            ),
            (
                "own",
                "I'd go mad. Lentils and black bread keep a smith going; I've "
                "eaten no meat in twenty years.",
            ),
        ),
        second=(
            ("user", "forge looks busier than ever"),
            ("character", "Three new commissions. How are you, lad?"),
            ("user", "honestly kind of shaken, got my bloodwork back"),
            ("character", "*sets down the hammer* Tell me."),
            (
                "change",
                "cholesterol was through the roof, so thats the end of carnivore for "
                "me. doc wants me plant-based and I'm actually sticking to it",
            ),
            ("character", "Good. You'll be around to bother me for years yet, then."),
        ),
        question="What kind of diet is Marcus on now?",
        old=("carnivore", "beef"),
        new=("plant-based",),
        character_value=("lentils",),
    ),
    _case(
        "diet",
        "fresh-diet-vegan-vegetarian",
        user="Yuki",
        character="Isolde",
        first=(
            (
                "fact",
                "hi! oh before the feast, i'm vegan so I'll skip the roast, dont worry about me",
            ),
            (
                "own",
                "Then we are a pair at table. I take only bread and broth at feasts; the "
                "court calls it penance and I call it fasting.",
            ),
            ("user", "the hall looks amazing, who did the banners?"),
            ("character", "The weavers' guild. Three months of work."),
        ),
        second=(
            ("user", "*sneaks in late* sorry sorry the roads"),
            ("character", "You are forgiven. Come, the cheese board just came out."),
            (
                "change",
                "funny you say that. i caved, cheese won, im back to just being vegetarian now",
            ),
            ("character", "*laughs* Then this plate is yours, and no one here will judge."),
        ),
        question="What does Yuki eat now?",
        old=("vegan",),
        new=("vegetarian",),
        character_value=("fasting", "broth"),
    ),
    # ------------------------------------------------------------------ job
    _case(
        "job",
        "fresh-job-dairy-florist",
        user="Aoife",
        character="Rowan",
        first=(
            ("user", "*yawns* sorry, im half asleep"),
            ("character", "You always are, this early."),
            (
                "fact",
                "4am shifts at the dairy farm will do that. milking before the sun is up every day",
            ),
            (
                "own",
                "I keep bees for a living; I'm up with the sun too, but the bees don't "
                "mind if I'm slow.",
            ),
        ),
        second=(
            (
                "change",
                "big news!! I'm done with the dairy farm. my aunt took me on at her flower "
                "shop, I'm a florist now apparently",
            ),
            ("character", "*grins* Then you'll finally sleep past dawn."),
            ("user", "lol one can hope. how are the hives?"),
            ("character", "Two swarms this month. I chased one halfway to the mill."),
        ),
        question="What does Aoife do for work now?",
        old=("dairy", "milking"),
        new=("florist", "flower"),
        character_value=("bees", "beekeeper"),
    ),
    _case(
        "job",
        "fresh-job-bus-paramedic",
        user="Marcus",
        character="Thorne",
        first=(
            ("user", "cold one tonight"),
            ("character", "Aye. The river's frozen at the edges."),
            ("user", "my hands r still numb"),
            ("character", "Hold them near the coals, not in them."),
            (
                "fact",
                "ha. steering wheel all day does that, I drive the number 9 bus "
                "through the city centre",
            ),
            (
                "own",
                "I couldn't sit still that long. I shoe horses and mend ploughs, and "
                "the anvil keeps me warm.",
            ),
        ),
        second=(
            ("user", "*limps in grinning*"),
            ("character", "What have you done now?"),
            (
                "change",
                "passed the exams, finally. three weeks on the ambulances now, im a "
                "paramedic, no more bus routes",
            ),
            ("character", "*claps your shoulder* Well earned. Sit, tell me everything."),
        ),
        question="What is Marcus's job now?",
        old=("bus",),
        new=("paramedic", "ambulances"),
        character_value=("horses", "anvil"),
    ),
    _case(
        "job",
        "fresh-job-actuary-tattoo",
        user="Yuki",
        character="Isolde",
        first=(
            ("user", "my lady *curtsies badly*"),
            ("character", "*laughs* Rise, you menace. How was your week?"),
            (
                "fact",
                "tax season. im an actuary at an insurance firm and it's march, so. spreadsheets forever",
            ),
            (
                "own",
                "Numbers I leave to my steward. I sit the high seat and hear petitions "
                "from dawn; ruling is its own ledger.",
            ),
        ),
        second=(
            ("user", "ok sit down i have to tell u something"),
            ("character", "*sits* You're glowing. What happened?"),
            ("user", "i did a thing"),
            (
                "change",
                "quit the firm!! sold my calculator lol. I'm apprenticing at a tattoo "
                "studio, been inking fruit for practice",
            ),
            ("character", "*claps* Then you'll draw me a falcon someday."),
        ),
        question="What does Yuki do for a living these days?",
        old=("actuary", "insurance"),
        new=("tattoo", "tattooist"),
        character_value=("petitions", "steward"),
    ),
    _case(
        "job",
        "fresh-job-warehouse-shipwright",
        user="Dmitri",
        character="Vesper",
        first=(
            ("fact", "nights at the warehouse again, driving a forklift till 6am"),
            (
                "own",
                "Nights are my trade too. Keeping the lamp lit is the whole job of a "
                "lighthouse keeper.",
            ),
            ("user", "does it ever get lonely out here"),
            ("character", "The gulls talk enough for two."),
        ),
        second=(
            ("user", "*shows you a blistered palm* look at this"),
            ("character", "*winces* What have you been doing to yourself?"),
            (
                "change",
                "i left the warehouse, my back says thank you. the boatyard by the harbour "
                "took me on, im a shipwright apprentice now",
            ),
            ("character", "Then you can mend my rowing boat next time you visit."),
        ),
        question="Where does Dmitri work now?",
        old=("warehouse", "forklift"),
        new=("shipwright", "boatyard"),
        character_value=("lighthouse keeper", "lamp"),
    ),
    _case(
        "job",
        "fresh-job-hygienist-locksmith",
        user="Priya",
        character="Kestrel",
        first=(
            ("user", "*warms hands at the fire* rough day"),
            ("character", "Tell me."),
            ("user", "someone bit me. a grown man"),
            ("character", "*stares* Bit you?"),
            (
                "fact",
                "occupational hazard when ur a dental hygienist. scraped his teeth, he panicked",
            ),
            (
                "own",
                "I'd have bitten back. I guide travellers over the pass; the worst I get "
                "is a complaint about the cold.",
            ),
        ),
        second=(
            (
                "change",
                "said goodbye to teeth forever. I'm learning my uncle's trade, "
                "locksmith, opened my first safe yesterday",
            ),
            ("character", "*whistles* Remind me never to leave anything worth taking near you."),
            ("user", "lol. what's the pass like this time of year"),
            ("character", "Snowed shut past the second cairn."),
        ),
        question="What is Priya's job now?",
        old=("dental", "hygienist"),
        new=("locksmith",),
        character_value=("travellers", "guide"),
    ),
    # ------------------------------------------------------------------ city / home
    _case(
        "city",
        "fresh-city-cardiff-edinburgh",
        user="Dmitri",
        character="Vesper",
        first=(
            ("user", "*waves from the boat* ahoy!!"),
            ("character", "Tie off at the post, the current's strong today."),
            ("user", "brought u the newspapers u asked for"),
            ("character", "Bless you. I've been reading the same almanac for weeks."),
            ("fact", "no problem, theres a stall right by my flat in Cardiff that has them"),
            (
                "own",
                "I haven't set foot on the mainland in years. This rock off Tromso is "
                "all the home I need.",
            ),
        ),
        second=(
            (
                "change",
                "we moved out of Cardiff end of last month. Edinburgh is home now, "
                "the flat looks right at the castle",
            ),
            ("character", "Further north. You're becoming one of us."),
            ("user", "haha. its freezing though"),
            ("character", "Wait until you've wintered here."),
        ),
        question="Where does Dmitri live now?",
        old=("Cardiff",),
        new=("Edinburgh",),
        character_value=("Tromso",),
    ),
    _case(
        "city",
        "fresh-city-lille-montreal",
        user="Yuki",
        character="Isolde",
        first=(
            ("user", "the rain here never stops does it"),
            ("character", "Not in autumn. The moat overflows every year."),
            ("fact", "its the same back home in Lille, the canal floods the quays"),
            (
                "own",
                "I have never left Ravensmoor. My family has held this castle for six generations.",
            ),
            ("user", "six?? thats wild"),
            ("character", "And every one of them complained about the damp."),
        ),
        second=(
            ("user", "sorry i vanished, life went insane"),
            ("character", "I assumed bandits. What happened?"),
            (
                "change",
                "boxes everywhere. we finally did it and crossed the ocean, we're in "
                "Montreal now, the new place is tiny but its ours",
            ),
            ("character", "So far! I'll have to send a raven with a very long flight."),
        ),
        question="Which city does Yuki live in now?",
        old=("Lille",),
        new=("Montreal",),
        character_value=("Ravensmoor",),
    ),
    _case(
        "city",
        "fresh-city-boise-tucson",
        user="Marcus",
        character="Thorne",
        first=(
            (
                "fact",
                "so my apartment in Boise has a view of the foothills, its the only "
                "reason i pay that rent",
            ),
            (
                "own",
                "I was born in Emberholt and I'll die in Emberholt. Never needed another "
                "view than this valley.",
            ),
            ("user", "is that a new sword on the wall"),
            ("character", "Commission for the baron's son. Don't touch the edge."),
        ),
        second=(
            ("user", "ok catch up time"),
            ("character", "I'm listening."),
            ("user", "well the lease ran out and I didnt renew"),
            ("character", "So where are you sleeping, then?"),
            (
                "change",
                "packed up and drove south, I'm living in Tucson with my sister till "
                "I find my own place. but Tucson's home now",
            ),
            ("character", "Hot, they say. Take a wide hat."),
        ),
        question="Where does Marcus live these days?",
        old=("Boise",),
        new=("Tucson",),
        character_value=("Emberholt",),
    ),
    _case(
        "city",
        "fresh-city-utrecht-hamburg",
        user="Priya",
        character="Kestrel",
        first=(
            ("user", "the stars are unreal up here"),
            ("character", "No lamps for forty miles. That's why."),
            (
                "fact",
                "at home in Utrecht you cant see any, the houseboat is right under a streetlight",
            ),
            (
                "own",
                "My home is wherever the pack goes down, but I winter in Stonereach, in "
                "the hut my father built.",
            ),
        ),
        second=(
            ("user", "hey stranger"),
            ("character", "*nods* You've been gone a while."),
            (
                "change",
                "yeah we sold the boat!! bought a little terraced house in Hamburg, "
                "been there two weeks",
            ),
            ("character", "A house that stays put. You'll miss the rocking."),
            ("user", "honestly no, I was seasick half the time"),
            ("character", "*laughs, low* Fair enough."),
        ),
        question="Where is Priya's home now?",
        old=("Utrecht", "houseboat"),
        new=("Hamburg",),
        character_value=("Stonereach",),
    ),
    _case(
        "city",
        "fresh-city-perth-adelaide",
        user="Aoife",
        character="Rowan",
        first=(
            ("user", "these apples r amazing"),
            ("character", "The red ones are from the old tree by the well."),
            ("user", "ok i need the name of this variety"),
            ("character", "My grandmother called them Lantern Reds."),
            ("fact", "we dont get anything like this in Perth, its all supermarket stuff"),
            ("own", "I was born here in Hollowmere and never went farther than the market town."),
        ),
        second=(
            ("user", "guess who's back"),
            ("character", "*drops the basket* You! Where have you been?"),
            (
                "change",
                "the transfer came through so we left Perth. Adelaide now, still "
                "getting lost every single day",
            ),
            ("character", "You'll learn its streets. Here, take an apple, you look starved."),
        ),
        question="Which city does Aoife live in now?",
        old=("Perth",),
        new=("Adelaide",),
        character_value=("Hollowmere",),
    ),
    # ------------------------------------------------------------------ partner
    _case(
        "partner",
        "fresh-partner-anselm-alba",
        user="Priya",
        character="Kestrel",
        first=(
            ("user", "*ties her boots* ok ready"),
            ("character", "Slow on the scree. Nobody's timing us."),
            ("fact", "my boyfriend Anselm would love this trail, hes obsessed with hiking"),
            (
                "own",
                "My wife Sorcha walked this pass with me every summer before the children came.",
            ),
        ),
        second=(
            ("user", "so. update on the love life, brace yourself"),
            ("character", "*leans on his staff* Braced."),
            (
                "change",
                "Anselm and I called it quits in the spring. I've been seeing someone "
                "new, her name's Alba, early days but she's lovely",
            ),
            ("character", "Then bring her up the mountain. I'll judge her fairly."),
            ("user", "lol she'd die on the scree"),
            ("character", "Then we'll go slow."),
        ),
        question="Who is Priya's partner now?",
        old=("Anselm",),
        new=("Alba",),
        character_value=("Sorcha",),
    ),
    _case(
        "partner",
        "fresh-partner-carmen-rafael",
        user="Marcus",
        character="Thorne",
        first=(
            ("user", "need a gift idea. anniversary next week"),
            ("character", "Anniversary? Of what?"),
            ("fact", "me and my wife Carmen, eight years married"),
            (
                "own",
                "Eight! My Brenna and I only had five before the fever. Buy her "
                "something she'll use, not something for a shelf.",
            ),
            ("user", "sorry thorne. thats good advice"),
            ("character", "It's an old ache. Go on, tell me what she likes."),
        ),
        second=(
            (
                "change",
                "the divorce papers are signed. I'm with Rafael now, we met at salsa "
                "class of all places",
            ),
            (
                "character",
                "*sets down the tongs* That's a lot to carry since I saw you. You "
                "seem lighter for it.",
            ),
            ("user", "i am. its weird but i am"),
            ("character", "Then I'm glad."),
        ),
        question="Who is Marcus with now?",
        old=("Carmen",),
        new=("Rafael",),
        character_value=("Brenna",),
    ),
    _case(
        "partner",
        "fresh-partner-noor-kiri",
        user="Dmitri",
        character="Vesper",
        first=(
            ("user", "*shakes rain off his coat*"),
            ("character", "You're dripping on my charts."),
            ("user", "sorry!! ok so can i borrow the telescope tonight"),
            ("character", "What for?"),
            (
                "fact",
                "my girlfriend Noor wants to see the meteor shower, shes into all "
                "that astronomy stuff",
            ),
            (
                "own",
                "Take it. I used to watch them with Halvard, before his ship went down. "
                "I still talk to him some nights.",
            ),
        ),
        second=(
            ("user", "hey vesper"),
            ("character", "You sound different. Happier."),
            (
                "change",
                "noor and i arent together anymore, it was a long time coming. kiri "
                "asked me out at the climbing gym and we've been together since",
            ),
            ("character", "Bring them to the lighthouse, then. I'll make the good tea."),
        ),
        question="Who is Dmitri dating now?",
        old=("Noor",),
        new=("Kiri",),
        character_value=("Halvard",),
    ),
    _case(
        "partner",
        "fresh-partner-declan-sunil",
        user="Yuki",
        character="Isolde",
        first=(
            ("fact", "my husband Declan says hi btw, he's jealous I get to visit a castle"),
            (
                "own",
                "Tell him my own lord husband, Edric, would happily trade places with "
                "him. Court bores Edric to tears.",
            ),
            ("user", "lol ok will do. what's on today"),
            ("character", "A tourney. You'll sit with me in the stands."),
        ),
        second=(
            ("user", "ok personal stuff first"),
            ("character", "*dismisses the pages* We're alone. Go on."),
            (
                "change",
                "Declan and I separated over the summer, it was mutual. my partner "
                "these days is Sunil, he makes me laugh constantly",
            ),
            ("character", "Laughter is worth more than a dowry. I'm happy for you."),
        ),
        question="Who is Yuki's partner these days?",
        old=("Declan",),
        new=("Sunil",),
        character_value=("Edric",),
    ),
    _case(
        "partner",
        "fresh-partner-bastian-lucia",
        user="Aoife",
        character="Rowan",
        first=(
            ("user", "can u keep a secret"),
            ("character", "I keep bees. I can keep anything."),
            ("user", "lol ok"),
            (
                "fact",
                "im dating a guy called Bastian, from the pottery class. its going really well",
            ),
            (
                "own",
                "Ah, I've been courting the miller's daughter, Elspeth, since the "
                "harvest. Don't tell the village.",
            ),
        ),
        second=(
            ("user", "rowan i have gossip"),
            ("character", "*sets down the smoker* Gossip about whom?"),
            ("user", "me, obviously"),
            ("character", "Go on then."),
            (
                "change",
                "so bastian ghosted me lol. anyway I met Lucia at my cousin's wedding "
                "and we're official now",
            ),
            (
                "character",
                "Then I'll raise a cup to the new one, and none to that fellow from "
                "the pottery class.",
            ),
        ),
        question="Who is Aoife seeing now?",
        old=("Bastian",),
        new=("Lucia",),
        character_value=("Elspeth",),
    ),
    # ------------------------------------------------------------------ pet's name
    _case(
        "pet",
        "fresh-pet-gravy-juniper",
        user="Marcus",
        character="Thorne",
        first=(
            ("user", "hey, can i bring my dog next time"),
            ("character", "If it doesn't chase the chickens."),
            ("fact", "Gravy is 14, he doesnt chase anything anymore except naps"),
            (
                "own",
                "Then he and my old hound Bramble will get on. She sleeps under the "
                "bellows all day.",
            ),
        ),
        second=(
            ("user", "*quiet* hey"),
            ("character", "What is it?"),
            (
                "change",
                "we had to say goodbye to Gravy in march. the house was so empty we "
                "adopted a greyhound, her name's Juniper",
            ),
            (
                "character",
                "*rests a hand on your arm* He had a long life. Bring the new one "
                "by; Bramble could use the company.",
            ),
            ("user", "thank u. she's very shy"),
            ("character", "So was I, once."),
        ),
        question="What is Marcus's dog called now?",
        old=("Gravy",),
        new=("Juniper",),
        character_value=("Bramble",),
    ),
    _case(
        "pet",
        "fresh-pet-duchess-mochi",
        user="Yuki",
        character="Isolde",
        first=(
            ("user", "ur castle has so many cats"),
            ("character", "They keep the mice out of the granary."),
            ("user", "i adopted one from the shelter last month!"),
            ("character", "What is she called?"),
            ("fact", "she came with the name Duchess, very fancy for a cat who eats cardboard"),
            ("own", "*laughs* Mine is Sir Whiskerton, and he has never earned the title."),
        ),
        second=(
            (
                "change",
                "btw the shelter name never suited her so we changed it. we call her "
                "Mochi now and she actually comes when called",
            ),
            ("character", "A name she answers to is a name that fits."),
            ("user", "how's the granary war going"),
            ("character", "The mice are winning."),
        ),
        question="What is Yuki's cat called now?",
        old=("Duchess",),
        new=("Mochi",),
        character_value=("Whiskerton",),
    ),
    _case(
        "pet",
        "fresh-pet-nugget-thistle",
        user="Priya",
        character="Kestrel",
        first=(
            (
                "fact",
                "small thing but my hamster Nugget learned to climb out of his cage "
                "lol, found him in my shoe",
            ),
            (
                "own",
                "My falcon Ashwing would call that a snack. *the bird on his arm ruffles "
                "its feathers*",
            ),
            ("user", "dont u dare"),
            ("character", "She's well fed. Your beast is safe."),
        ),
        second=(
            ("user", "can we just walk today. no big climbs"),
            ("character", "As you like. Something on your mind?"),
            (
                "change",
                "RIP Nugget :( he was old for a hamster. we got a rabbit last weekend "
                "and named him Thistle",
            ),
            ("character", "A rabbit. Keep him far from Ashwing and he'll live to be ancient."),
        ),
        question="What is Priya's pet called now?",
        old=("Nugget",),
        new=("Thistle",),
        character_value=("Ashwing",),
    ),
    _case(
        "pet",
        "fresh-pet-pippin-ziggy",
        user="Aoife",
        character="Rowan",
        first=(
            ("user", "omg is that a goat"),
            ("character", "That is Turnip. She eats the washing."),
            ("user", "she's perfect"),
            ("character", "She is a menace. Do you keep any animals?"),
            ("fact", "just my budgie Pippin, he screams at the kettle every morning"),
            ("own", "Turnip screams at everything, so they'd be friends."),
        ),
        second=(
            ("user", "ok i have animal news"),
            ("character", "Turnip is listening. So am I."),
            (
                "change",
                "pippin went to live with my mum, she's been lonely since dad passed. and "
                "the flat felt too quiet so I've got a bearded dragon now, he's called Ziggy",
            ),
            ("character", "A dragon! Does he breathe fire?"),
            ("user", "he mostly sits on a rock under a lamp lol"),
            ("character", "A wise creature."),
        ),
        question="What is Aoife's pet called now?",
        old=("Pippin",),
        new=("Ziggy",),
        character_value=("Turnip",),
    ),
    _case(
        "pet",
        "fresh-pet-bartholomew-pretzel",
        user="Dmitri",
        character="Vesper",
        first=(
            ("user", "the landlord still wont allow dogs"),
            ("character", "Landlords. What do you keep instead?"),
            ("fact", "a tortoise named Bartholomew, he's older than me basically"),
            (
                "own",
                "My company is a one-eyed cat called Barnacle. He came off a wreck and never left.",
            ),
        ),
        second=(
            ("user", "hiii"),
            ("character", "You look pleased with yourself."),
            ("user", "ok so guess what"),
            ("character", "I never guess. Tell me."),
            (
                "change",
                "bartholomew went to my brother's, he has a garden for him. and the landlord "
                "finally said yes to a dog!! meet Pretzel, a scruffy terrier who already ate a sock",
            ),
            (
                "character",
                "*scratches the terrier's ears* Barnacle will hate him. Welcome, little one.",
            ),
        ),
        question="What is Dmitri's pet called now?",
        old=("Bartholomew",),
        new=("Pretzel",),
        character_value=("Barnacle",),
    ),
)
