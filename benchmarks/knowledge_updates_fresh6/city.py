"""The fresh-6 part's eight city chats, each with its own pair of people: the move said in
the user's own words, sometimes only after a hint (dark at two in the afternoon, a clean
truck, a new café on a video call, a bowl of laksa, a postcard, an eagle, tea from the
hills, a sheep on camera), then a non-change that must not retire it."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh import _case as case

CITY_CASES = (
    case(
        "city",
        "fresh6-city-vailea",
        user="Vailea",
        character="Dorje",
        first=(
            ("user", "*wheels my bike in with a flat tyre* dorje help, it's raining sideways"),
            ("character", "*wipes his hands on an oily rag* It's always raining sideways."),
            (
                "fact",
                "that's groningen for you. i've lived here five years and i've never once seen the rain fall down",
            ),
            ("character", "Put it on the stand. I'll look."),
            ("own", "I grew up in Umeå. There the snow falls sideways instead. I prefer it."),
        ),
        second=(
            ("user", "(( ooc: she's calling the shop from far away now ))"),
            ("user", "*on the phone* dorje! it's me. it's dark at two in the afternoon here"),
            ("character", "Dark at two? Where have they sent you?"),
            (
                "change",
                "nobody sent me, i chose it! i moved to tromsø in november, the university job. there are reindeer in the supermarket car park",
            ),
            ("character", "Thank you for telling me. Reindeer. You'll need studded tyres."),
            (
                "user",
                "i'm going to visit groningen in the spring to see my friends and pick up my bike",
            ),
            ("character", "It'll be here. Flat, probably."),
            (
                "user",
                "my friend lotte keeps saying she'll visit me in the arctic. she hates the cold. we'll see",
            ),
        ),
        question="Where does Vailea live now?",
        old=("groningen",),
        new=("tromsø",),
        character_value=("umeå",),
    ),
    case(
        "city",
        "fresh6-city-pemba",
        user="Pemba",
        character="Lhamo",
        first=(
            ("user", "*drops the truck keys on the counter* lhamo, fuel and a pie"),
            ("character", "*rings it up* Long haul today?"),
            (
                "fact",
                "out from kalgoorlie, that's home. the mine house, red dust in everything, you know",
            ),
            ("character", "I know. You leave it on my floor every week."),
            ("own", "I'm from Juneau originally. Rain and bears. This heat still surprises me."),
        ),
        second=(
            ("user", "*no dust, sea salt in my hair* hey stranger"),
            ("character", "You're clean. I almost didn't know you."),
            ("user", "i quit the mine run. sold the house too"),
            ("character", "You did not."),
            (
                "change",
                "did. i've moved to fremantle, near the fishing boat harbour. i wake up and it's the ocean instead of the pit",
            ),
            ("character", "Thank you for telling me. The ocean. You'll never leave it."),
            (
                "user",
                "i still have to drive back through kalgoorlie for my cousin's wedding next month. one night",
            ),
            ("character", "Bring me some dust as a souvenir."),
            (
                "user",
                "my brother reckons he's moving to the coast next year too. everyone's going coastal",
            ),
        ),
        question="Where is Pemba living now?",
        old=("kalgoorlie",),
        new=("fremantle",),
        character_value=("juneau",),
    ),
    case(
        "city",
        "fresh6-city-sonam",
        user="Sonam",
        character="Tenzin",
        first=(
            (
                "user",
                "*sets up the board* your move, tenzin. last game before i catch the bus home",
            ),
            ("character", "*moves a pawn* Where's home again? You never stay late."),
            (
                "fact",
                "almaty. my flat's near the green bazaar, the bus takes forty minutes if the mountains behave",
            ),
            ("character", "The mountains never behave."),
            (
                "own",
                "I'm a Bukhara man. Flat as this board, hot as a samovar. I miss it every day.",
            ),
        ),
        second=(
            ("user", "*sets up the board in an unfamiliar café* so this is my new local"),
            ("character", "*on the video screen* It looks smaller. Where is it?"),
            ("user", "across the border. the job finally happened"),
            ("character", "Which border? You have several."),
            (
                "change",
                "kyrgyzstan! i live in bishkek now. i got a flat by osh bazaar, so still a bazaar kid. the mountains are even closer here",
            ),
            ("character", "Thank you for telling me. Still a bazaar kid. Your move."),
            (
                "user",
                "my mum asked if i'd ever come back to kazakhstan. i said maybe, if the pay's good",
            ),
            ("character", "Pay is always the question."),
        ),
        question="Which city does Sonam live in now?",
        old=("almaty",),
        new=("bishkek",),
        character_value=("bukhara",),
    ),
    case(
        "city",
        "fresh6-city-dolkar",
        user="Dolkar",
        character="Batbayar",
        first=(
            ("user", "*ties on an apron* chef batbayar, reporting for curry duty"),
            ("character", "*hands over a pestle* Pound. Hard. Like you're angry at it."),
            (
                "fact",
                "i am angry at it. i live in chiang mai and i still can't make a proper khao soi. two years!",
            ),
            ("character", "Two years is nothing. Pound."),
            ("own", "I was raised in Ipoh. My grandmother's kitchen. She pounded like thunder."),
        ),
        second=(
            ("user", "*sends a photo of a bowl of laksa* look what i made"),
            ("character", "That's Sarawak laksa. That's not a Thai dish."),
            ("user", "no, because i don't live in thailand anymore!!"),
            ("character", "What? Since when?"),
            (
                "change",
                "since february, i moved to kuching. my partner's family is here, we have a little house by the river, and his aunt teaches me laksa on sundays",
            ),
            ("character", "Thank you for telling me. His aunt is a better teacher than me."),
            ("user", "i'll fly back to chiang mai for songkran, i promised my friends"),
            ("character", "Bring me back some chillies."),
        ),
        question="Where does Dolkar live now?",
        old=("chiang mai",),
        new=("kuching",),
        character_value=("ipoh",),
    ),
    case(
        "city",
        "fresh6-city-ganzorig",
        user="Ganzorig",
        character="Enkhjin",
        first=(
            ("user", "*slides a letter across the counter* one stamp to the coast, please enkhjin"),
            ("character", "*weighs it* To the coast. A love letter?"),
            (
                "fact",
                "job application lol. i live in sibiu, in the lower town, and i'm applying for a harbour job way down south",
            ),
            ("character", "Ambitious."),
            ("own", "I'm from Batumi. Black Sea. If you want a harbour, I know harbours."),
        ),
        second=(
            (
                "user",
                "*postcard in hand, a bay with mountains on it* i'm here to post one to myself as a joke",
            ),
            ("character", "*reads it* 'Wish you were here.' Where is here?"),
            ("user", "the harbour job! i got it!"),
            ("character", "You never! Truly?"),
            (
                "change",
                "i did. montenegro. i live in kotor now, inside the old walls, there are cats everywhere and the mountains go straight into the sea",
            ),
            ("character", "Thank you for telling me. Cats and mountains. Sounds like heaven."),
            ("user", "if the harbour job ends i might try croatia next, but that's years away"),
            ("character", "Years are short."),
            (
                "user",
                "my old landlady in transylvania still texts me about my plants. they're alive",
            ),
        ),
        question="Where is Ganzorig's home now?",
        old=("sibiu",),
        new=("kotor",),
        character_value=("batumi",),
    ),
    case(
        "city",
        "fresh6-city-oyuun",
        user="Oyuun",
        character="Ainur",
        first=(
            ("user", "*ties the boat to the cleat* ainur, i'm back from the sound"),
            ("character", "*hands over a mug of coffee* Catch anything?"),
            (
                "fact",
                "mostly rain. i live in tacoma, it's always rain, the mountain hides for weeks",
            ),
            ("character", "The mountain's shy."),
            ("own", "I'm a Whitehorse girl. Yukon. Dry cold. Rain is a mystery to me."),
        ),
        second=(
            ("user", "*sends a photo of a bald eagle on a piling* that's my new neighbour"),
            ("character", "That's a very big neighbour. Where are you now?"),
            (
                "change",
                "alaska! i moved up to sitka in the fall, i crew on a salmon troller. the whole town is on an island",
            ),
            (
                "character",
                "Thank you for telling me. An island town. You'll need a better raincoat.",
            ),
            (
                "user",
                "my brother back in tacoma is minding my car until i decide if i want it shipped. probably not",
            ),
            ("character", "Cars don't like boats."),
            ("user", "if i ever go back south it'll be for a funeral or a wedding. that's it"),
        ),
        question="Where does Oyuun live now?",
        old=("tacoma",),
        new=("sitka",),
        character_value=("whitehorse",),
    ),
    case(
        "city",
        "fresh6-city-aigerim",
        user="Aigerim",
        character="Nurlan",
        first=(
            (
                "user",
                "*sits by the window with a cup* nurlan, this is good tea but it's not ceylon tea",
            ),
            ("character", "*raises an eyebrow* You would know."),
            (
                "fact",
                "i would! i live in galle, by the fort walls. i drink ceylon tea three times a day",
            ),
            ("character", "Then you're a professional."),
            ("own", "I'm from Pondicherry. We drink coffee there. I'm a traitor in this shop."),
        ),
        second=(
            ("user", "*hands over a packet of tea leaves* a gift from the hills"),
            ("character", "*sniffs* Not Ceylon. Darker. Where from?"),
            (
                "user",
                "meghalaya. i took a teaching job up in the northeast of india. it rains all the time",
            ),
            ("character", "You left the fort walls?"),
            (
                "change",
                "i did. i live in shillong now, up in the pine hills. the rain is serious and the music is everywhere. my flat looks over the valley",
            ),
            ("character", "Thank you for telling me. Pines and music. I like it."),
            (
                "user",
                "my cousin still lives in galle and sends me photos of the sea. i miss it, but i'm not going back",
            ),
            ("character", "Missing is allowed."),
        ),
        question="Where is Aigerim living these days?",
        old=("galle",),
        new=("shillong",),
        character_value=("pondicherry",),
    ),
    case(
        "city",
        "fresh6-city-dauren",
        user="Dauren",
        character="Zarina",
        first=(
            (
                "user",
                "*holds a half-finished sweater up to the camera* zarina, the yoke pattern is eating me alive",
            ),
            ("character", "*on video, knitting* Count your stitches. Always count."),
            (
                "fact",
                "i counted! three times! it's the dark. i live in akureyri and in december the sun barely bothers",
            ),
            ("character", "Knit by lamplight. It builds character."),
            ("own", "I'm up in Hammerfest. We don't see the sun for two months. You're spoiled."),
        ),
        second=(
            ("user", "*tries to hold a sheep up to the camera* meet my landlord's sheep"),
            ("character", "That is a sheep. On camera. Why."),
            ("user", "because i live with sheep now lol. i left iceland in the summer"),
            ("character", "Left? For where?"),
            (
                "change",
                "the faroes! i live in tórshavn now, grass roofs, sheep everywhere, the wool is unbelievable. i'm knitting a faroese shawl",
            ),
            ("character", "Thank you for telling me. Island wool. I'm jealous."),
            (
                "user",
                "my friends in akureyri want me to come back for the northern lights festival. maybe next year",
            ),
            ("character", "Maybe next year is a good answer."),
        ),
        question="Where does Dauren live now?",
        old=("akureyri",),
        new=("tórshavn",),
        character_value=("hammerfest",),
    ),
)
