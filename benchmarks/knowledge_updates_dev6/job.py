"""The dev6 part's eight job chats: the old job ends (cages sold to an apprentice, a courier
licence made worthless, an assay lab automated, a lane burned, a back that gave out) and the
new one is said after the character notices something (a spyglass, goggles, a cutting torch,
drumsticks), or at once as the user comes in; then a non-change (an apprentice, an uncle or a
cousin in the old job, a return offered for one night or a season and refused or kept as a
favour, a mother who tells the neighbours the old job)."""

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

JOB_CASES = (
    chat(
        "job",
        TOLL_BRIDGE,
        first="""
            user: *crosses the bridge with a cage of squeaking rats* morning grubnak, don't eat these
            character: *eyes the cage hungrily* Grubnak makes no promises.
            fact: they're for the baron's granary. i'm the ratcatcher for the whole valley, the baron pays a penny a tail
            character: A penny a tail! Grubnak is in the wrong trade.
            own: Grubnak is toll-keeper of this bridge, and his father before him, and his father's father. Three coppers.
            user: you'd eat the profits
        """,
        second="""
            user: *comes over the bridge with a long pole and mud to the knees* grubnak, guess who sold the rat cages
            character: You? Who'll keep the granary?
            user: my apprentice. she's got the knack, and i've got the bites to prove i haven't any more
            character: And the pole? And the mud?
            change: i take folk across the great bog now. i'm a bog-guide, i know every safe tussock from here to the abbey. merchants pay me a silver a crossing
            character: Thank you for telling me. A silver! Grubnak should guide bogs.
            user: my apprentice is the valley's ratcatcher now, she caught forty on her first night
            character: Forty. Grubnak will visit the granary.
            user: the baron asked if i'd come back for the big rat season in spring. i said no, i've got the bog now
        """,
        question="What does Brannagh do for a living now?",
        old=("ratcatcher",),
        new=("bog-guide",),
        character_value=("toll-keeper",),
    ),
    chat(
        "job",
        AERIE,
        first="""
            user: *heaves a bundle onto the ledge* moulted feathers, gunnhild, for the fletchers in town
            character: *lifts one to the light* Good quills, these. The chick's?
            fact: the chick's and her mother's. i'm a feather-merchant, i buy what the aeries moult and sell it down the valley for arrows and pens
            character: You'll make a fortune off my griffins.
            own: I'm a griffin rider, not a merchant. I keep my coin in my boot and my head in the sky.
            user: and i keep my coin in your griffins' feathers
        """,
        second="""
            user: *leans on the wall with a brass spyglass round my neck* afternoon gunnhild. look at the clouds over the pass
            character: *squints* Thunderheads by dusk. What's the spyglass for?
            change: work! the guild of the pass took me on as cloudwatcher. i sit in the tower and read the weather for the riders and the caravans. i sold the feather stall to my uncle at the spring fair
            character: Thank you for telling me. Then you'll be the one keeping me alive in the storms.
            user: my uncle's the feather-merchant of the family now, he's already haggling with the fletchers
            character: Your uncle would haggle with a griffin.
            user: is it dull, sitting in a tower all day? not when the storms come
        """,
        question="What is Ulfric's job now?",
        old=("feather-merchant",),
        new=("cloudwatcher",),
        character_value=("griffin rider",),
    ),
    chat(
        "job",
        MOD_CLINIC,
        first="""
            user: *sits in the chair and taps the port behind my ear* vaskra, the jack's running hot again
            character: *peers at it* You've been pushing too much through it.
            fact: three runs a night. i'm a data courier, i carry the corps' files in my head from tower to tower because they don't trust the net. thirty gigs a trip
            character: Thirty gigs in that skull. No wonder it's hot.
            own: I'm a chrome surgeon, twenty years now. I've seen heads cook from less. *sprays coolant*
            user: that is extremely reassuring thank you
        """,
        second="""
            user: *flops in with a pair of cracked goggles pushed up on my head* no hot jack today!! look, cool as ice
            character: *checks the port* It's barely been used. What happened?
            user: i sold the licence. the corps switched to quantum links and half of us were out of work in a week
            character: *sets down the scanner* Quantum links. Of course. What are you doing instead?
            change: flying. i'm a drone pilot now, delivery swarms over the stack, twelve drones at once through the goggles. the pay's worse but nobody's trying to steal my head
            character: Thank you for telling me. Twelve at once. Mind the jack doesn't cook from that instead.
            user: my flatmate's still a data courier, he's one of the last, and he's scared every night
            character: Tell him to come and see me.
            user: was it good money, the old runs? the best. do i miss them? never
        """,
        question="What does Kazimiera do for work now?",
        old=("data courier",),
        new=("drone pilot",),
        character_value=("chrome surgeon",),
    ),
    chat(
        "job",
        TUG,
        first="""
            user: *floats in with a sample case* esmeray, before you ask, yes it's rock
            character: *doesn't look* It's always rock.
            fact: it's nickel-iron, thank you, and i'm the ore assayer on this run, i get to say what's rock and what's money. this one's money
            character: Then I'm towing money. That's better.
            own: I'm a tug pilot. I don't care what it's made of; I care what it weighs and how fast it spins.
            user: so romantic
        """,
        second="""
            user: *pulls myself in with a cutting torch on my belt* don't mind the torch
            character: A torch? Where's your sample case?
            user: the refinery brought in automated assay drones. they did my job in an hour and let me go with a month's pay
            character: *quietly* I heard they'd cut the lab. I'm sorry.
            change: don't be. i'm a salvager now, i crew on the breaker ship cutting up dead hulls for parts. turns out i love it
            character: Thank you for telling me. I'll send you every wreck I see.
            user: would i take lab work again if they offered? on a short run for the money, maybe. but it's salvage for me now
            character: It suits you. You always liked taking things apart.
            user: my sister's an ore assayer on the inner belt, she thinks i'm mad
        """,
        question="What is Rasmus's job now?",
        old=("ore assayer",),
        new=("salvager",),
        character_value=("tug pilot",),
    ),
    chat(
        "job",
        NIGHT_SHIFT,
        first="""
            user: *slumps in the break room doorway in oily overalls* quinlan, they said i could wait in here while mum's in theatre
            character: *stands and pulls out a chair* Of course. Sit. Tea?
            fact: please. i came straight from the depot, i'm a bus mechanic, i had my arm up a number 42's engine when the hospital rang
            character: *hands you a mug* Your mum's in good hands. Better than the 42's.
            own: I'm the hospital chaplain, have been for thirty years. I sit with a lot of people in this room. You're not alone in here.
            user: thanks quinlan
        """,
        second="""
            change: *pushes a trolley into the break room in a porter's tunic* quinlan! guess who's the new night porter
            character: *laughs* You! Since when?
            user: since october. after all those weeks visiting mum on the wards i couldn't face the depot again. i handed my spanners in
            character: And how is your mum?
            user: home and bossy. and i love the job, i push beds and bloods and the odd ghost story round all night
            character: Every porter has a ghost story. I've heard them all.
            user: the depot rang last week asking if i'd fix buses at weekends for extra cash. i said no, i'm done with engines
            character: The 42 will survive without you.
            user: my brother's still a bus mechanic at the depot, he says it misses me
        """,
        question="What does Benedetta work as now?",
        old=("bus mechanic",),
        new=("night porter",),
        character_value=("hospital chaplain",),
    ),
    chat(
        "job",
        LAUNDRETTE,
        first="""
            user: *comes in covered in flour and throws an apron in machine two* yestin. 4am. don't talk to me
            character: *hands over a coffee* I wasn't going to. Rough night at the ovens?
            fact: the worst. i'm a night baker at the bakery on the high street, three hundred loaves by six and the big mixer's broken
            character: Three hundred loaves. And the mixer.
            own: I'm a delivery rider, me. On the bike all day for the app; I'll have your loaves in someone's kitchen before they've cooled.
            user: you'd eat them on the way
        """,
        second="""
            user: *drops into a plastic chair with big headphones round my neck* bore da yestin. yes it's daytime. i'm awake in the daytime now
            character: *stares* In daylight? What happened to the ovens?
            user: i handed my notice in at the bakery in the spring, my back couldn't take the kneading
            character: So what's with the headphones?
            change: i'm a sound engineer now, at the studio above the chip shop. i mix bands and podcasts and one very angry choir. my ears are finally useful
            character: Thank you for telling me. An angry choir. Send me a track.
            user: my old boss asked if i'd fill in at the ovens for christmas. maybe one night, as a favour, not as a job
            character: One night's a favour. Two's a job.
            user: my cousin's a night baker now too, at the big supermarket, she's welcome to it
        """,
        question="What does Rhosyn do for a living now?",
        old=("night baker",),
        new=("sound engineer",),
        character_value=("delivery rider",),
    ),
    chat(
        "job",
        TEAHOUSE,
        first="""
            user: *sets a paper lantern on the table* sadakichi-san, for your garden, to thank you
            character: *turns it slowly* Fine paper. Good ribs. You made this?
            fact: i did. i am a lantern maker, like my father, in the lane behind the fish market. we paint the names of shops on them
            character: Then my garden will have a name.
            own: I am a tea master, Okiku. I make only one thing, and I make it slowly. *bows over the bowl*
            user: you make it beautifully
        """,
        second="""
            user: *kneels with ink on my sleeves* sadakichi-san, forgive the ink, it does not come out
            character: It is honest ink. Where is it from?
            user: my father's shop burned in the winter fire, the whole lane. we did not rebuild
            character: *sets down the whisk* I am sorry. I heard of the fire.
            change: the publisher near the bridge took me in. i carve and print the blocks for the ukiyo-e now, the actors and the courtesans. i am a woodblock printer, and my hands have never been so happy
            character: Thank you for telling me. I should like to see a print.
            user: my cousin is a lantern maker still, in the new lane by the river. she has our father's brushes
            character: Then the lanterns go on.
            user: will i make a lantern again? for your garden, once a year perhaps. only for you
        """,
        question="What is Okiku's work now?",
        old=("lantern maker",),
        new=("woodblock printer",),
        character_value=("tea master",),
    ),
    chat(
        "job",
        JAZZ_CLUB,
        first="""
            user: *leans over the counter by the cloakroom* clive, there's a fedora here nobody's claimed in a month
            character: *strolls over* Keep it. Sell it. Wear it.
            fact: i can't wear a fedora on the job. i'm the hat-check girl, i've got a uniform and a little hat of my own, it's very strict
            character: *straightens your little hat* You wear it well.
            own: I'm a record producer by day, darling. The club's for the nights; the money's in the studio on Denmark Street.
            user: fancy
        """,
        second="""
            user: *comes in with a pair of drumsticks in my back pocket* clive, don't look at the cloakroom, it's not me any more
            character: *glances at the new girl there* I'd noticed. What are those in your pocket?
            change: drumsticks! i sit in for the studio bands now, three sessions a week. i'm a session drummer. i played on two records this month, one of them went to number thirty
            character: Thank you for telling me. Number thirty! I'll book you for the house trio.
            user: the new hat-check girl asked me for tips. i said smile and never lose a ticket
            character: Good advice for life.
            user: my mother still tells the neighbours i look after the coats at a respectable club. let her
        """,
        question="What does Temperance do now?",
        old=("hat-check girl",),
        new=("session drummer",),
        character_value=("record producer",),
    ),
)
