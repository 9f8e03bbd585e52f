"""The dev5 part's eight partner chats: the old partner leaves in one message (gone back to a
clan over the ice, a long-haul contract, a broken engagement, a divorce) and the new one is
named later, in passing ("my boyfriend, did i not say?") or when the character notices a ring;
then a non-change (a relative's question naming the old partner, an old partner kept as a
friend, a sister's fiancé, a hypothetical match, the character's own partner staying the
same)."""

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

PARTNER_CASES = (
    chat(
        "partner",
        FORGE,
        first="""
            user: *leans in the doorway with a bundle wrapped in cloth* thorgunna, can you mend a brooch? it's not mine
            character: *holds out a sooty hand* Whose, then?
            fact: hrafnhild's. my girl. we've been together three winters and she snapped the pin on her wedding-cloak at her sister's feast, she's furious
            character: *turns the brooch in the firelight* Silver. Old work. I'll have it whole by morning.
            own: My Sigvor wears one like this. Forty years wed and she's never lost a pin, mind, only her temper.
            user: i'll tell her you said that
        """,
        second="""
            user: *sits by the forge, quieter than usual* hey
            character: *lowers the hammer* That's a face. Out with it.
            user: hrafnhild went home to her clan across the ice sea. her mother's ill and she's not coming back. we said goodbye at the gate
            character: *sits beside you* Ach, lad. I'm sorry.
            user: it's alright. really. it was kind, the ending
            change: and, um. gudbrand's been courting me since the harvest fair. we were handfasted at the new moon. i'm happy, thorgunna, properly happy
            character: *claps your back hard enough to bruise* Thank you for telling me. Bring him to the forge. I'll make you both cloak pins.
            user: no i'm not pining for hrafnhild, stop looking at me like that
            character: I look at everyone like this. It's the smoke.
            user: my brother's wife asked if i'd ever marry again after a handfasting. who knows, one thing at a time
        """,
        question="Who is Zbyszko's partner now?",
        old=("hrafnhild",),
        new=("gudbrand",),
        character_value=("sigvor",),
    ),
    chat(
        "partner",
        HYDROPONICS,
        first="""
            user: *drifts in with two bulbs of coffee* one for you, one for me, none for the basil
            character: *takes one* The basil prefers tea anyway.
            fact: lucian's on the night cycle this week so i'm up at weird hours. my boyfriend, the engine tech. we share a cabin on ring c
            character: I know him. The engine tech with the laugh; he fixed my pump in the spring.
            own: Ludovica and I have been married nineteen years. She works the comms shift opposite mine, so we mostly leave each other notes in the galley.
            user: that's actually really sweet
        """,
        second="""
            user: *floats in, hair in a bun* morning! sorry, long week
            character: You look like you slept, for once.
            user: i do sleep now. lucian took the long-haul contract to the belt, two years, and we agreed that was that. i moved my stuff to a single cabin
            character: *pauses with the water wand* I'm sorry to hear it.
            change: don't be! araceli says hi by the way. my girlfriend, did i not say? we met in the queue at the docking ring and she laughed at my hat
            character: Thank you for telling me. I'll put a tomato aside for her.
            user: should i invite lucian to the solstice party by video? as a friend, sure, why not
            character: Solstice is for everyone.
            user: my bunkmate's boyfriend thinks araceli and i are moving too fast. he's wrong
        """,
        question="Who is Ifeoluwa seeing these days?",
        old=("lucian",),
        new=("araceli",),
        character_value=("ludovica",),
    ),
    chat(
        "partner",
        BARBERSHOP,
        first="""
            user: *climbs into the chair* dughall, make me look like a woman who has her life together
            character: *snaps the cape* That's a tall order on a Tuesday.
            fact: struan's taking me to his work do at the city chambers. my fella, eight years now. all the councillors will be there
            character: *combs through* Eight years. He should have married you by now.
            own: Senga and I went to a council do once, in 1987. She danced with the provost and I've not forgiven either of them.
            user: NO WAY
        """,
        second="""
            user: *sits down and holds my left hand very still on the armrest* hiya
            character: *stops, scissors in the air* What's that on your hand.
            user: struan and i called it off in the spring. he wanted to move to aberdeen for the oil money and i didn't
            character: *softly* I wondered why you'd not mentioned him. And the hand?
            change: seosamh asked me in june, on the ferry to arran, on one knee in the wind. seosamh's my fiancé, you'll meet him, he's a big soft irishman
            character: Thank you for telling me. A big soft Irishman. I'll give him the good chair.
            user: my mum asked last week if struan's coming to christmas. no mum. keep up
            character: *laughs* Mums again.
            user: my pal keeps asking if i'm sure. i'm sure
        """,
        question="Who is Ailbhe with now?",
        old=("struan",),
        new=("seosamh",),
        character_value=("senga",),
    ),
    chat(
        "partner",
        TELEGRAPH,
        first="""
            user: *lays a sealed note on the counter* mr septimus, a wire to the cricket club, and it is private
            character: *pencil hovering* Everything said at this counter is private, miss.
            fact: it is to mr pemberton, my intended. we are to be married in june, and he has forgotten my mother's birthday again
            character: *writes with a straight face* 'Birthday. Today.' Shall I add an exclamation?
            own: I have been married to Mrs Septimus, to Euphemia, for twenty-six years, miss, and I have never once forgotten a birthday. I have it wired to myself.
            user: mr septimus, that is genius
        """,
        second="""
            user: *comes in holding a letter with a foreign stamp* mr septimus. you'll have heard
            character: *quietly* I sent no wire, miss, but the town talks.
            user: mr pemberton has gone to ceylon for the tea trade, and he released me from the engagement by letter. by letter! after two years
            character: That is a poor way for a gentleman to behave.
            user: my mother cried more than i did
            change: and i have been walking out with lieutenant fairweather since easter. he is on leave from the regiment and he has never once forgotten a birthday
            character: *smiles* Thank you for telling me. Then your mother will stop crying.
            user: when i was promised to mr pemberton i had to learn to like cricket. i never did
            character: Nobody likes cricket, miss. They endure it.
            user: my sister is engaged to a curate in the next parish, which mother thinks is a better match than mine. we shall see
        """,
        question="Who is Seraphina walking out with now?",
        old=("pemberton",),
        new=("fairweather",),
        character_value=("euphemia",),
    ),
    chat(
        "partner",
        BATHHOUSE,
        first="""
            user: *sits on the bench wrapped in linen* decimus, make the oil smell of roses today. i want to smell like a senator's wife
            character: *unstoppers a flask* Roses it is, domina. An occasion?
            fact: marcellinus is giving a dinner for the magistrates. my husband thinks it will get him elected. it won't
            character: *works the oil in* I won't repeat that to the magistrates.
            own: My Tertulla says the same of every dinner at the master's house. We've been together since we were children; she runs the laundry here.
            user: she has good sense
        """,
        second="""
            user: *comes in with my hair down, laughing at something* decimus!
            character: Domina. You're laughing. It's been a while.
            user: i divorced marcellinus. i said the words before witnesses at the Ides and took my dowry back, as is my right
            character: *nearly drops the strigil* Gods. And you're laughing.
            change: because i am free! and because vibia is outside waiting for me with the litter. vibia's my beloved now, the widow from the silversmiths' street. we live together
            character: Thank you for telling me. I'll warm the small pool for the two of you.
            user: marcellinus and i still dine together at the Kalends, as friends. he's better company now he's not my husband
            character: That's often the way.
            user: if my father had his way i'd marry a senator next. he does not have his way
        """,
        question="Who is Sulpicia's beloved now?",
        old=("marcellinus",),
        new=("vibia",),
        character_value=("tertulla",),
    ),
    chat(
        "partner",
        TATTOO,
        first="""
            user: *slaps a printout on the counter* padraic. matching tattoos. before you say anything
            character: *reads it* Two halves of a cherry. I'm saying nothing. I'm thinking things.
            fact: jolene wants the left half and i get the right. my girlfriend, two years on friday. she's getting hers in bristol because she's scared of you
            character: *laughs* She's right to be.
            own: Me and Breccan have been together eleven years and we've never once had matching ink. He says it's bad luck.
            user: he's a coward too then
        """,
        second="""
            user: *sits down and rolls my sleeve up over the half cherry* ok so. about this
            character: *looks at it* Ah. The lonely half.
            user: jolene moved to berlin for work in the spring and we ended it. no drama. she kept her half, i kept mine
            character: Cover-up, is it?
            change: yeah, turn it into a whole cherry. wilfred's picking me up after, my boyfriend, you'll like him, he's a fisherman and he'll bring you mackerel
            character: *grins* Thank you for telling me. I'll take payment in mackerel.
            user: still best mates with jolene though, we video call on sundays
            character: That's grand. Not everyone manages it.
            user: my flatmate's boyfriend wants a cherry too now. it's a plague
        """,
        question="Who is Fenella's partner now?",
        old=("jolene",),
        new=("wilfred",),
        character_value=("breccan",),
    ),
    chat(
        "partner",
        ARCHIVE,
        first="""
            user: *sets a pressed flower between two pages of the visitors' book* sylvaranth, is that allowed
            character: *sighs* It is not. Leave it.
            fact: it's from faelar. my betrothed, we were promised at the last blossom moon. he picks me a flower every morning from the crown of the tree
            character: *studies the flower* A moonpetal. He climbs high for you.
            own: Caerwen and I were bonded before this tree was a sapling. She brings me nothing but arguments, and I would not trade them for all the flowers in the crown.
            user: that's the most romantic thing you've ever said
        """,
        second="""
            user: *sits on the floor between the shelves* can i just be sad here for a bit
            character: *comes down the ladder and sits beside you* You may.
            user: faelar broke the promise. he's joined the wardens in the far north and says he has no heart left for a bond
            character: *quietly* Wardens seldom do.
            user: that was the winter. it's spring now
            change: and ilyrien brings me bread from the bakers' bough every morning instead of flowers. we were bonded under the new leaves. ilyrien's my bonded now and i'm so glad
            character: Thank you for telling me. Bread is better than flowers. One can eat it.
            user: my tutor keeps asking when faelar and i will set a date. i have told her twice
            character: Tutors listen only to the old books.
            user: would i take a flower from anyone again? only if it came with bread
        """,
        question="Who is Zdravka bonded to now?",
        old=("faelar",),
        new=("ilyrien",),
        character_value=("caerwen",),
    ),
    chat(
        "partner",
        GENERATION_SHIP,
        first="""
            user: *leans my head on the cold glass* orrin do you think the stars get lonely
            character: *dry* Not as lonely as observation deck staff on the dawn watch.
            fact: jerome says they do. my partner. we've been paired four years and he says that every night before he sleeps, it's his thing
            character: A gentle man, yours.
            own: Cuthbert and I were paired by the council forty years ago. He still brings me tea on the dawn watch, cold by the time it gets here.
            user: that's love though
        """,
        second="""
            user: *sits cross-legged under the window with a cup of tea for you* i brought you a hot one for once
            character: *takes it* You're a miracle. Something's different.
            user: jerome and i unpaired at the council last month. he wanted a child and i don't, and that's allowed to be the end
            character: *nods slowly* It is.
            change: nadezhda from the medbay and i are paired now, since the festival of lights. nadezhda's my partner, and she thinks the stars are just stars, which is refreshing
            character: Thank you for telling me. Stars are just stars. I'll drink to that.
            character: Cuthbert and I are still paired, forty years and counting. Some things don't change up here.
            user: the council asked if i wanted to be put back on the pairing list after jerome. i didn't need it, did i
            user: if nadezhda ever wants to move to the nose of the ship i'll follow her, even for the draughts
        """,
        question="Who is Akosua paired with now?",
        old=("jerome",),
        new=("nadezhda",),
        character_value=("cuthbert",),
    ),
)
