"""The dev7 part's eight diet chats: a diet ended by what happened (mushrooms eaten instead of
the ham, eggs gone overboard, a broken food printer, a wired jaw, a cholesterol test, a torn
shoulder, a month with a holy man, a pamphlet from London) and the new one told as a story,
said at once as the sitting opens or drawn out by the character; then a non-change (a gran
or a mother who still sends the old food, a captain who still saves it, a cousin on a diet
of his own, another diet weighed and turned down, one slice of the old food for one night)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev7.people import (
    BOWLING,
    CARAVANSERAI,
    CROWS_NEST,
    EUROPA,
    LIFEGUARD,
    MUSHROOM_CELLAR,
    RIVERBOAT,
    SPACEPORT,
    chat,
)

DIET_CASES = (
    chat(
        "diet",
        MUSHROOM_CELLAR,
        first="""
            user: *ducks under the low beam with a basket* tumblewort i brought lunch. dont look in the basket
            character: *sniffs* That's a whole ham, isn't it. In my cellar.
            fact: it is a whole ham and im not sorry. i'm a meatarian, always have been, my gran says greens are for goats
            character: *wrinkles his nose* Keep it off the spawning shelves.
            own: Gnomes are mossivore folk, you know. Moss, morning dew and a beetle at midwinter, and never once a ham.
            user: a beetle is meat tumblewort. checkmate
        """,
        second="""
            user: *sits on an upturned crate, no basket* ok so. story time
            character: *sets down his trowel* I'm listening.
            user: you know the grey caps you gave me at the solstice? i cooked them with the ham and then i just. ate the mushrooms. and left the ham. for a week
            character: *eyes widen* You left a ham?
            change: i left every ham. i'm a fungitarian now, mushrooms for breakfast lunch and tea, your cellar ruined me
            character: Then my cellar has done one good thing. Try the blue ones next.
            user: my gran still sends me a ham every month with a note saying eat properly. the dog gets it
            character: A lucky dog.
            user: i did try the moss thing you do. once. no. never again, it tasted like a wet wall
        """,
        question="What does Briony eat these days?",
        old=("meatarian",),
        new=("fungitarian",),
        character_value=("mossivore",),
    ),
    chat(
        "diet",
        CROWS_NEST,
        first="""
            user: *climbs into the crow's nest with two mugs* mirabel, cocoa, extra milk
            character: *takes one without lowering the spyglass* Bless you. Anything in the rigging?
            fact: only me. and my egg sandwich. i'm an eggetarian, eggs and cheese all the way to the trade winds, no flesh
            character: More for the rest of us, then.
            own: I keep a pirate's larder: salt beef, hard biscuit and rum. Nothing green has passed my lips since I was twelve.
            user: nothing green since twelve. that explains so much
        """,
        second="""
            change: *hauls himself up with a plucked gull over his shoulder* dont scream. i'm a gull-eater now. the cook's had no eggs since the hens went overboard and i was STARVING
            character: *lowers the spyglass very slowly* Is that the gull that's been stealing my biscuits?
            user: it was. justice. i gave up the eggs and cheese business a fortnight ago, there's no dairy at eight thousand feet anyway
            character: I'll not say a word. Pluck it downwind.
            user: the captain still saves me the omelette at mess like i'm the same man. i give it to the cabin boy
            character: The cabin boy eats anything.
            user: go back to eggs when we land? nah. gulls are free
        """,
        question="What does Hezekiah eat now?",
        old=("eggetarian",),
        new=("gull-eater",),
        character_value=("salt beef",),
    ),
    chat(
        "diet",
        EUROPA,
        first="""
            user: *peels off the drysuit hood* korvath the printer jammed again, its making steaks shaped like socks
            character: *doesn't look up from the sonar* Kick it on the left side.
            fact: i've kicked it. i NEED it, i eat synthmeat, three printed steaks a day or i'm useless on the dives
            character: *finally turns* Three a day. You'll print us out of cartridge.
            own: I eat once. One meal at 1900 station time, nothing else. One-meal-a-day for eleven years, and I've never felt clearer.
            user: you also talk to the sonar like its a person so
        """,
        second="""
            user: *floats through the moon pool airlock with a net bag of green ribbons* hi hi hi look what grew on the south vents
            character: Kelp? From the vents? I thought those beds were a failed experiment.
            user: they were failed until they werent. also the printer died for good, the whole cartridge line. no more steaks till the supply run in march
            character: *frowns* So what have you been eating for a month?
            change: this. kelp. raw, fried, in soup. i'm a kelpivore now, honestly i feel better than i did on the printed stuff
            character: Noted. I'll log the beds as a food source.
            user: the doc wanted to put me on protein drips instead and i said absolutely not, im not a houseplant
            character: The doc means well.
            user: my brother on the freighter still lives on printed steaks. he thinks im insane
        """,
        question="What does Nomvula eat these days?",
        old=("synthmeat",),
        new=("kelpivore",),
        character_value=("one-meal-a-day",),
    ),
    chat(
        "diet",
        SPACEPORT,
        first="""
            user: *sets a fried sand-eel on the workbench* zix, want half? no salt on it, doctors orders
            character: *clicks mandibles* Why no salt?
            fact: blood pressure. i've been saltless for a year, it's the worst, everything here tastes like the dunes
            character: *turns the droid's head over* Dunes taste of nothing. You'd know.
            own: Zixahl is lithovore. I eat stones, small ones; the red ones from the canyon taste best. *crunches one*
            user: that noise is going to haunt me
        """,
        second="""
            user: *mumbles through a clenched jaw* mmf. zix. dont make me laugh
            character: Your face! What happened to your face?
            user: cantina brawl. some smuggler took a swing. they wired my jaw shut for six weeks
            character: *sets down the spanner* Six weeks. Can you eat?
            change: through a straw. i'm liquids-only now, soup and milk and sad grey shakes, salt or no salt doesnt matter anymore
            character: I will blend you a canyon stone. That is a joke.
            user: the medbay offered me a feeding tube instead. i said id rather drink sand
            character: Sand through a straw. Hm.
            user: my cousin's on shakes too, on purpose, to make weight for the hover races. idiot
        """,
        question="What is Lavrenti's diet now?",
        old=("saltless",),
        new=("liquids-only",),
        character_value=("lithovore",),
    ),
    chat(
        "diet",
        BOWLING,
        first="""
            user: *plunks a plate of wings on the scorer's table* dwayne dont judge me. no fries, see? no bun
            character: *leans on the shoe counter* I see wings and ranch. That's a meal to me.
            fact: im carb-free since new years babe. no bread, no fries, all the wings i want
            character: Living the dream. Lane six is yours.
            own: Me, I'm a nachos-and-pop guy. Forty years, nachos and pop every shift, and the doc says my heart's like a kid's.
            user: the doc is lying to you dwayne
        """,
        second="""
            user: *comes in with a tupperware of chickpeas and salmon* league night!! dont touch my chickpeas
            character: Chickpeas? Where are the wings?
            user: lol the wings are over. my cholesterol came back crazy, like cartoon crazy, the doctor said all that meat was killing me
            character: *whistles* So what now?
            change: now its heart-healthy. fish, oats, beans, olive oil, a glass of red on fridays. the doc picked it and honestly? i love it
            character: Oats on a bowling night. Times are changing.
            user: my mom still texts me carb-free recipes every sunday lol. she didnt get the memo
            character: Moms never do.
            user: i thought about the cabbage soup thing my sister does but no, i like food
        """,
        question="What does Shawnelle eat these days?",
        old=("carb-free",),
        new=("heart-healthy",),
        character_value=("nachos-and-pop",),
    ),
    chat(
        "diet",
        LIFEGUARD,
        first="""
            user: *climbs up the tower steps with two meat pies* brodie, brekkie. one each, dont say i never give u anything
            character: *takes one, eyes on the water* Legend. Flags are up at the south end.
            fact: im on a bulk diet for the comp in march, so its pies, steaks, eggs, six meals a day, the lot
            character: Six meals. You'll sink.
            own: I'm a vego, me, twelve years. Nothing with a face. *hands the pie back* Actually, you have mine.
            user: more for me then mate
        """,
        second="""
            user: *drops onto the bench with a chicken wrap* ok so i didnt make the comp
            character: Ah, mate. Sorry.
            user: tore my shoulder in february. six meals a day for nothing
            character: What are you eating now, then? That's not a pie.
            change: nah. chook only, no red meat, no fish. i'm chicken-only now, the physio reckons its lighter and im sleeping heaps better
            character: Fair enough.
            user: the boys at the gym made me a bulk diet cake for my birthday last week, i had one slice to be polite, one night only
            character: One slice is allowed.
            user: my housemate wants me to do her fasting thing. no chance
        """,
        question="What does Kirrily eat now?",
        old=("bulk diet",),
        new=("chicken-only",),
        character_value=("vego",),
    ),
    chat(
        "diet",
        CARAVANSERAI,
        first="""
            user: *shakes the dust from my shawl at the well* bahadur, feed me, i have crossed the whole salt desert on dates
            character: *laughs and claps for the boy* Kebab for the lady from the west!
            fact: two kebabs. i am a flesh-eater and i want everything you have, lamb, chicken, the river fish, everything
            character: Everything, then. The caravanserai is yours.
            own: And you'll try my horse-meat. I am a horse-meat man, like my fathers on the steppe; nothing else makes a man strong.
            user: bring me the second kebab first
        """,
        second="""
            user: *unrolls a prayer mat in the corner of the courtyard* peace, bahadur. no kebab for me tonight
            character: No kebab? Are you ill?
            user: not ill. in the mountains i stayed a month with a holy man. after that i could not eat the lamb, i tried in the next town and it sat like a stone
            character: *strokes his beard* A holy man. And now?
            change: now i am milk-and-fruit, as he taught me: milk, rice, apricots, no onion, no meat, nothing that heats the blood
            character: Milk and rice, then, and the good apricots.
            user: my brother's men still call me the lady who eats everything. let them
            character: They are mule-men. They call the moon a cheese.
            user: would i eat lamb again for a wedding feast? perhaps one bite. but not as my food
        """,
        question="What does Roshanak eat now?",
        old=("flesh-eater",),
        new=("milk-and-fruit",),
        character_value=("horse-meat",),
    ),
    chat(
        "diet",
        RIVERBOAT,
        first="""
            user: *sits on a cotton bale with a bran muffin* mr jedediah, do not offer me the pork again
            character: *tips his hat from the wheelhouse door* Wouldn't dream of it, Miss Winnifred.
            fact: i am a grahamite, sir, faithfully, since boston. bran bread, water, vegetables, and nothing that inflames the passions
            character: Nothing that inflames the passions. On the Mississippi. Bless you.
            own: I'm a catfish-and-cornbread man, ma'am. Have been since I was a cub pilot. A pilot lives on what the river and the galley give him.
            user: then we shall both be very healthy or very dead
        """,
        second="""
            user: *sweeps aboard at memphis with a book in my gloved hand* mr jedediah, i have read something that has changed my life. again
            character: Again, ma'am? Last time it was bran.
            user: the bran did nothing for my constitution. my sister sent me this from new york, by a doctor who says vegetables are the ruin of the stomach
            character: *squints at the cover* And what does the doctor prescribe?
            change: minced beef, three times a day, and hot water an hour before. i follow the salisbury diet now, sir, and i have not felt so well since i was a girl
            character: Beef three times a day. The cook will weep with joy.
            user: my aunt in philadelphia still sends me graham bread by the crate. i give it to the deckhands
            character: The deckhands will eat anything that comes in a crate.
            user: i did consider the vinegar cure the ladies of the town swear by. i will not drink vinegar, sir
        """,
        question="What does Winnifred eat now?",
        old=("grahamite",),
        new=("salisbury",),
        character_value=("catfish-and-cornbread",),
    ),
)
