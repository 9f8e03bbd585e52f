"""The dev5 part's eight diet chats: the old diet ends in one message (a blood pressure come
good, a teacher run off with the treasury, bees sick in the tree city, a migraine) and the new
one comes after it, sometimes asked for by the character; then a non-change (a sister's or
brother's diet, a mother's question, a negation naming the old diet, a grandmother recalling
it as past, a hypothetical)."""

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

DIET_CASES = (
    chat(
        "diet",
        FORGE,
        first="""
            user: *ducks under the lintel, coughing at the smoke* thorgunna!! your chimney is worse than last winter
            character: *the hammer doesn't stop* The chimney's fine. Your lungs are soft. Sit by the water barrel.
            fact: brought my own lunch, don't be offended. the healer's got me on the low-salt diet for my blood pressure, so it's all veg and no salt at all and no more of your smoked mutton
            character: *snorts sparks* No salt. In a dwarf hold. You'll be the talk of the tunnels.
            own: I'll not judge, mind. I'm a fungivore myself, forty years now. Cave mushrooms and nothing else; meat makes the hammer arm slow.
            user: that explains the smell of your stew pot honestly
        """,
        second="""
            user: *sets a basket of eggs and butter on the anvil* don't hit me, i know it's been a month
            character: *eyes the basket* That is not vegetables.
            user: nope. the blood pressure came good and honestly i was starving all the time on the healer's plan. that's finished
            character: *sets the tongs down* So what are you eating now, lad, butter by the fistful?
            change: pretty much lol. i'm lchf now, low carb high fat. eggs butter cheese fatty meat, no bread no oats. the miners call me the butter man
            character: *laughs like a bellows* Thank you for telling me. I'll keep the bread out of your reach.
            user: my sister in the lower halls swears by the low-salt diet still, she sends me her recipes every week 🙄
            character: Your sister's welcome to her cabbages.
            user: would i ever go back to counting salt? no. not unless the healer drags me there by the beard
        """,
        question="What does Zbyszko eat these days?",
        old=("low-salt",),
        new=("lchf",),
        character_value=("fungivore",),
    ),
    chat(
        "diet",
        HYDROPONICS,
        first="""
            user: *floats through the hatch into the green bay* quennell the lettuce racks smell incredible today
            character: *adjusting a drip line* Row nine came in overnight. Don't touch, they're still counting.
            fact: i won't. the station doc has me on the portfolio diet for cholesterol so it's oats and soy and nuts and sterol margarine, very exciting 🙃
            character: Sounds like a seed catalogue.
            own: Me, I eat nutrient paste from the galley tubes. Three a day, strawberry flavour, never varies. The plants are for the crew, not for me.
            user: that's the saddest thing i've heard on this station
        """,
        second="""
            user: *pulls myself in by the railing* hey!! back from the medical rotation
            character: You look well. Better colour.
            user: cholesterol's down so the doc signed me off the oats-and-sterols routine last week
            character: *tilts her head* And the margarine went out the airlock?
            user: recycler, we don't waste mass up here
            change: anyway i'm hydro-vegan now 🌱 only eating what grows in this bay. your lettuce, your beans, the algae noodles. nothing shipped up from the planet
            character: *smiles at the racks* Thank you for telling me. I'll set a crate aside for you every cycle.
            user: my bunkmate asked if that means i'll eat her tofu. no, her tofu came from earth, she can keep it
            character: Your bunkmate's tofu has been in that freezer since launch.
            user: and no, i'm not going back on the portfolio diet even if the doc asks nicely
        """,
        question="What does Ifeoluwa eat now?",
        old=("portfolio diet",),
        new=("hydro-vegan",),
        character_value=("nutrient paste",),
    ),
    chat(
        "diet",
        BARBERSHOP,
        first="""
            user: *drops into the chair and spins once* dughall, just a trim, nothing dramatic
            character: *snaps the cape* Nothing dramatic, she says, like last time wasn't a fringe emergency.
            fact: look i was hangry last time. i'm on the cabbage soup diet for my cousin's wedding, seven days of soup, i'd have cut my own fringe with a spoon
            character: *combs through* Seven days of soup. The shop'll smell of it.
            own: I'll not preach. I live on irn-bru and a roll and square sausage, have done since I was fifteen. *points the scissors at the wee fridge* Breakfast of champions.
            user: that fridge is a crime scene
        """,
        second="""
            user: *pushes the door open with my shoulder* morning!! is the chair free
            character: For you, aye. How was the wedding?
            user: gorgeous. and the soup is over, i never want to see a cabbage again as long as i live
            character: *laughs* Sit down then. You're back on the chips, I take it?
            change: nope. my pal got me into the alkaline diet, it's greens and fruit and almonds and lemon water first thing, no coffee no red meat. i actually sleep now
            character: Thank you for telling me. No coffee. I'll stop offering you one from the machine.
            user: my mum asked on the phone if i'm still 'on the soup'. no mum, that was one week in march
            character: Mums never keep up.
            user: the lad in the next chair is doing the same thing for his gym, we're basically a cult now
        """,
        question="How does Ailbhe eat these days?",
        old=("cabbage soup diet",),
        new=("alkaline diet",),
        character_value=("irn-bru",),
    ),
    chat(
        "diet",
        TELEGRAPH,
        first="""
            user: *shakes out my umbrella in the doorway* mr septimus, a wire to leeds if you please, and do not read it aloud
            character: *pencil poised* Miss, I read every wire aloud. To myself. It is the job.
            fact: then you shall read that i am declining my aunt's christmas pudding. i am banting, as the pamphlet prescribes, no bread, no sugar, no potatoes, only mutton and claret
            character: *taps the key* Declining pudding. Your aunt will wire back in a fury.
            own: For my part I keep to the Graham diet, miss: brown bread and water and no spices to inflame the nerves. A man at the key wants steady nerves.
            user: steady nerves and no pleasure whatsoever
        """,
        second="""
            user: *hurries in out of the snow* mr septimus! the same wire to leeds, a different message
            character: Good afternoon, miss. You look less... pinched.
            user: i have given up the mutton and claret. dr ashby said it strained my heart, and frankly my purse
            character: *sets down the pencil* And what does the good doctor have you on now?
            change: nothing he chose! i read mr fletcher's pamphlet instead. it is fletcherism now, every mouthful chewed thirty-two times until it is liquid. luncheon takes me an hour and a half
            character: *stares* Thank you for telling me. An hour and a half. I shall not hurry you at the counter.
            user: my brother is banting still and writes that i have lost my reason
            character: Brothers write a great deal by wire, at a penny a word.
            user: shall i keep it up for life? who can say. for this winter at least
        """,
        question="What does Seraphina eat these days?",
        old=("banting",),
        new=("fletcherism",),
        character_value=("graham diet",),
    ),
    chat(
        "diet",
        BATHHOUSE,
        first="""
            user: *steps into the warm room and sighs* decimus, the water's lukewarm again. is the stoker asleep?
            character: *wringing a towel* The stoker is drunk, domina. The water will come.
            fact: never mind. i joined the philosophers' circle in the forum. i'm pythagorean, no meat, and no beans, not a single bean, don't ask me why, it's about souls
            character: *raises an eyebrow* No beans. In Britannia. You'll starve by the Kalends.
            own: Myself, I put garum on everything. Bread, eggs, porridge. *taps an amphora* My mother sends it from the coast; I'd drink it by the cup if the master let me.
            user: you smell like a fish market decimus
        """,
        second="""
            user: *drops my cloak on the bench* i'm back, and i am done with philosophers
            character: Done with them? The circle in the forum?
            user: their teacher ran off with the treasury. and the souls business never made sense. i'm eating beans again
            character: *grins* Beans! And what else, domina?
            change: barley porridge and beans and more beans. i train at the gladiator school by the river now, for the strength, so i eat what they eat. the gladiator diet, the barley men call it. i'm strong as an ox
            character: Thank you for telling me. I'll warn the stoker to keep the bath hot; you'll need it.
            user: my husband wants me to eat the fine way his family does, dormice and oysters. no thank you
            character: Dormice. The rich are strange.
            user: if the school ever closes i suppose i'll eat bread and cheese like everyone else
        """,
        question="What does Sulpicia eat now?",
        old=("pythagorean",),
        new=("gladiator diet",),
        character_value=("garum",),
    ),
    chat(
        "diet",
        TATTOO,
        first="""
            user: *lies back on the bench and holds out my forearm* padraic, the wave one. you promised
            character: *snaps on gloves* I promised if you ate first. Last time you went white as the wall.
            fact: i ate!! i'm on the atlantic diet, my nutritionist's thing, fish and seafood and spuds and kale and brown bread, so i had a massive fish pie before i came
            character: *stencil in hand* Fish pie. Fair play.
            own: I'm raw till 4, myself. Fruit all day till four o'clock, then whatever I want. *gestures at the banana peels by the till* Evidence.
            user: that bin is terrifying
        """,
        second="""
            user: *sits on the bench and rolls up my sleeve* ok touch up time. the wave's faded at the edge
            character: *looks* Aye, it's healed light there. Ten minutes.
            user: also random news, the migraines got bad and the neurologist says it was the aged cheese and the smoked fish all along
            character: *pauses the machine* The fish pie was giving you headaches?
            change: yep, so i'm low-tyramine now. no aged cheese, no cured meat, no smoked fish, no soy sauce, not even leftovers. fresh everything. two weeks and not one migraine
            character: Thank you for telling me. Fresh everything. I'll stop offering you the biscuits in that tin; god knows how old they are.
            user: honestly the atlantic diet was lovely while it lasted, i just can't have half of it any more
            character: *wipes the ink* Hold still.
            user: my flatmate says i should see a second doctor. i'm not, this one's right
        """,
        question="What does Fenella eat these days?",
        old=("atlantic diet",),
        new=("low-tyramine",),
        character_value=("raw till 4",),
    ),
    chat(
        "diet",
        ARCHIVE,
        first="""
            user: *climbs the spiral root-stair into the archive* sylvaranth? the moths ate the index again
            character: *without looking up from a scroll* The moths are the index, child. They eat what no one reads.
            own: And do not offer me that honeycake. I am on the starlight fast until midsummer; I take nothing but what the stars pour into the dew.
            user: wasn't going to. it's mine
            fact: i'm nectarian, remember? flowers and nectar and honey, nothing that had to die. my tutor says it makes the mind light
            character: It makes the mind forget where it left the index.
        """,
        second="""
            user: *heaves a basket onto the reading table* sorry sorry, a month in the deep forest with the fungus-folk
            character: A month. The moths nearly wrote you out of the records.
            user: the bees up here got sick, did you hear? no honey in the whole city since autumn. so that was the end of my flowers-only life
            character: *sets down the scroll* I heard. And you did not starve, evidently.
            change: the fungus-folk fed me. i'm mycotarian now 🍄 mushrooms, truffles, bracket fungus, moss-caps. i've never felt so grounded
            character: *peers into the basket* Thank you for telling me. Keep that basket away from the vellum; spores are murder on ink.
            user: my tutor asked if i'd go back to the flowers once the bees recover. i don't think so
            character: Your tutor asks a great many things.
            user: the fungus-folk's elder eats only black truffles, which seems extreme even to me
        """,
        question="What does Zdravka eat now?",
        old=("nectarian",),
        new=("mycotarian",),
        character_value=("starlight fast",),
    ),
    chat(
        "diet",
        GENERATION_SHIP,
        first="""
            user: *presses my palms on the big window* orrin look, you can see the nebula edge tonight
            character: *beside you, hands behind his back* Fourth generation aboard and you still press your hands on the glass.
            fact: ok but it's pretty. also i'm algae-only this quarter, the ration board put my whole deck on it after the greenhouse blight, spirulina bars for breakfast lunch and dinner
            character: The whole deck. The corridors must be very green.
            own: I'm on protein loaf, myself. Officers' mess. Grey, square, nutritious. *pats his stomach* I dream in colours.
            user: poor orrin
        """,
        second="""
            user: *slides onto the bench under the window* the greenhouse is back!! did you see
            character: I saw. The board lifted the blight rationing yesterday.
            user: so no more spirulina for me, i'm never eating anything green and slimy again
            character: *amused* And what does a freed woman eat, then?
            change: crickets lol. the cricket farm on deck nine opened to everyone. i'm doing entomophagy now, cricket flour pancakes, roasted mealworms, the lot. so crunchy
            character: Thank you for telling me. Crunchy. I shall not ask to sample it.
            user: my grandmother says in her day algae-only was a feast and we're all spoiled. she's not wrong
            character: Your grandmother crossed the gap in the old hull. She's earned her opinions.
            user: would i bring a bowl of mealworms to your promotion dinner? absolutely, don't test me
        """,
        question="What does Akosua eat these days?",
        old=("algae-only",),
        new=("entomophagy",),
        character_value=("protein loaf",),
    ),
)
