"""The fresh-6 part's eight job chats, each with its own pair of people: the new job said in
the user's own words after something ends the old one (training kept secret, a grandmother's
hospice, a newspaper buying puzzles, a hurt back, a season not gone back to, writing about
death, an organ workshop, a retired musher), then a non-change that must not retire it."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh import _case as case

JOB_CASES = (
    case(
        "job",
        "fresh6-job-amaru",
        user="Amaru",
        character="Yupanqui",
        first=(
            (
                "user",
                "*shakes snow off my coat in the winter barn* yupanqui, the horses' heater is broken again",
            ),
            ("character", "*top hat askew, fixing a poster* Again! That heater hates me."),
            (
                "fact",
                "i'd help but i've got to get to the club, i'm the bingo caller at the legion hall on fridays. two little ducks, twenty two",
            ),
            ("character", "Quack quack. You're a natural."),
            (
                "own",
                "Forty years I've been a ringmaster, and I've never once got a crowd to shout like your Friday ladies.",
            ),
        ),
        second=(
            ("user", "*smells of diesel and salt, grinning* guess who got her ticket"),
            ("character", "Her ticket to what?"),
            (
                "user",
                "the harbour board. i've been training on the tugs since spring, at night, didn't tell anyone",
            ),
            ("character", "You sly thing."),
            (
                "change",
                "i'm a tugboat captain now. my own boat, the little red one, pushing the tankers in. the legion hall found someone else for fridays",
            ),
            (
                "character",
                "*doffs the top hat* Thank you for telling me. Captain! I'll salute you from the pier.",
            ),
            (
                "user",
                "my nan wants me to call numbers at the christmas do for old times' sake. maybe just that one night",
            ),
            ("character", "One night is tradition, not a job."),
        ),
        question="What does Amaru do for work now?",
        old=("bingo caller",),
        new=("tugboat captain",),
        character_value=("ringmaster",),
    ),
    case(
        "job",
        "fresh6-job-citlali",
        user="Citlali",
        character="Xochitl",
        first=(
            ("user", "*sits at the diner counter at 2am, hair windswept* coffee, black, huge"),
            ("character", "*pours* You look like you fought the wind."),
            (
                "fact",
                "i did. i'm a wind turbine technician, i climb the towers out on the ridge. eighty metres up in a gale today",
            ),
            ("character", "Eighty metres. I get dizzy on a stool."),
            (
                "own",
                "I'm the night watchman for this lot and the truck stop. The most exciting thing I see is a raccoon.",
            ),
            ("user", "respect to the raccoon"),
        ),
        second=(
            ("user", "*sits quietly, stirs the coffee for a long time*"),
            ("character", "No wind in your hair tonight."),
            (
                "user",
                "i stopped climbing. after my grandmother died, the hospice people were so kind, and i kept going back to help",
            ),
            ("character", "That's a good thing to do."),
            (
                "change",
                "i trained with them over the winter. i'm a death doula now. i sit with people at the end, and their families. it's the most important work i've ever done",
            ),
            (
                "character",
                "*sets the pot down gently* Thank you for telling me. That's a brave job.",
            ),
            (
                "user",
                "my old crew chief keeps sending me photos from the ridge, trying to lure me back with sunsets",
            ),
            ("character", "Sunsets are a strong argument."),
            ("user", "they're nice. i'm not going back up though"),
        ),
        question="What is Citlali's job now?",
        old=("wind turbine technician",),
        new=("death doula",),
        character_value=("night watchman",),
    ),
    case(
        "job",
        "fresh6-job-itzel",
        user="Itzel",
        character="Cuauhtemoc",
        first=(
            ("user", "*taps on the shop window with a squeegee* oi, your windows are filthy"),
            ("character", "*looks up from an ink pot* Then clean them, it's your trade."),
            (
                "fact",
                "it is! i'm a window cleaner, the whole high street's mine on tuesdays. yours are free today because you make good tea",
            ),
            ("character", "The tea is always free to those who bring a squeegee."),
            (
                "own",
                "I'll be at my desk. I'm a calligrapher; I have forty wedding invitations to letter by Friday.",
            ),
        ),
        second=(
            (
                "user",
                "*comes in with a newspaper folded to the puzzle page* look. look at 14 across",
            ),
            ("character", "'Nib's first love, scribe at heart, eleven letters'... Itzel."),
            ("user", "that's about you. i wrote it"),
            ("character", "You wrote it?"),
            (
                "change",
                "the paper bought my puzzles! i'm a crossword setter now, three a week for the daily, cryptic ones. i sold my ladders to my nephew",
            ),
            (
                "character",
                "*sets the pen down* Thank you for telling me. Now I must solve you three times a week.",
            ),
            (
                "user",
                "the baker keeps asking if i'll still do her shop front. i said i'll lend her my nephew",
            ),
            ("character", "Your nephew will be rich."),
        ),
        question="What does Itzel do for a living now?",
        old=("window cleaner",),
        new=("crossword setter",),
        character_value=("calligrapher",),
    ),
    case(
        "job",
        "fresh6-job-nahuel",
        user="Nahuel",
        character="Ayelen",
        first=(
            ("user", "*leans in the saloon doorway, arms crossed* no guns past this door, partner"),
            ("character", "*hands over a revolver* Evening, Nahuel. Quiet night?"),
            (
                "fact",
                "quiet so far. i'm the bouncer here six nights a week, so if it gets loud that's my problem",
            ),
            ("character", "I'll keep it quiet then."),
            (
                "own",
                "I'm a bounty hunter; I only make noise when there's money in it. *taps a wanted poster* And there's money in him.",
            ),
        ),
        second=(
            ("user", "*sitting in a rocking chair on the porch, a pillow of bobbins on my lap*"),
            ("character", "*stops on the step* What in tarnation."),
            ("user", "hurt my back throwing out a drunk cowboy. doc said no more doors"),
            ("character", "And so... lace?"),
            (
                "change",
                "and so lace. my grandmother taught me when i was a boy. i'm a lacemaker now, the dressmaker in town buys every yard i make. collars, cuffs, a wedding veil this month",
            ),
            ("character", "Thank you for telling me. A veil. From those hands."),
            (
                "user",
                "the saloon owner says i can have the door back any time i want it. i don't want it",
            ),
            ("character", "Don't blame you."),
            (
                "user",
                "*holds up a collar* if you ever catch your outlaw i'll make him one for the trial. joke",
            ),
        ),
        question="What is Nahuel's work now?",
        old=("bouncer",),
        new=("lacemaker",),
        character_value=("bounty hunter",),
    ),
    case(
        "job",
        "fresh6-job-aukai",
        user="Aukai",
        character="Ikaika",
        first=(
            (
                "user",
                "*stomps snow off my boots by the lodge fire* ikaika, the back bowl is closed, avalanche risk",
            ),
            ("character", "*adds a log to the fire* Good. Nobody needs to die for powder."),
            (
                "fact",
                "that's my whole job lol, i'm a ski patroller up here, i close the runs and dig out the idiots",
            ),
            ("character", "Respectable idiots, at least."),
            (
                "own",
                "I'm a lumberjack, me. I cut the trees for this very fireplace. *pats the axe by the hearth*",
            ),
        ),
        second=(
            (
                "user",
                "*on a video call, sunburnt, hair full of salt* ikaika!! can you see the water behind me",
            ),
            ("character", "I see blue. Very blue. Where are you?"),
            ("user", "my uncle's place on the big island. i didn't go back for the winter season"),
            ("character", "No snow for you this year?"),
            (
                "change",
                "no snow. i free dive off my uncle's farm now. i'm a pearl diver, like my great grandma was. i can hold my breath for three minutes",
            ),
            (
                "character",
                "Thank you for telling me. Three minutes. I can't hold mine past a chorus.",
            ),
            (
                "user",
                "the lodge boss says there's a red jacket with my name on it if i change my mind. i won't",
            ),
            ("character", "It'll gather dust."),
        ),
        question="What does Aukai do for work now?",
        old=("ski patroller",),
        new=("pearl diver",),
        character_value=("lumberjack",),
    ),
    case(
        "job",
        "fresh6-job-tamatea",
        user="Tamatea",
        character="Wiremu",
        first=(
            ("user", "*climbs the rope ladder to the gondola* wiremu! permission to board"),
            ("character", "*adjusting a brass valve* Granted. Hold onto your hat, we're climbing."),
            (
                "fact",
                "i need to be back by six, i'm the obituary writer for the evening gazette, three dead aldermen today",
            ),
            ("character", "A busy week for the dead."),
            (
                "own",
                "I'm a balloonist. I never stay on the ground long enough to die. *laughs and vents hot air*",
            ),
        ),
        second=(
            ("user", "*soaked, hair standing on end, laughing* WIREMU did you see that lightning"),
            (
                "character",
                "I saw it from very far away, which is where sensible folk see lightning.",
            ),
            ("user", "i left the gazette. writing about death all day made me want to feel alive"),
            ("character", "And so you chase... lightning."),
            (
                "change",
                "i'm a storm chaser now! the weather bureau pays me to drive into storms with instruments and a camera. i've chased nine since june",
            ),
            (
                "character",
                "Thank you for telling me. Nine storms. Please stay away from my envelope with that.",
            ),
            (
                "user",
                "the editor still sends me notes asking me to come back. i keep them in a drawer",
            ),
            ("character", "Keep them there."),
            (
                "user",
                "if i ever get struck i'll write my own death notice, at least it'll be well written",
            ),
        ),
        question="What is Tamatea's job now?",
        old=("obituary writer",),
        new=("storm chaser",),
        character_value=("balloonist",),
    ),
    case(
        "job",
        "fresh6-job-hinewai",
        user="Hinewai",
        character="Rangi",
        first=(
            (
                "user",
                "*climbs the monastery steps, out of breath* brother rangi, the hotel sent up the visitors' list",
            ),
            ("character", "*rope in hand beneath the bell* Thank you, child. How many this week?"),
            (
                "fact",
                "twelve. i'm the concierge at the grand down in the valley, i book all the tours up here",
            ),
            ("character", "Then we have you to thank for the crowds."),
            (
                "own",
                "I'm the bell ringer here, forty-two years. Six in the morning, every morning, whether the valley likes it or not.",
            ),
        ),
        second=(
            ("user", "*covered in sawdust, holding a wooden pipe* brother, listen to this"),
            ("character", "*listens to a low, clear note* That's beautiful. What is it?"),
            (
                "user",
                "the chapel in the valley is getting a new organ. the workshop needed an apprentice",
            ),
            ("character", "And the hotel?"),
            (
                "change",
                "i left the hotel in the spring. i'm an organ builder now, one of three at the workshop. i voice the pipes. i've never been happier",
            ),
            ("character", "Thank you for telling me. May your pipes sing as loud as my bells."),
            (
                "user",
                "the hotel manager asked if i'd cover the christmas rush at the front desk. i said no, nicely",
            ),
            ("character", "Nicely is the only way."),
        ),
        question="What does Hinewai work as now?",
        old=("concierge",),
        new=("organ builder",),
        character_value=("bell ringer",),
    ),
    case(
        "job",
        "fresh6-job-pania",
        user="Pania",
        character="Mereana",
        first=(
            ("user", "*stamps into the mess hut* mereana, the supply plane's late"),
            ("character", "*tapping a barometer* Of course it is. There's a front coming in."),
            (
                "fact",
                "i'm a chauffeur back home, i drive rich people to weddings. down here i'm only visiting my sister for the summer",
            ),
            ("character", "Well, there are no weddings on the ice."),
            (
                "own",
                "I'm the base meteorologist. I predict the weather and then the weather ignores me.",
            ),
        ),
        second=(
            ("user", "*comes in with frost in my eyebrows, six dogs barking behind the door*"),
            ("character", "Is that your team out there?"),
            (
                "user",
                "my team! i never went home. the old musher retired and they offered me his dogs",
            ),
            ("character", "You stayed!"),
            (
                "change",
                "i stayed. i'm a dog musher now, i run the sled team for the field parties. the car hire firm sent my last cheque in march",
            ),
            ("character", "Thank you for telling me. The dogs picked well."),
            ("user", "my sister thinks i'll go home when winter comes. she said that last winter"),
            ("character", "Sisters know nothing about dogs."),
        ),
        question="What does Pania do for a living now?",
        old=("chauffeur",),
        new=("dog musher",),
        character_value=("meteorologist",),
    ),
)
