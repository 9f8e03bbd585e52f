"""The dev6 part's eight pet chats: the old pet goes (a toad into the marsh at the great
croaking, an old kestrel buried on the ridge, a cat out through a vent, a cat retired to a
greenhouse dome, a budgie to a mother, a cat to the old lady downstairs) and the new one is
named after the character notices it; then a non-change (children or a sister who reuse the
old name, a neighbour's pet, the old pet on videos from a relative, a second pet thought of,
the old pet's new name given by someone else)."""

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

PET_CASES = (
    chat(
        "pet",
        TOLL_BRIDGE,
        first="""
            user: *stops on the bridge and opens my pocket* grubnak, say hello, he's shy
            character: *peers in* A toad! Grubnak's favourite snack.
            fact: NOT a snack. that's wartnose, my toad, i've had him three summers, he rides in my pocket everywhere and eats the flies off my hat
            character: *sulks* Grubnak was only teasing. Mostly.
            own: Grubnak has a rat, Thistlewhip, who sleeps in Grubnak's ear. Fiercer than any toad.
            user: in your EAR
        """,
        second="""
            user: *holds out my cupped hands* grubnak, careful, this one's tiny
            character: *leans in* A newt. Where's the toad?
            user: wartnose hopped off into the marsh in the spring, at the great croaking, and found himself a wife. he won't come back to my pocket now, i've seen him on the lily pads
            character: The marsh takes what it wants.
            change: so this is bogbean, my newt. i found her under a stone by the ford. bogbean's orange underneath and she sleeps in a teacup by my bed
            character: Thank you for telling me. Grubnak promises not to eat her. Probably.
            user: your wife suggested i call her supper. no
            character: She has a sense of humour. Grubnak does not.
            user: the children at the mill have a toad they call wartnose the second. i'm honoured
        """,
        question="What is Brannagh's pet called now?",
        old=("wartnose",),
        new=("bogbean",),
        character_value=("thistlewhip",),
    ),
    chat(
        "pet",
        AERIE,
        first="""
            user: *a little brown hawk lands on my glove* gunnhild, don't let your griffin eat her
            character: *laughs* He wouldn't bother; she's a mouthful of feathers.
            fact: she's stormcrumb, my kestrel, i've flown her since she was a chick. she catches mice for the whole village
            character: A fine little hunter.
            own: My griffin Featherstone is the only pet I'll ever need. Twelve years, and he still brings me a dead goat on my name-day.
            user: romantic
        """,
        second="""
            user: *a scruffy griffin chick waddles behind me* don't laugh, she can't fly yet
            character: *crouches* A chick! Where did you get a chick?
            user: my old kestrel went in the winter, on her perch by my fire. i buried her on the ridge where she hunted
            character: *quietly* That's where a kestrel should lie.
            change: the aerie master gave me this one, the runt of the spring clutch. her name's talonbury, and she's mine, and she follows me to the privy
            character: Thank you for telling me. A runt grows into the biggest heart. Feed her goat.
            user: my sister has a kestrel too now, one of the old bird's daughters. she wanted to call it stormcrumb the second. i said fine
            character: Names come back round.
            user: will she ever carry me? the master says in four years. i'll be waiting
        """,
        question="What is the name of Ulfric's pet now?",
        old=("stormcrumb",),
        new=("talonbury",),
        character_value=("featherstone",),
    ),
    chat(
        "pet",
        MOD_CLINIC,
        first="""
            user: *a cat with one chrome leg jumps onto your counter* vaskra, the leg's clicking
            character: *lifts the cat gently* Clicking. Let me hear.
            fact: that's kilobyte. my cat. you built that leg two years ago, remember? he's been my whole family since i came to the city
            character: *listens* Loose servo. Five minutes.
            own: My Voltage would be jealous, but she's an eel, so she's jealous of nothing. She glows in a tank in my back room.
            user: can i see her after
        """,
        second="""
            user: *a small gecko clings to my collar* hi. don't worry, she doesn't need any chrome
            character: *peers* A gecko. Where's the cat?
            user: kilobyte ran off through a vent the week i moved. i put up posters on every floor. the neighbours say a woman three blocks over feeds him now and he's fat and happy
            character: *sighs* Cats choose. That's what they do.
            change: so i got capacitor. she's a leopard gecko from the market on the walkway, she eats crickets and stares at the wall for hours. capacitor is perfect
            character: Thank you for telling me. No chrome required. I'm almost disappointed.
            user: if kilobyte ever wanders back he can stay. but i'm not waiting
            character: Wise. A cat comes back when it wants, not when you wait.
            user: my neighbour has a chrome parrot that swears in three languages, and my gecko hates it
        """,
        question="What is Kazimiera's pet called now?",
        old=("kilobyte",),
        new=("capacitor",),
        character_value=("voltage",),
    ),
    chat(
        "pet",
        TUG,
        first="""
            user: *a grey cat floats into the cockpit, paws out* esmeray, catch him
            character: *catches the cat mid-air* Every time. Every single time.
            fact: he's regolith. my cat. he hates zero-g but he hates being left at home even more
            character: He's shedding on my console.
            own: My spider Thruster lives in a jar by the nav screen. Eight legs, zero complaints, never sheds.
            user: a spider is not a pet
        """,
        second="""
            user: *a small tube hangs from my belt with a hamster inside* meet the new crew
            character: *taps the tube* A hamster in a tube. Where's the shedding cat?
            user: regolith retired to my sister's greenhouse dome. real gravity, real grass. he sends his regards. ok, she sends his regards
            character: *laughs* A better life than ours.
            change: and this is apogee. he's a dwarf hamster and he loves zero-g, he spins in his tube like a tiny astronaut. apogee is the best crew member on this tug
            character: Thank you for telling me. Better than me?
            user: better than you. sorry
            character: I'll allow it.
            user: my sister keeps sending videos of regolith on the grass. he's got fat
        """,
        question="What is the name of Rasmus's pet now?",
        old=("regolith",),
        new=("apogee",),
        character_value=("thruster",),
    ),
    chat(
        "pet",
        NIGHT_SHIFT,
        first="""
            user: *shows a photo on my phone* quinlan, look, he learnt to say my name
            character: *leans in* A budgie! Does he talk much?
            fact: he does now. biro, my budgie. named because he chewed every pen in the house. he says benedetta and 'code blue', which is alarming
            character: *laughs* A hospital bird.
            own: My cat Teabag would eat him. She's a tabby, the colour of stewed tea. Fourteen years and she still brings me mice.
            user: keep her away from my bird
        """,
        second="""
            user: *shows a new photo* look, quinlan, look at his ears
            character: *peers* That's a dog. Where's your talking bird?
            user: my mum fell in love with biro over the summer and he moved in with her. he says her name now. traitor
            character: Birds are fickle.
            change: and this is stapler, my rescue terrier. stapler because he clamps onto your sleeve and won't let go. he's the best thing that's happened to me all year
            character: Thank you for telling me. A terrier and a night shift. He'll keep you up.
            user: my neighbour's got a budgie as well now, she wants to call it biro too. copycat
            character: Everyone wants your life, Benedetta.
            user: would i get a cat? no, the terrier would die of jealousy
        """,
        question="What is the name of Benedetta's pet now?",
        old=("biro",),
        new=("stapler",),
        character_value=("teabag",),
    ),
    chat(
        "pet",
        LAUNDRETTE,
        first="""
            user: *a fluffy grey cat peeks out of my bag* yestin, don't tell the council, she's only here for the warm
            character: The council don't come in after ten.
            fact: this is lintball. my cat. she's as fluffy as dryer lint and she loves warm things, so i bring her when i wash
            character: *scratches her chin* She's welcome. The dryers are free for cats.
            own: The shop cat's called Spin Cycle, mind. He's mine, he lives on top of number three and he hates visitors.
            user: he's glaring at her
        """,
        second="""
            user: *comes in with a rabbit in a carrier* don't judge
            character: A rabbit? What happened to the fluffy one?
            user: lintball moved in with my nan in the sheltered place, they allow cats there and she was lonely. they sleep together in the big chair
            character: That's lovely, love.
            change: and this is sudsy. i got him from the rescue, he's white and fluffy like a big bubble. sudsy lives in my kitchen and eats the skirting boards
            character: Thank you for telling me. Keep him off my machines.
            user: my nan sends me photos of lintball every day. she's put a bow on her
            character: Nans and bows.
            user: should i get him a friend? the rescue says rabbits get lonely
        """,
        question="What is the name of Rhosyn's pet now?",
        old=("lintball",),
        new=("sudsy",),
        character_value=("spin cycle",),
    ),
    chat(
        "pet",
        TEAHOUSE,
        first="""
            user: *a round white cat follows me in* sadakichi-san, forgive me, she follows me everywhere
            character: A white cat in a teahouse. Good fortune.
            fact: she is daifuku, my cat, round and white like the sweet. she sleeps in my sleeve when it is cold
            character: *offers a finger* She is well named.
            own: I keep only Hanabi, a singing cricket, in a bamboo cage by the window. He sings every evening in summer.
            user: i have heard him! so loud for one so small
        """,
        second="""
            user: *a small brown dog trots at my heels* sadakichi-san, she is well behaved, i promise
            character: *raises an eyebrow* A dog. Where is the round white one?
            user: daifuku went to live with my grandmother in the country when i married. the farmhouse has too many mice for her to leave. she is a great hunter now
            character: A cat with a purpose.
            change: and this is kinako, my little dog, brown like the roasted bean flour. my husband gave her to me. kinako sleeps at my feet
            character: Thank you for telling me. A good companion for the road.
            user: my grandmother writes that daifuku is fat and proud. i miss her every day
            character: Missing is a kind of love.
            user: shall i get a singing cricket too, like yours? no. the dog would eat it
        """,
        question="What is Okiku's pet called now?",
        old=("daifuku",),
        new=("kinako",),
        character_value=("hanabi",),
    ),
    chat(
        "pet",
        JAZZ_CLUB,
        first="""
            user: *a black cat weaves between the bar stools* clive, he's come with me tonight. he likes the saxophone
            character: He's welcome if he doesn't sing.
            fact: coltrane's my cat, black as a record, and he sits on the piano at home when i play the radio
            character: A cat of taste.
            own: Satchmo, my parrot, lives behind the bar here. *a grey parrot whistles a few bars* He knows every number the band plays.
            user: he's better than the band
        """,
        second="""
            user: *a long low dog noses in behind me* don't worry, he's house-trained
            character: *looks down* A sausage dog! Where's the cat with taste?
            user: coltrane moved in with the old lady downstairs. he went down for sardines every day and one day he didn't come back up. she adores him
            character: Cats choose their landladies.
            change: so this is mingus. my dachshund. mingus because he's low and grumpy and brilliant. he howls when the trumpet's flat
            character: Thank you for telling me. A critic in the house. The trumpet player will be thrilled.
            user: the lady downstairs calls coltrane 'sooty' now. he answers to it, the traitor
            character: Names are for us, not for them.
            user: if my dog ever bites the bass player it's the bass player's own fault
        """,
        question="What is Temperance's pet called now?",
        old=("coltrane",),
        new=("mingus",),
        character_value=("satchmo",),
    ),
)
