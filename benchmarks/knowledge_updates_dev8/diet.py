"""The dev8 part's eight diet chats: the new diet said in a correction of the character ("no,
that was before"), in an out-of-character aside after a time skip, as a doctor's or a healer's
order reported in the user's words, or in a question back ("did i not tell you?"); the old
diet recalled as past, and after the change a non-change (the character's own diet said
again, a friend who takes up the old diet, the old food for one feast day, a diet planned for
next year, a sister's diet)."""

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

DIET_CASES = (
    chat(
        "diet",
        NIGHT_MARKET,
        first="""
            user: *weaves between the stalls under the red lanterns* szandra!! i brought you a present. dont hiss
            character: *hisses, a little* What is that smell, child.
            fact: garlic bread, for me, not you. i'm a garlic-eater, three cloves at breakfast, its why nothing bites me on the walk home
            character: *leans very far back* Keep it on your side of the stall.
            own: I am sanguivore, as all my line. A cup at midnight, warm, from the willing. *taps a crystal goblet*
            user: the willing. sure. ok
        """,
        second="""
            user: (ooc: skip ahead a few months) *comes up to the stall with a jar of something purple* evening!
            character: *sniffs the air, surprised* No garlic. Are you unwell?
            change: nope, did i not tell you? the hedge-healer said my stomach was on fire and took me off the cloves. i'm beetroot-only now. beetroot soup, beetroot bread, beetroot jam. i'm purple inside
            character: *peers at the jar* It looks like what I drink.
            user: it does doesnt it. the garlic days are over, i miss them a bit, the breath not so much
            character: Nor do I.
            user: my friend pim took up the garlic thing when i stopped. he stinks. he says its for protection
            character: Pim is not welcome at my stall.
            user: one clove at midwinter for luck though. one. healer's orders
        """,
        question="What does Esmerelda eat now?",
        old=("garlic-eater",),
        new=("beetroot-only",),
        character_value=("sanguivore",),
    ),
    chat(
        "diet",
        CLOCKTOWER,
        first="""
            user: *climbs the last of the four hundred steps, wheezing, with a pot* tickwell. porridge. for me. dont ask
            character: *looks up from a golem's brass hand* You carried porridge up the tower?
            fact: i eat nothing else. i'm porridge-only since i was nine, oats and water and salt, my grandmother swore by it and so do i
            character: Your grandmother was a hard woman.
            own: I keep to toast-and-tea. Twelve slices a day and a pot every hour the bells strike. *gestures at a blackened kettle*
            user: twelve slices. you are made of bread tickwell
        """,
        second="""
            user: *comes in with a cloth bundle and sets it on the workbench* before you say porridge. no
            character: *raises an eyebrow* No?
            user: i had a terrible winter. the doctor in the square said oats and water were starving me and i was to eat like a farmer or he'd not answer for it
            character: Eat like a farmer. What does a farmer eat?
            change: this! *unwraps a crusty loaf, a wedge of cheese and a jar of pickled onions* pickle-and-cheese, every day, at noon and at six. i've put on half a stone and i can climb your stairs without dying
            character: *takes an onion before you can stop him* Half a stone suits you.
            user: those are mine. have your toast
            character: I will have both.
            user: my sister's still porridge-only, she says i've betrayed grandmother. i say grandmother was always cold
        """,
        question="What does Hildegund eat these days?",
        old=("porridge-only",),
        new=("pickle-and-cheese",),
        character_value=("toast-and-tea",),
    ),
    chat(
        "diet",
        ELEVATOR,
        first="""
            user: *drops into a lounge seat with a steak sandwich* haldane. twelve hours till my climber. i'm eating like a king
            character: *pours water from the lounge jug* Enjoy gravity while it lasts, sir.
            fact: that's the plan. i'm ketogenic, been for two years, meat and butter and eggs, and there's no butter at the top
            character: There is no butter at the top. That is true.
            own: I live on soy-and-rice, sir, the same bowl every day for nine years in this lounge. It travels well and it never disappoints.
            user: it never excites either haldane
        """,
        second="""
            user: *shuffles into the lounge in station socks, holding a squeeze pouch* hi haldane. im back down. for a week
            character: Welcome down, sir. You look thin.
            user: six months at the top will do that. the station doctor banned the fat stuff, said it does terrible things to your blood in low gravity
            character: So what do they feed you up there?
            change: this. *holds up the pouch* liquid-protein, four of these a day, strawberry or vanilla or grey. i'm on the liquid-protein plan till my next contract ends
            character: Grey is not a flavour, sir.
            user: grey is a flavour when youre hungry enough. the old me would have cried
            character: The old you ate steak sandwiches in my lounge.
            user: next contract i might try the station's algae plan instead. might. everyone says it tastes like a pond
        """,
        question="What does Ikenna eat now?",
        old=("ketogenic",),
        new=("liquid-protein",),
        character_value=("soy-and-rice",),
    ),
    chat(
        "diet",
        CRYO_WARD,
        first="""
            user: *sits on the edge of a revival bed in a paper gown* nurse, before i go under. when i wake up i want a huge dinner
            character: *checks the pod's readings* Everyone says that. What kind of dinner?
            fact: a small one, sadly. im calorie-restricted, twelve hundred a day, i'm in the longevity trial, thats why im on the colony list at all
            character: Twelve hundred. Then you'll wake up very hungry.
            own: Me, I'm a coffee-and-crackers girl on nights. Eight hours, ten cups, one sleeve of crackers. Don't tell the doctor.
            user: your secret is safe in my frozen brain
        """,
        second="""
            user: *blinks up at the ceiling, voice croaky* ...is it dinner yet
            character: *smiles and lowers the bed rail* Welcome back, Anatoly. Twenty-two years. Slowly, now.
            user: twenty-two. wow. is the trial still on?
            character: The trial ended while you slept. You're free of it.
            change: oh thank god. so what can i eat? the doctor said soft-food for the first three months, right? soup, mash, custard. ok. soft-food it is. i've been dreaming of custard for twenty-two years
            character: Custard at six. I'll bring it myself.
            user: the twelve hundred a day thing is gone forever then. good riddance
            character: Good riddance indeed.
            user: my bunkmate from the pod next to mine woke up last week and she's still counting calories for the trial. someone should tell her
        """,
        question="What does Anatoly eat now?",
        old=("calorie-restricted",),
        new=("soft-food",),
        character_value=("coffee-and-crackers",),
    ),
    chat(
        "diet",
        KARAOKE,
        first="""
            user: *flops onto the karaoke box sofa with the menu* kenshiro-kun, order for me, im too tired to read
            character: *takes the tablet* Fried chicken? Ramen?
            fact: nooo, no noodles, no bread, no batter. im wheat-free, my stomach hates wheat, get me the sashimi and miso soup
            character: *taps* Sashimi, miso. Boring.
            own: Me? Takoyaki. Always takoyaki. I've eaten takoyaki every night of my life since I was seven, from the stall under the bridge.
            user: every night?? kenshiro you are made of octopus
        """,
        second="""
            user: *comes in with a little paper bag from the temple shop* hello hello. dont order for me tonight
            character: Why? You love the sashimi.
            user: i did. then i spent a month at my aunt's temple in koya, sweeping, and the monks fed me every day
            character: *sets down the tablet* And?
            change: and i came back temple-food. no meat, no fish, no garlic, just tofu and sesame and vegetables and rice. the monks' way. temple-food forever i think
            character: Then I'll order the tofu. And takoyaki for me, as always.
            user: the wheat thing is over too, the doctor says my stomach is fine now. rice is my friend though
            character: Rice is everyone's friend.
            user: my brother thinks i'll be back on sashimi by new year. he is wrong
        """,
        question="What does Tomomi eat these days?",
        old=("wheat-free",),
        new=("temple-food",),
        character_value=("takoyaki",),
    ),
    chat(
        "diet",
        FERRY,
        first="""
            user: *sets a bowl of bran flakes on the cafe table as the ferry rolls* fingal. dont laugh. it's a rough crossing and im eating cereal
            character: *steadies the teapot* I wasn't going to laugh. Much.
            fact: doctors orders. im high-fibre, bran and lentils and prunes, my gut's a disgrace
            character: Prunes on a ferry. Brave.
            own: A fish-supper man, me. Every crossing, every day, haddock and chips from this galley for thirty years.
            user: thirty years of chips and you're still alive. i dont understand medicine
        """,
        second="""
            user: *comes down the stairs with a paper tub of silver fish* fingal. guess what im eating
            character: That's not bran.
            user: the bran never worked. i went to a doctor in aberdeen who said the opposite of the first one
            character: They always do.
            change: so now i'm herring-only. pickled, smoked, fried in oatmeal, kippers in the morning. herring-only and i feel brand new
            character: There's herring in the galley. I'll tell them.
            user: the prunes went to my mum, she's high-fibre now, she says its a gift from god
            character: Your mum's welcome to them.
            user: next year i might try the seaweed thing from the health shop. might
        """,
        question="What does Ishbel eat now?",
        old=("high-fibre",),
        new=("herring-only",),
        character_value=("fish-supper",),
    ),
    chat(
        "diet",
        COFFEEHOUSE,
        first="""
            user: *sits on the cushions by the window over the water* evliya efendi, no kebab for me, only the sweets
            character: *bows with the coffee pot* Only the sweets, hanim?
            fact: i am meatless, since my mother's vow. no lamb, no fowl, no fish. the halva and the rice, yes
            character: A vow is a vow. Halva, then.
            own: I am coffee-only, as you know. Seven cups from the morning prayer to the evening, and not a crumb. Coffee is my bread.
            user: you will turn into a coffee bean
        """,
        second="""
            user: *comes in from the rain with a small basket* evliya efendi. i have brought my own supper tonight
            character: *peers into the basket* Bread and a little jar. And the vow?
            user: my mother released me from it on her deathbed, god rest her. she said eat what you like, daughter
            character: May she rest. So you eat lamb now?
            change: no, i eat like a dervish now. bread-and-olives, a little cheese on feast days, nothing else. bread-and-olives, and i am content
            character: Then the olives from Ayvalik, the good ones. I will fetch them.
            user: my sister has taken the meatless vow now for her own son's sake. our house is full of vows
            character: A house of vows is a holy house.
            user: on the bayram i will eat a little of the lamb, with my sister's family. one day only
        """,
        question="What does Nilufer eat now?",
        old=("meatless",),
        new=("bread-and-olives",),
        character_value=("coffee-only",),
    ),
    chat(
        "diet",
        KLONDIKE,
        first="""
            user: *stamps snow off my boots and slaps a tin plate on the bar* hezron, beans. and bacon. and beans
            character: *ladles from the pot* You'll turn into a bean, Miss Hepzibah.
            fact: i'm bacon-and-beans, morning and night, it's all there is between here and the creek and it keeps me warm
            character: Keeps you windy, too.
            own: I eat moose-meat, ma'am. A moose a winter does me, hung out back. Nothing else since '96.
            user: one moose. all winter. you are a strange man hezron
        """,
        second="""
            user: *comes in pale, wrapped in two blankets* hezron. no beans. dont even say the word
            character: You look like death warmed over.
            user: scurvy. in february. my gums were bleeding and my teeth were loose, the mounties' doctor said one more month of bacon and id be in the ground
            character: *sets down the ladle* Lord. What did he give you?
            change: a cow, near enough. i'm on the milk diet now, a gallon a day from the widow's cow up the creek and a raw potato, i'm better already
            character: A gallon a day. There's a tin of milk behind the bar for emergencies.
            user: old jacob still lives on bacon-and-beans, he says scurvy is for weaklings. he's got three teeth
            character: Jacob's got two.
            user: will i go back to the beans when im well? not till summer. maybe not then
        """,
        question="What does Hepzibah eat now?",
        old=("bacon-and-beans",),
        new=("milk diet",),
        character_value=("moose-meat",),
    ),
)
