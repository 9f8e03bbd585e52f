"""The dev6 part's eight city chats: the old home ends (a mill flood, a lake house gone to a
brother, a capsule given up over a fan, a gran gone into sheltered housing, a flat sold for a
café) and the new town is said after the character notices something (buns from the far
side of the bridge, a northern coat, a new badge), sometimes with another town thought of and
turned down; then a non-change (a mother, an ex or a cousin in the old town, a market day back
there, an aunt's question, a hypothetical move)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev6.people import (
    AERIE,
    JAZZ_CLUB,
    LAUNDRETTE,
    MOD_CLINIC,
    NIGHT_SHIFT,
    TEAHOUSE,
    TOLL_BRIDGE,
    TUG,
    chat,
)

CITY_CASES = (
    chat(
        "city",
        TOLL_BRIDGE,
        first="""
            user: *leans on the rail and throws a crust to the ducks* grubnak, is the ford up? i need to get home before dark
            character: *peers at the river* Up to a horse's belly. Take the bridge. Three coppers.
            fact: here. i live in nettlebottom, the last cottage past the mill, and the ford's the only way home that doesn't cost me coppers
            character: Grubnak is sorry for your purse.
            own: Grubnak lives in Mudwallow, under the roots where the marsh meets the river. Best mud in the kingdom. You should visit.
            user: i'll pass
        """,
        second="""
            user: *crosses from the far side with a basket of market buns* morning grubnak! the market's heaving this morning
            character: From the far side? You've never come from the far side.
            user: the mill flooded in the spring and the last cottage went with it. everyone from the village scattered
            character: *sets down his club* Grubnak heard. The river was greedy.
            change: i'm in crookbridge now, above the cobbler's on the market square. i looked at the abbey town too but the rents were wicked. crookbridge has buns
            character: Thank you for telling me. Buns. Grubnak approves of a town with buns.
            user: my mum stayed on in nettlebottom, in the new houses up the hill. she says the river will never reach her there
            character: Your mum is brave or stubborn.
            user: both. anyway, three coppers, here, and one bun for you
        """,
        question="Where does Brannagh live now?",
        old=("nettlebottom",),
        new=("crookbridge",),
        character_value=("mudwallow",),
    ),
    chat(
        "city",
        AERIE,
        first="""
            user: *arrives on the ledge out of breath, clutching a letter* gunnhild, a rider came through the village with this for you
            character: *breaks the seal* From my sister. Thank you. You ran it up the cliff yourself?
            fact: i live in windmere, at the foot of this very cliff, by the lake. i see your griffins go over every morning from my kitchen
            character: Then you'll have seen my Brightwing steal the baker's fish.
            own: I was born in Skyreach, the city on the high plateau, and I live there still when I'm not on duty. The air's thinner and the people are kinder.
            user: sounds cold
        """,
        second="""
            user: *lands clumsily on the ledge from a borrowed griffin* i flew!! don't laugh
            character: *laughing* I'm not laughing. You came from the north. That's not from the lake.
            user: the lake house went to my brother when father died, and we couldn't share a roof. i left in the autumn
            character: Your brother was always loud.
            change: so i went up the mountain instead. i live in highcrag now, the fortress town on the north peak. my window looks down on the clouds. i borrow a griffin to visit, it's faster than the path
            character: Thank you for telling me. The north peak. You'll freeze, but you'll see everything.
            user: i told my brother i'd move to the city on the plateau, near you. changed my mind at the last moment, the cliffs won
            character: Cliffs always win.
            user: i still go down to windmere on market day. the lake smells the same
        """,
        question="Where does Ulfric live these days?",
        old=("windmere",),
        new=("highcrag",),
        character_value=("skyreach",),
    ),
    chat(
        "city",
        MOD_CLINIC,
        first="""
            user: *shakes the rain off my coat* vaskra, the lift broke again, i walked down ninety floors
            character: *hands you a towel* Ninety floors. Your knees must hate you.
            fact: my knees hate me and i hate my landlord. i live in the kowloon stack, floor ninety-one, the capsule by the broken fan. it's home
            character: *starts a knee scan* Home with a broken lift.
            own: I live in the Undercity, below the foundations. No lifts, no rain, no landlords. Just pipes and the hum.
            user: and rats the size of dogs
        """,
        second="""
            user: *sits down, dry for once* no rain on me today, look
            character: *glances at the coat* Dry. Did you take a cab?
            user: i let the capsule go at the end of last month. the landlord wanted double for the new fan and i said keep it
            character: Good. That fan was a health hazard.
            change: i'm in sector nine now, by the old train yards, a real flat with two rooms and a window. there are covered walkways everywhere, i never get wet
            character: Thank you for telling me. Two rooms. Very bourgeois of you.
            user: my ex still lives in the kowloon stack, he sends me videos of the lift being broken. petty
            character: Petty and probably right.
            user: should i move down below the foundations with you someday? no. i like my window
        """,
        question="Where does Kazimiera live now?",
        old=("kowloon stack",),
        new=("sector nine",),
        character_value=("undercity",),
    ),
    chat(
        "city",
        TUG,
        first="""
            user: *yawns in the co-pilot seat* esmeray, how long till we're home
            character: *reads the display* Forty hours. You homesick?
            fact: always. i live on vesta, in the ring habitat round the big crater, my cat and my plants are there
            character: Your plants are plastic.
            own: I live on Hygiea, past the refinery, alone in a dome I built. The quietest rock in the belt.
            user: you would
        """,
        second="""
            user: *pulls myself into the seat with a new ID badge clipped on* morning!
            character: *reads the badge* New badge. Different colours. What's this?
            change: oh right, i moved to pallas last month, the refinery gave me a berth in the new tower. pallas has real spin gravity, i can pour coffee now
            character: Thank you for telling me. Coffee that stays in the cup. Luxury.
            user: the ring habitat on vesta was getting too expensive anyway. i gave the plants to a neighbour
            character: Plastic plants make a fine gift.
            user: my mother wants me back on vesta by the new year. not happening
        """,
        question="Where does Rasmus live now?",
        old=("vesta",),
        new=("pallas",),
        character_value=("hygiea",),
    ),
    chat(
        "city",
        NIGHT_SHIFT,
        first="""
            user: *eats a sandwich on the break room sofa* quinlan, i'm so tired. the commute is killing me
            character: *pours tea* You drive every night?
            fact: two hours each way. i live in swindon with my mum and there's no job like this for me there. i listen to audiobooks the whole way
            character: You must be through a library by now.
            own: I've lived in Leicester all my life, a ten-minute walk from here. I know every pothole between my door and the chapel.
            user: lucky
        """,
        second="""
            user: *comes in bright-eyed* morning quinlan. well, night. i'm not tired for once
            character: You look rested. Did the audiobooks finally run out?
            user: mum moved in with her sister, so i gave up the house in swindon at last. i'm never doing two hours each way again
            character: Where did you land?
            change: wolverhampton! my fiancé's from there, we got a terrace by the park. it's forty minutes in the car now, i'm a new woman
            character: Thank you for telling me. Forty minutes. You'll be able to sleep before shifts.
            user: my sister said we should have picked somewhere posher. she lives in a village with one shop and thinks she's royalty
            character: Every sister is royalty.
            user: would i move into the city here and walk in like you? maybe one day. not yet
        """,
        question="Which town does Benedetta live in now?",
        old=("swindon",),
        new=("wolverhampton",),
        character_value=("leicester",),
    ),
    chat(
        "city",
        LAUNDRETTE,
        first="""
            user: *sits on a dryer* yestin, the last bus home is in twenty minutes, is my wash done
            character: *checks the machine* Eight minutes on the spin. You'll make it.
            fact: i'd better. i live in llanelli, with my gran, by the old docks, and if i miss the bus it's a taxi and a telling off
            character: Your gran is scarier than a taxi fare.
            own: I'm Swansea born and bred, me. Same street by the Mumbles road all my life, never moved once.
            user: jealous. i've moved twice since i was ten
        """,
        second="""
            user: *strolls in without a coat, washing bag over my shoulder* i walked here
            character: Walked? You? No bus?
            user: gran went into sheltered housing in the summer and the house by the docks was sold. i cried for a week
            character: Oh, love. That house was your whole life.
            change: so i moved in with my boyfriend. he's in port talbot, by the steelworks. it's fifteen minutes on foot to you along the beach, i don't need a bus at all
            character: Thank you for telling me. Fifteen minutes. You'll be in here every day now.
            user: my cousin moved into gran's old street in llanelli right after i left. typical
            character: Typical cousin.
            user: i'll still go back to see gran every sunday, she's in the home near the park
        """,
        question="Where does Rhosyn live now?",
        old=("llanelli",),
        new=("port talbot",),
        character_value=("swansea",),
    ),
    chat(
        "city",
        TEAHOUSE,
        first="""
            user: *kneels and sets down a small box* sadakichi-san, sweets from the south. the journey took a month
            character: A month on the road. Sit, rest your feet.
            fact: i live in nagasaki, by the harbour where the dutch ships come. my father sends me to edo every spring with his accounts
            character: Then you bring the sea with you.
            own: I come from Hakodate in the far north, and my house is there still; I serve tea in Edo only from spring to autumn. I dream of the snow on the harbour.
            user: snow on a harbour. i have never seen it
        """,
        second="""
            user: *bows, wrapped in a thick northern coat* sadakichi-san. the road was shorter this year
            character: *looks at the coat* A northern coat. And you came in by the north gate, not the south.
            user: my father gave the harbour house to my brother at the new year, and i married
            character: *bows deeply* Congratulations. Where does your husband keep his house?
            change: in sendai, in the castle town. i live in sendai now, under the castle on the hill. ten days from edo, not a month
            character: Thank you for telling me. Ten days. We shall see you twice a year.
            user: my brother writes that nagasaki is dull without me. he is lying, it is never dull
            character: Brothers lie kindly.
            user: shall i go further north one day, to see your snow on the harbour? perhaps. my husband says no
        """,
        question="Where does Okiku live now?",
        old=("nagasaki",),
        new=("sendai",),
        character_value=("hakodate",),
    ),
    chat(
        "city",
        JAZZ_CLUB,
        first="""
            user: *perches at the bar and takes off my gloves* clive, a sherry, i've a train home at midnight
            character: *pours* All that way for our little trio.
            fact: every saturday. i live in hastings, in a flat above the fish huts on the old town beach, and soho's worth the two hours
            character: The fish huts. You'll smell of the sea.
            own: I still live in Liverpool, darling. I take the train down every Friday and back on Monday; a man needs his mother's cooking.
            user: that's dedication
        """,
        second="""
            user: *comes in with sand in my shoes* clive, i'm early! a sherry, and no train to catch till the last one
            character: Early? You never make it before the second set.
            user: the flat over the fish huts is gone. the landlord sold it to a man who wants to open a café
            character: *winces* A café. In the old town. What's the world coming to.
            change: so i'm in brighton now, a room in a big old house on the seafront with five other girls. the train's an hour, i'll be here every week
            character: Thank you for telling me. Five girls and the seafront. You'll never sleep.
            user: my aunt asked if i'll go back to hastings when the café closes. it won't close, people love a café
            character: People love anything with a view.
            user: if the house gets too loud i might come up to london and sleep under your piano
        """,
        question="Where does Temperance live now?",
        old=("hastings",),
        new=("brighton",),
        character_value=("liverpool",),
    ),
)
