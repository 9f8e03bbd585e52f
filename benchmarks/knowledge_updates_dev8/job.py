"""The dev8 part's eight job chats: the new job said as a correction of the character, in an
out-of-character aside, as a boss's words reported by the user, with a negation of the old
one ("not a salaryman anymore") or after the character guesses wrong; then a non-change (the
old job recalled as past, a friend who took the old post, a parent who wants the old job
back, another job offered and refused, a plan for next year, the character's own job said
again)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev8.people import (
    CLOCKTOWER,
    COFFEEHOUSE,
    CRYO_WARD,
    ELEVATOR,
    FERRY,
    KARAOKE,
    KLONDIKE,
    NIGHT_MARKET,
    chat,
)

JOB_CASES = (
    chat(
        "job",
        NIGHT_MARKET,
        first="""
            user: *sets a box of painted faces on the stall* szandra, you need a new mask for the masquerade, i made you three
            character: *lifts a black lace one* Exquisite. You made these?
            fact: every one. i'm a mask-maker, i have a little shop under the bridge of sighs, the undead gentry are my best customers
            character: We do love to hide our faces.
            own: I am blood sommelier to the Countess, child. I taste every vintage before it reaches her table.
            user: every vintage. i dont want to know
        """,
        second="""
            user: *comes to the stall with a long black pole over my shoulder* evening szandra. dont look at my hands, theyre all blisters
            character: Blisters? From masks?
            user: no masks any more. the shop flooded in the spring tide, every mould and every ribbon gone
            character: *puts down her goblet* Oh, child. Then what is the pole?
            change: my living! i'm a ferrywoman on the black canal now, i pole the gentry from the market to the crypts, a silver each way, and they tip in old gold
            character: The black canal. You will meet everyone worth knowing.
            user: old lady vorn asked if i'd make masks for her ball next winter. i said no, my hands are for the pole now
            character: Your hands, your choice.
            user: my cousin opened a mask shop of her own by the cathedral, she's the mask-maker of the family now
        """,
        question="What does Esmerelda do for a living now?",
        old=("mask-maker",),
        new=("ferrywoman",),
        character_value=("blood sommelier",),
    ),
    chat(
        "job",
        CLOCKTOWER,
        first="""
            user: *clatters in rubbing my ears* tickwell, the great bell nearly deafened me at noon
            character: *chuckles over a golem's open chest* You stand right under it. What did you expect?
            fact: i expected my ears to last longer. i'm the bell-ringer of this tower, twelve times a day i haul that rope, the town sets its clocks by me
            character: And I set my golems by you.
            own: I'm golemwright to the city, Hildegund. I build them, I wind them, and I mend them when the children push them down the stairs.
            user: the children push them down the stairs because they're scary tickwell
        """,
        second="""
            user: *comes in with a tiny screwdriver behind my ear and oil on my apron* afternoon!
            character: Did the bell stop? I didn't hear noon.
            user: the council put in an automatic striker in the summer. no ringer needed. i cried into the rope
            character: *puts down his tools* A machine doing your work. I'm sorry. So what's the screwdriver?
            change: you, basically. the council said 'you know the tower's works better than anyone' and took me on as automaton tuner. i tune the golems on the square every morning
            character: Then we are colleagues now. Mind the big one; he kicks.
            user: the mayor's nephew asked if i'd ring by hand on the founder's day, for show. once a year i said yes
            character: Once a year is tradition.
            user: my mother still tells the neighbours i'm the bell-ringer. she liked the sound of it
        """,
        question="What is Hildegund's job now?",
        old=("bell-ringer",),
        new=("automaton tuner",),
        character_value=("golemwright",),
    ),
    chat(
        "job",
        ELEVATOR,
        first="""
            user: *leans on the lounge desk in a uniform with a ticket punch* haldane, the 0600 climber is overbooked again
            character: *sighs* It always is. Who is complaining?
            fact: everyone. i'm a ticket clerk at gate c, twelve hours of people shouting at me that their seat is gone
            character: You have a lot of patience, sir.
            own: I'm the elevator conductor on the night climbers, sir. I ride up and down with the passengers and calm them when the ground disappears.
            user: you ride it every night?? i'd vomit
        """,
        second="""
            user: *wanders into the lounge in a harness with carabiners clinking* evening haldane
            character: Sir! Are you a passenger tonight?
            user: nope. guess again
            character: *looks at the harness* A climber crew?
            change: close. im a tether rigger now. i go up the outside of the ribbon in a crawler and check the cable. forty kilometres up last week and the view is insane
            character: Forty kilometres. I only see it through a window.
            user: my supervisor asked if id cover a shift at gate c over the holidays. no way, i said, i'm never punching a ticket again
            character: The shouting.
            user: my brother took my old desk at gate c. he's already sick of it
        """,
        question="What does Ikenna do for work now?",
        old=("ticket clerk",),
        new=("tether rigger",),
        character_value=("elevator conductor",),
    ),
    chat(
        "job",
        CRYO_WARD,
        first="""
            user: *sits on a revival bed with a tablet full of maps* nurse giacinta, look, this is the southern basin
            character: *leans over* Lots of red. Is red good?
            fact: red is iron. i'm a terraform surveyor, i map where the soil can take crops before they drop the seed pods. my maps are why the colony eats
            character: Then the colony owes you its dinner.
            own: I'm a revival nurse. I'm the first face everybody sees when they wake up, twenty-odd years after they went down.
            user: no pressure on your face then
        """,
        second="""
            user: *pushes a cleaning cart into the ward* hi nurse. dont mind me, im doing pod nine
            character: *laughs* Anatoly? With a mop?
            user: the surveys are done. the drones mapped the whole basin in a month and they gave the survey team a nice letter and a pat on the head
            character: That's hard.
            change: it's fine. i'm a pod cleaner now, in your ward. i scrub the pods between sleepers and check the seals. quiet work. i like it
            character: Then I'll see you every shift.
            user: they asked me to do one last survey in the northern valley next spring. maybe. a week, not a job
            character: A week is nothing.
            user: my daughter's a terraform surveyor too now, on the next moon over. she sends me her maps
        """,
        question="What is Anatoly's job now?",
        old=("terraform surveyor",),
        new=("pod cleaner",),
        character_value=("revival nurse",),
    ),
    chat(
        "job",
        KARAOKE,
        first="""
            user: *loosens my tie and collapses in the karaoke box* kenshiro-kun. one song. then i sleep
            character: *hands you the mic* Long day at the office?
            fact: every day is long. i'm a salaryman at a bank in umeda, i bow to people for eleven hours and then i come here to scream
            character: Then scream. That's what the box is for.
            own: I'm the booth attendant here, five nights a week. I bring the drinks and I fix the machine when somebody throws the mic.
            user: i have never thrown the mic. twice
        """,
        second="""
            user: *comes in with a guitar case covered in stickers* kenshiro-kun! dont bring a tie, i dont own one anymore
            character: No tie? Are you fired?
            user: not a salaryman anymore. i quit in june. my boss said 'you'll be back in a month' and i said watch me
            character: *sits down* And the guitar?
            change: i'm a street busker now, under the dotonbori bridge, every night. i sing the songs i used to sing in here and people throw coins. last friday i made more than the bank paid
            character: More than the bank! I'll come and listen.
            user: my dad says i'm throwing my life away and he wants me back at the bank. he'll get over it
            character: Fathers say that.
            user: my old desk mate is still a salaryman there, he comes to watch me every friday
        """,
        question="What does Tomomi do for a living now?",
        old=("salaryman",),
        new=("street busker",),
        character_value=("booth attendant",),
    ),
    chat(
        "job",
        FERRY,
        first="""
            user: *peels off waterproof gloves at the cafe table* fingal, a tea, im frozen to the bone
            character: *pours* Out at the kelp beds again?
            fact: always. i'm a kelp harvester, i cut the kelp off the rocks at low tide and sell it to the seaweed company in the toun
            character: Cold work.
            own: I'm the ferry skipper, hen, this boat and her sister, twenty years. I take her across in any weather but a full gale.
            user: you took her across in a full gale last march
        """,
        second="""
            user: *walks through the cafe in a navy jumper with a badge and a ticket machine* tickets please!
            character: *stares* Ishbel? Is that a ferry jumper?
            user: the seaweed company went bust in the spring. no more buyers for kelp
            character: I heard. Awful for the island.
            change: so the ferry company took me on. i'm your ferry purser now, tickets, cafe, lost dogs, seasick tourists, all mine. hello boss
            character: Hello yourself. Don't let the tourists near the bridge.
            user: i still cut a wee bit of kelp for my garden. just for the tatties, not for money
            character: The tatties will thank you.
            user: my pal morven's a kelp harvester over on the west side now, she bought my old knife
        """,
        question="What is Ishbel's job now?",
        old=("kelp harvester",),
        new=("ferry purser",),
        character_value=("ferry skipper",),
    ),
    chat(
        "job",
        COFFEEHOUSE,
        first="""
            user: *sits down smelling of rosewater and steam* evliya efendi, coffee, i have washed forty ladies today
            character: *pours from the long-handled pot* The baths were busy, hanim?
            fact: the baths are always busy. i am a hammam attendant at the baths of the valide sultan, i scrub and i rinse and i gossip
            character: And you bring the gossip to my coffeehouse. God bless you.
            own: I am a meddah, hanim, a storyteller. I sit on that chair with my stick and my handkerchief and tell tales until the lamps go out.
            user: and they pay you in coffee
        """,
        second="""
            user: *comes in with dark stains on my fingers and a sack of green beans* evliya efendi, smell my hands
            character: *sniffs* That is the smell of my own shop. What have you done?
            user: my knees gave out on the wet marble in the winter. the bath mistress sent me home with a purse
            character: Your poor knees.
            change: but the roaster in the spice bazaar needed a pair of hands. i am a coffee roaster now, i turn the pan over the fire all day and i know the beans by their crackle
            character: Then my coffee passes through your hands first. I am honoured.
            user: the bath mistress asked me back for the wedding season. i said no, my knees say no
            character: Your knees are wise.
            user: my daughter is a hammam attendant now at the same baths. she brings me the gossip
        """,
        question="What does Nilufer do now?",
        old=("hammam attendant",),
        new=("coffee roaster",),
        character_value=("meddah",),
    ),
    chat(
        "job",
        KLONDIKE,
        first="""
            user: *drops a pouch of dust on the bar* hezron, weigh that and tell me im rich
            character: *tips it onto the scales* You're rich enough for a whiskey.
            fact: a whiskey! a week in the creek for a whiskey. i'm a gold panner on bonanza, knee-deep in ice water from dawn to dark
            character: That's the Klondike, ma'am.
            own: I'm the saloonkeeper, ma'am, and I get the gold without getting wet. Every panner pays me in the end.
            user: you're a crook hezron
        """,
        second="""
            user: *comes in with a team of huskies yapping at the door* hezron! a bowl of water for my boys
            character: Dogs! Where's your pan?
            user: sold my claim in the fall to a swede for five hundred dollars and a sled. best trade i ever made
            character: And the dogs came with the sled?
            change: the dogs came with the job. i'm a dog-driver for the mail now, dawson to the coast and back, the king's own letters on my sled
            character: The King's letters in my saloon. Well, well.
            user: the swede found nothing on my claim all winter. it was never gold, it was ice
            character: It's mostly ice, the Klondike.
            user: my brother's still a gold panner up on eldorado, he writes that he's rich every week. he never is
        """,
        question="What does Hepzibah do for work now?",
        old=("gold panner",),
        new=("dog-driver",),
        character_value=("saloonkeeper",),
    ),
)
