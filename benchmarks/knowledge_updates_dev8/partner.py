"""The dev8 part's eight partner chats: the new partner said as a correction of the character
("he's not my husband any more"), in an out-of-character aside, with a wedding ring noticed,
in a toast, or named only after the character asks; the old partner recalled as past; then a
non-change (the old partner married to a friend, a child who asks after the old one, a
parent's own partner, a matchmaker's suitor refused, the character's own partner said
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

PARTNER_CASES = (
    chat(
        "partner",
        NIGHT_MARKET,
        first="""
            user: *leans on the stall with a dreamy look* szandra. i'm in love
            character: *rolls her eyes* Again. With whom?
            fact: casimiro, the glass-blower's son from the lamp street. we've been courting since the harvest moon, he makes me little glass bats
            character: Glass bats. How romantic, for the living.
            own: My Vadim has courted me for three hundred years. He brings me a black rose every century.
            user: every century!! szandra that's so lazy
        """,
        second="""
            user: (ooc: some months later) *comes to the stall arm in arm with a tall woman in a fur hat* szandra, be nice
            character: I am always nice. Who is this?
            user: casimiro left for the glassworks in the south. he said glass was his true love. honestly, fair
            character: *snorts* Glass.
            change: this is lyudmila. she sells furs three stalls down and she walks me home past the wolves every night. lyudmila is my sweetheart now and she's much better at it
            character: *inclines her head to the tall woman* Then walk her home safely.
            user: my little brother keeps asking when the glass bat man is coming back. never, darling
            character: Children remember gifts.
            user: and your rose? has it come this century?
        """,
        question="Who is Esmerelda's sweetheart now?",
        old=("casimiro",),
        new=("lyudmila",),
        character_value=("vadim",),
    ),
    chat(
        "partner",
        CLOCKTOWER,
        first="""
            user: *sits on a crate of springs swinging my legs* tickwell, fitzwilliam proposed
            character: *drops a cog* The clerk from the counting house?
            fact: the clerk from the counting house. fitzwilliam, my fiancé, since sunday. he counted the steps up here once, four hundred and twelve, he's very precise
            character: A precise man. Good for marriage.
            own: My Gottfried and I were married in this tower, under the great wheel. Thirty years, and he still winds my pocket watch every night.
            user: tickwell thats so sweet it hurts
        """,
        second="""
            user: *comes up the stairs with a plain gold band on my finger* tickwell. look
            character: *looks* The clerk at last?
            user: no! he broke it off. he counted my debts and didnt like the number. very precise, like i said
            character: *winces* Precise to a fault.
            change: this is from hallveig, the ironmonger's daughter from the north gate. we were married at midsummer, in the little chapel. hallveig is my wife and she can lift an anvil
            character: An anvil! Then she'll carry you up the stairs.
            user: fitzwilliam married my friend greta in the spring. i went to the wedding. it was fine. mostly
            character: Mostly fine is fine.
            user: how's your husband? still winding the watch?
        """,
        question="Who is Hildegund married to now?",
        old=("fitzwilliam",),
        new=("hallveig",),
        character_value=("gottfried",),
    ),
    chat(
        "partner",
        ELEVATOR,
        first="""
            user: *checks a message and grins* haldane, yetunde says good luck at the top
            character: Who's that, sir?
            fact: my girlfriend yetunde, four years. she's a pilot on the lunar shuttle, she's up there more than i am
            character: Then you'll meet in the sky, sir.
            own: My wife Isidore keeps the lounge café across the hall. We've been married twenty years and we eat lunch together every day.
            user: twenty years of lunch. goals
        """,
        second="""
            user: *sits down heavily* haldane, dont ask about yetunde
            character: I won't, sir.
            user: she met someone on the lunar run. she told me over a video call from orbit. very modern
            character: *winces* I'm sorry, sir. But you're smiling. Why are you smiling?
            change: because of chinwe. she's a rigger on my crew, she caught me when my harness slipped, forty kilometres up. chinwe's my girlfriend now and we're going up together tonight
            character: Caught you at forty kilometres. That's a good start.
            user: yetunde's mum still sends me birthday cards. that's nice of her
            character: It is.
            user: my sister keeps trying to set me up with her dentist. no thanks, i'm taken
        """,
        question="Who is Ikenna's girlfriend now?",
        old=("yetunde",),
        new=("chinwe",),
        character_value=("isidore",),
    ),
    chat(
        "partner",
        CRYO_WARD,
        first="""
            user: *holds up a photo before the pod closes* nurse, if i wake up and im confused, show me this
            character: *takes the photo carefully* Who is it?
            fact: svetlana, my wife. she went on the first ship, eight years ahead of me, she'll be waiting at the landing
            character: Then I'll tape her to your pod lid, so she's the first thing you see.
            own: My Fyodor is on the same ship as yours, a pilot. I'll wake him myself when we reach orbit.
            user: a pilot and a nurse. very romantic
        """,
        second="""
            user: *sits up in the revival bed, wiping frost off my lashes* nurse. the photo's gone from the lid
            character: *sits beside you and takes your hand* I took it down. You should hear this from me.
            user: say it
            character: She waited ten years, Anatoly. Then she remarried. She left you a letter; it's kind.
            user: *long silence* ...ok. ok. twenty-two years is a long time. i'd have remarried too
            character: There's someone here for you, though. She's been asking every day.
            change: ...giedre? from the pod beside mine? she woke last month. we fell in love in the queue before they froze us, i never told you. giedre's my girl now, nurse. send her in
            character: I'll send her in.
            user: svetlana's new husband is the colony's head farmer, the letter says. good. she always wanted a farmer
            character: She sounds happy.
            user: and your pilot? did you wake him?
        """,
        question="Who is Anatoly's partner now?",
        old=("svetlana",),
        new=("giedre",),
        character_value=("fyodor",),
    ),
    chat(
        "partner",
        KARAOKE,
        first="""
            user: *sets two glasses on the karaoke table* kenshiro-kun, daisuke's coming at ten, pick a duet for us
            character: Who's coming?
            fact: my husband daisuke. eight years married. he sings like a frog and he loves it here
            character: A frog duet, then.
            own: My Michiko would sing with him. She's been my girlfriend since high school and she sings everything, badly, with her whole heart.
            user: we should do a double date. frogs only
        """,
        second="""
            user: *orders one glass, then thinks, and orders a second* kenshiro-kun, i need to tell you something
            character: *sits down* You look serious.
            user: daisuke's not my husband any more. the divorce was final in march. we're friends, we just stopped being married
            character: I'm sorry. And the second glass?
            change: haruka. she's my girlfriend now, we met at a pottery class in april, she dropped her bowl and i laughed. haruka's locking up the scooter, she'll be here in five
            character: Then I'll pick a duet for you both.
            user: daisuke got remarried last month, to a woman from his office. i sang at the party. terribly
            character: Terribly is the best way.
            user: is your girlfriend coming tonight? haruka wants to meet her
        """,
        question="Who is Tomomi's partner now?",
        old=("daisuke",),
        new=("haruka",),
        character_value=("michiko",),
    ),
    chat(
        "partner",
        FERRY,
        first="""
            user: *sits at the cafe window with two teas* fingal, keep an eye out for fearchar, he's meeting me at the pier
            character: Your fella?
            fact: fearchar, my boyfriend, two years. he's a lobster man on hoy and he's always late because of the lobsters
            character: The lobsters run the island.
            own: My wife Seonag runs the shop at the pier. Thirty-four years married and she still meets every boat I skipper.
            user: thirty-four years of meeting boats. fingal
        """,
        second="""
            user: *at the cafe table, raising a plastic cup of tea* fingal, a toast
            character: *raises his mug* To what?
            change: to kirsteen! my girlfriend. six months today. we met at the ceilidh in the village hall, she stood on my feet in every dance
            character: To her, then, and your poor feet.
            user: fearchar's away to the fishing in shetland since the spring. he said the lobsters were too small here. honestly he was too
            character: *laughs into his mug* I'll not repeat that.
            user: my mum keeps saying fearchar will come back for me. he won't, mum. and i'm taken
            character: Mums hope.
        """,
        question="Who is Ishbel's girlfriend now?",
        old=("fearchar",),
        new=("kirsteen",),
        character_value=("seonag",),
    ),
    chat(
        "partner",
        COFFEEHOUSE,
        first="""
            user: *sits with a veiled smile* evliya efendi, my marriage is arranged
            character: *sets down the pot* God be praised! To whom?
            fact: selim, the son of the saddle-maker by the aqueduct. we are promised since the spring festival
            character: A saddle-maker's son. He will make you a fine saddle.
            own: My Gulbahar was promised to me when we were seven. Forty years later she still sends my supper down to this shop.
            user: forty years of suppers
        """,
        second="""
            user: *comes in with my arm through the arm of a young woman* evliya efendi, this is my friend from the mosque school
            character: *bows* Welcome, welcome. And the saddle-maker's son?
            user: the promise was broken. selim's father wanted a bigger dowry and my father would not pay it
            character: *shakes his head* Dowries.
            change: and i am glad of it, efendi. this is mihrimah, the scribe's daughter, who taught me my letters. mihrimah is my beloved now, and we keep house together by the tulip garden
            character: Then you are both welcome at my fire.
            user: selim married a tanner's daughter in the summer. they say she beats him at cards
            character: Good for her.
            user: and your wife, does she still send your supper?
        """,
        question="Who is Nilufer's beloved now?",
        old=("selim",),
        new=("mihrimah",),
        character_value=("gulbahar",),
    ),
    chat(
        "partner",
        KLONDIKE,
        first="""
            user: *slaps a telegram on the bar* hezron, read that. amos is coming north
            character: *squints at it* Who's coming north?
            fact: my husband amos. he stayed in portland to sell the farm, and now he's coming up on the spring boat
            character: The spring boat. Two months yet.
            own: My Hattie's down in Seattle with the children. She says she'll never set foot in the Klondike, and she's right.
            user: your wife is a wise woman
        """,
        second="""
            user: *comes in from the cold with a big red-bearded man carrying my pack* hezron, two whiskeys
            character: *eyes the man* Your husband come north at last?
            user: amos never came. he sent a letter in april. he sold the farm and married the neighbour's widow with the money. i burned the letter in your stove
            character: *pours the whiskeys* I remember the smoke.
            change: this is thorvald. he's a norwegian with a claim on the next creek and a heart of gold, and we were married by the mounties' chaplain in july. thorvald's my husband now
            character: *shakes the big man's hand* Congratulations, sir. You've married the toughest woman on the creek.
            user: amos's sister still writes to me as if i'm her brother's wife. i write back, to be polite
            character: Polite is good.
            user: and does your wife write, hezron? or is she still mad about the klondike
        """,
        question="Who is Hepzibah married to now?",
        old=("amos",),
        new=("thorvald",),
        character_value=("hattie",),
    ),
)
