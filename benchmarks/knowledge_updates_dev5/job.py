"""The dev5 part's eight job chats: the new job said in passing (a shift that ran over, sawdust
in the hair), asked for by the character who notices something (ink on the fingers, a new
badge), or over two messages (the bench sold, then the new trade); then a non-change (a
cousin or a father who does the old job, a hypothetical return, a negation naming the old job,
the character's own job staying the same)."""

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

JOB_CASES = (
    chat(
        "job",
        FORGE,
        first="""
            user: *sits on the cold end of the anvil bench and pulls out a pouch* thorgunna, look at these, straight out of the deep seam
            character: *wipes her hands on the apron* Garnets. Cloudy ones. You'll get nothing for those at market.
            fact: not as they are, no. that's why i'm the gemcutter, i'll have facets on them by midwinter. the guild gave me my own wheel this spring
            character: *grunts* Your own wheel. Don't cut your thumbs off.
            own: I'm a runesmith, boy, not a jeweller. I put the words into the steel so the axe remembers whose hand it's in. Different trade entirely.
            user: you say that every time like i'll forget
        """,
        second="""
            user: *stamps the soot off my boots* thorgunna. big news and bad news and then more news
            character: *keeps hammering* Bad first. It goes down easier.
            user: the guild took the wheel back, my eyes aren't good enough for the fine facets any more. i sold my tools to a girl from the east tunnels
            character: *stops mid-swing* Your eyes. Ach. So what do the mountains do with you now?
            change: the lamp halls took me on! i'm a lampwright now, i make the miners' safety lamps, glass and brass and wick. big clumsy work, perfect for my eyes
            character: Thank you for telling me. A miner's lamp saved my father once. Good, honest work.
            user: my cousin's started at the guild wheel this week. she's the gemcutter in the family now, good luck to her
            character: Your cousin has steady hands. I've seen her pick locks.
            user: if my eyes ever get better would i go back to the wheel? nah. i like the lamps
        """,
        question="What does Zbyszko do for a living now?",
        old=("gemcutter",),
        new=("lampwright",),
        character_value=("runesmith",),
    ),
    chat(
        "job",
        HYDROPONICS,
        first="""
            user: *drifts in with a burn mark on my sleeve* quennell can i hide in the bay for ten minutes
            character: *looks up from the seed trays* You smell like scorched aluminium.
            fact: because i've been in the outer truss all shift. hull welder life. a micrometeorite peppered section c and we're patching it seam by seam
            character: *hands you a water bulb* Drink. The air out there dries you to a husk.
            own: I'm the hydroponicist on this ring, have been for nine years. Nobody patches my tomatoes but me.
            user: your tomatoes are the only reason i'm still sane
        """,
        second="""
            user: *comes in still wearing a headset* sorry i'm late, the traffic window ran over, two ore barges wanted the same berth
            character: *turns* A headset? Since when do you wear a headset?
            change: oh did i not say?? i'm a docking controller now. i sit in the tower and talk the ships in. no more suits, no more burns
            character: *laughs* Thank you for telling me. Then you're the voice that brings my seed shipments home.
            user: my old crewmate's still a hull welder out on the truss, she says the section c patch is holding
            character: Good. I'd hate to lose the bay to vacuum.
            user: do i miss the welding? sometimes, at night. but i'm not going back out there
        """,
        question="What is Ifeoluwa's job now?",
        old=("hull welder",),
        new=("docking controller",),
        character_value=("hydroponicist",),
    ),
    chat(
        "job",
        BARBERSHOP,
        first="""
            user: *hangs my jacket on the hook, paint on my hands* dughall. beard tidy please, i've a wedding saturday
            character: *eyes the hands* Is that gold paint?
            fact: aye, from the chippy on argyle street. i'm a sign-writer, i did their whole window this morning, hand lettered, none of your vinyl rubbish
            character: *lathers the brush* A proper trade. I'd have you do my window if I had the money.
            own: Forty years a barber and I never once got the shop sign straight. *nods at the crooked letters outside*
            user: i'll fix it for a free haircut
        """,
        second="""
            user: *waves with both hands while coming in* hiya!
            character: *squints* What's that you're doing with your hands? You were talking to the lassie at the bus stop with them.
            user: ha, you noticed. the brushes are in a box in the attic now, nobody wants hand lettering, it's all printed
            character: *sets the clippers down* That's a shame, hen. So what are you doing with yourself?
            change: i trained up. i'm a bsl interpreter now, british sign language, i work at the hospital and the court mostly. the lassie at the stop is deaf, she's a pal
            character: Thank you for telling me. That's a good thing you've done.
            user: my da's still a sign-writer, forty years like you, he's gutted i packed it in
            character: He'll come round. Fathers do.
            user: if anybody offers me a window i'll say no, honestly, my hands are for talking now
        """,
        question="What does Ailbhe work as now?",
        old=("sign-writer",),
        new=("bsl interpreter",),
        character_value=("barber",),
    ),
    chat(
        "job",
        TELEGRAPH,
        first="""
            user: *sets a parcel on the counter* mr septimus, a wire to mrs hartley in york. tell her the wedding gown will be ready friday
            character: *counts the words on his fingers* Eleven words, miss. You could say it in nine.
            fact: i could, but mrs hartley pays me by the stitch, not by the word. i am a seamstress at madame brun's, and madame does not skimp on words either
            character: *taps out the message* Friday it is.
            own: I have been telegraphist here since the line came to the town. I've sent news of every birth and death for twenty years.
            user: and you'll send the news of this gown too
        """,
        second="""
            user: *stamps the snow off at the door* mr septimus, good morning! you'll hardly believe it
            character: *looks up* Miss. Your fingers are not bandaged for once.
            user: no more needles! madame brun's closed at michaelmas, she went to her sister in france
            character: I'd heard. A loss to the town. What becomes of the girls?
            change: i have a position at the solicitors' on market street. i am a typist now, miss clegg and i sit at two remington machines and clatter all day
            character: *smiles under his moustache* Thank you for telling me. Clatter is a trade I understand.
            user: when i was a seamstress my fingers were pricked raw every evening. now they only ache
            character: Everyone's fingers ache at the end of the day, miss.
            user: my aunt wrote asking if i'd take in sewing at home for extra money. i shall not. my evenings are mine
        """,
        question="What does Seraphina do for work these days?",
        old=("seamstress",),
        new=("typist",),
        character_value=("telegraphist",),
    ),
    chat(
        "job",
        BATHHOUSE,
        first="""
            user: *sinks into the hot pool up to my chin* decimus, my arms. my arms will fall off
            character: *kneels at the edge with the oil flask* Domina, you've been treading cloth again.
            fact: all morning in the vats. my father left me the business, so i'm a fuller now whether i like it or not. urine and chalk and wool from dawn till noon
            character: *wrinkles his nose politely* The smell I had noticed.
            own: I'm the balneator, domina, I keep the fires and the water and the oil and the strigils. I've smelled worse. The legion bathes here on the Ides.
            user: gods. the legion. i'll come on another day then
        """,
        second="""
            user: *walks in with dust on my tunic and sits on the bench* decimus, smell me
            character: *sniffs carefully* ...Stone dust? Not wool?
            user: i sold the vats and the whole fullery to my neighbour at the Saturnalia. i'll never tread cloth again
            character: Gods be thanked for the bath water. And the stone?
            change: tesserae! i'm a mosaicist now. i'm apprenticed to the greek who did the floor in the governor's dining room. i laid my first dolphin yesterday
            character: Thank you for telling me. A dolphin. Put one in my floor some day and the legion will never leave.
            user: my steward says i'd make more money as a fuller and should buy the vats back. he is wrong
            character: Stewards always count the coins, not the dolphins.
            user: and stop telling the bath girls i'm the fuller's daughter. i'm not, not any more
        """,
        question="What is Sulpicia's work now?",
        old=("fuller",),
        new=("mosaicist",),
        character_value=("balneator",),
    ),
    chat(
        "job",
        TATTOO,
        first="""
            user: *sits in the chair looking exhausted* padraic. if anyone opens their mouth at me today i will scream
            character: *laughs, loading the needle* Long day at the teeth factory?
            fact: twelve root canals, padraic. twelve. i'm a dental nurse and i held the suction for all of them
            character: You deserve a wee swallow on the ankle for that.
            own: I'm a tattoo artist, love. People only open their mouths at me to scream, and then I say sorry and carry on.
            user: very comforting
        """,
        second="""
            user: *drops onto the bench with sawdust in my hair* sorry, just off a job, we took down a leaning oak in a garden on the front and it fought us
            character: *picks a wood chip off your shoulder* A job? You've wood all over you.
            change: yeah, i left the surgery in the summer and retrained. i'm a tree surgeon now, harness, chainsaw, the lot. best decision of my life
            character: Thank you for telling me. That explains the forearms on you.
            user: my girlfriend's still a dental nurse at the same practice so i hear all the gossip anyway
            character: *grins* The best of both worlds.
            user: still doing my first aid course on thursdays though, you never know with chainsaws
            character: Wise. Right, which tree do you want on your arm?
        """,
        question="What does Fenella do for a living now?",
        old=("dental nurse",),
        new=("tree surgeon",),
        character_value=("tattoo artist",),
    ),
    chat(
        "job",
        ARCHIVE,
        first="""
            user: *sets a bundle of tapers on the reading table* sylvaranth, the reading lamps were guttering. i brought new ones
            character: *holds one to the light* Beeswax. Properly dipped. Your work?
            fact: every one. i'm the city's candlemaker, i dip them at the foot of the great ash. these are slow-burning, you can read a whole saga by one
            character: Then the sagas will be grateful.
            own: I am the loremaster of this archive, and have been since before your grandmother's grandmother. I have read by worse light than this.
            user: you've read by glow-worms, you told me
        """,
        second="""
            user: *climbs the last stair and holds up my hands* look!
            character: *peers at your fingertips* Gold. And blue. You've been into the lapis.
            user: the dipping vats went to my sister when the wax merchants raised their prices. i couldn't stand the smell any more anyway
            character: And the gold?
            change: the scriptorium took me. i'm an illuminator now, i paint the capitals and the vine borders in the new copies of the saga of the ash. my first page is drying
            character: Thank you for telling me. I will hold that page to the light myself.
            user: my sister is the candlemaker now and she's already better at it than me
            character: She has your patience and not your fidgets.
            user: if the scriptorium ever runs out of gold should i learn to mix inks? maybe. but not yet
        """,
        question="What is Zdravka's work now?",
        old=("candlemaker",),
        new=("illuminator",),
        character_value=("loremaster",),
    ),
    chat(
        "job",
        GENERATION_SHIP,
        first="""
            user: *flops onto the bench under the window* orrin. i have touched every piece of garbage on deck six today
            character: *without turning from the stars* I can tell.
            fact: rude. i'm a recycler tech, somebody has to sort the polymer from the organics or we all drown in it before planetfall
            character: *turns* I know. I only meant you carry the smell of duty with you.
            own: I'm the astrogator on the second watch, I keep us pointed at a star nobody alive has seen. We each carry something.
            user: you carry the whole galaxy on your shoulders and i carry yoghurt pots
        """,
        second="""
            user: *comes up to the window in a clean grey coverall* guess
            character: *looks you over* A clean coverall. And a new badge.
            user: the council put robots on the sorting line. my whole crew got reassigned last month
            character: *gently* And you?
            change: i'm a seed-vault keeper now. i look after the frozen seeds for the new world, thousands of species, all at minus eighteen. i wear gloves all day
            character: Thank you for telling me. Then you carry the new world's forests.
            user: my brother's still on the recycling deck, he got the job of fixing the robots
            character: I'm still the astrogator on second watch. Nothing changes for me; the star stays where it is.
            user: should i have fought for my old job? no. the vault is so quiet
        """,
        question="What does Akosua do now?",
        old=("recycler tech",),
        new=("seed-vault keeper",),
        character_value=("astrogator",),
    ),
)
