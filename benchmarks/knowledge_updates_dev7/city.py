"""The dev7 part's eight city chats: the old home ends (a damp burrow, a mother's house given
up, a dome evacuated, a mining town packed up, a company merger, a job out west, an uncle's
house inherited, a mother remarried) and the new one is said at once as the sitting opens,
after the character asks where, or as the end of a story; then a non-change (one night back
at the old place, a mother, a gran or a brother who still names it, a sister who stays there,
another town weighed and turned down, the old town maybe reopening)."""

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

CITY_CASES = (
    chat(
        "city",
        MUSHROOM_CELLAR,
        first="""
            user: *brushes soil off my hat* tumblewort that tunnel from home gets longer every week i swear
            character: *pours nettle tea* Which tunnel is that, dear?
            fact: the long one from deepdelve. i live in deepdelve, three levels down, by the glow-worm market
            character: Deep folk. I'd get lost.
            own: I've lived in Rootmoot all my life, under the big beech. The same hole, the same door, two hundred years.
            user: two hundred years and still no window
        """,
        second="""
            change: *bursts in with a bag of mushrooms and a map* tumblewort! i got a burrow in puffcap hollow!! proper round door and everything, moved in last tuesday
            character: A round door! At last. *hugs your knees, which is as high as he reaches*
            user: the old place was too damp anyway, my socks never dried in three years
            character: And how is the new hole?
            user: dry! sunny at noon! my mum still addresses my letters to deepdelve though, the poor post-beetle is so confused
            character: Post-beetles are easily confused.
            user: i almost took a place in the toadstool terraces too but the neighbours had bagpipes
        """,
        question="Where does Briony live now?",
        old=("deepdelve",),
        new=("puffcap hollow",),
        character_value=("rootmoot",),
    ),
    chat(
        "city",
        CROWS_NEST,
        first="""
            user: *points at a speck of lights below the clouds* there, see it? thats home
            character: *looks through the spyglass* The one with the crooked tower?
            fact: the crooked tower, the fog, the goats. i live in windlemere, little lake town, my ma's house is the blue one
            character: I can see the blue roof. Barely.
            own: Stormhaven's mine. Born on its quay, and I keep a room over the rope-works for when we dock.
            user: you keep a hammock over the rope-works, lets be honest
        """,
        second="""
            user: *climbs up with a key on a string round my neck* mirabel, guess what this opens
            character: A chest of gold?
            user: better. i gave up the lease on ma's blue house in the spring, she went to live with my aunt
            character: *lowers the spyglass* And the key?
            change: a flat on the cloud-docks in cirrusport! top of the mooring tower, i can see the whole fleet from my bed. i live in cirrusport now, properly, with a doormat
            character: A doormat. Civilised.
            user: i went back to windlemere for one night at midsummer for the goat fair. it was nice, and i left in the morning
            character: Goats and fairs. I'll not ask.
            user: my sister says she'll never leave windlemere, she's got the goats
        """,
        question="Where does Hezekiah live now?",
        old=("windlemere",),
        new=("cirrusport",),
        character_value=("stormhaven",),
    ),
    chat(
        "city",
        EUROPA,
        first="""
            user: *peels off my helmet in the airlock* korvath, the crawler ride from home took six hours, the ice road is cracked everywhere
            character: Six hours. You should stay the night.
            fact: i would but my plants. i live at conamara, the dome by the red ridges, and my tomatoes die if im gone a day
            character: Tomatoes on Europa. Of course.
            own: I've been posted at Minos Base nine years now. I've never grown so much as a mould.
            user: you are a mould korvath
        """,
        second="""
            user: *floats in with no helmet, no frost on my boots* hi! short trip today
            character: Short? You came from the red ridges in an hour?
            user: nooo. they shut the conamara dome in august, the ice under it moved and they evacuated all of us
            character: *sits up* I saw the alert. I'm glad you're out.
            change: i got a bunk in the pwyll crater habitat, forty minutes from you. i live in pwyll now, they even let me bring the tomatoes
            character: The tomatoes survived?
            user: three of them. my best friend took the mars ferry instead, she says she's done with ice
            character: She may be right.
            user: they say conamara might reopen in five years. maybe. i wont go back
        """,
        question="Where does Nomvula live now?",
        old=("conamara",),
        new=("pwyll",),
        character_value=("minos base",),
    ),
    chat(
        "city",
        SPACEPORT,
        first="""
            user: *shakes sand from my boots* zix, the storm on the hollowsand road nearly took my speeder
            character: *clicks* You drove through the storm? Again?
            fact: i have to, its home. i live in hollowsand, the mining town past the salt flats, the one with the broken water tower
            character: Broken tower, broken road.
            own: My hive is at Ossuvex, under the red canyon. When my tithe is paid I will go back to it.
            user: you say that every year zix
        """,
        second="""
            user: *strolls in clean, no sand at all* notice anything?
            character: *looks you over with all eyes* No sand. You're ill.
            user: not ill. the mine shut in the spring and the whole town packed up in a week. my mum cried on the water tower
            character: And you went where?
            change: here! ankhara, the port itself, a room over the noodle bar on third ring. i live in ankhara now, five minutes from your stall
            character: Five minutes. You'll be here every day.
            user: i thought about going to the moons with my cousin but the rent up there is a crime
            character: Crime is cheaper in the port.
            user: my gran still thinks im in hollowsand, she sends sand-dates to the old post box
        """,
        question="Where does Lavrenti live now?",
        old=("hollowsand",),
        new=("ankhara",),
        character_value=("ossuvex",),
    ),
    chat(
        "city",
        BOWLING,
        first="""
            user: *slides into the booth with a pitcher* dwayne, i drove in from zanesville and the bridge was closed AGAIN
            character: That bridge. It's been closed since the Clinton years.
            fact: i swear i live in zanesville just to suffer. forty minutes each way for league night
            character: Worth it for league night.
            own: Me, I'm Chillicothe, born and raised, and I'll be buried there by the paper mill.
            user: so romantic dwayne
        """,
        second="""
            user: *throws my ball bag on lane three* one last league night, dwayne. come here. hug
            character: Last? What do you mean, last?
            user: so my company merged with one in michigan and they said move or you're out. so i sold the house on maple street. in like four days
            character: Michigan. Where in Michigan?
            change: ypsilanti. i live in ypsilanti now, i drove down tonight just for this. three and a half hours. im insane
            character: You are. I'll get the nachos.
            user: i looked at the big college town next door too but omg the rents, no way
            character: I'll take your word for it.
            user: my mom still lives in zanesville, she says im a traitor to ohio
        """,
        question="Where does Shawnelle live now?",
        old=("zanesville",),
        new=("ypsilanti",),
        character_value=("chillicothe",),
    ),
    chat(
        "city",
        LIFEGUARD,
        first="""
            user: *wrings out my hair* brodie the train up from ulladulla was packed, i had someones surfboard in my face the whole way
            character: Every Saturday, eh?
            fact: every saturday. i live in ulladulla, near the harbour, and theres no good surf down there this month
            character: The south coast's surf is fine. You're fussy.
            own: I've been in Maroubra my whole life, mate. Born in the surf club, practically.
            user: you were born in the surf, i believe it
        """,
        second="""
            user: *sunburnt in a completely different way, red dust on my shoes* brodie!! miss me
            character: Where have you been? Three months!
            user: so long story. i got a job at the mine out west, fly in fly out didnt work, so i just. moved out there. the harbour flat is someone elses now
            character: Out west where?
            change: karratha. i live in karratha now. red dirt, no surf, forty degrees. i'm back for one week and i'm going to be in the water every second
            character: The Pilbara. No surf for a thousand k.
            user: i stayed one night at my old place with my old flatmate, slept on the couch, it was weird, someone elses candles everywhere
            character: Weird's the word.
            user: my brother reckons ill be back in ulladulla by christmas. hes wrong
        """,
        question="Where does Kirrily live now?",
        old=("ulladulla",),
        new=("karratha",),
        character_value=("maroubra",),
    ),
    chat(
        "city",
        CARAVANSERAI,
        first="""
            user: *leans on my staff in the gate* bahadur, is there room? i have come from nishapur and my feet are gone
            character: There is always room for your feet. Sit.
            fact: i live in nishapur, by the turquoise mines, my house has a blue door like every house there
            character: Blue doors. A town of fine doors.
            own: I have never slept a night outside Sarakhs, this town under these arches, and I never will.
            user: never? not once?
            character: Not once.
        """,
        second="""
            user: *unwinds a jade-green scarf* peace, old friend. i come from the other direction this time
            character: From the east? You?
            user: my uncle died and left me his house by the jade river. i sold the blue door to my neighbour and took the road east
            character: *bows his head* May he rest. Where is the jade house?
            change: khotan, at the edge of the sand sea. i live in khotan now, my house looks at the mountains and the river
            character: The jade river. I have heard of it from the merchants.
            user: my wife's sisters still write to me in nishapur, the letters reach me months late
            character: Sisters are slow.
            user: would i go back west? to visit the graves, one spring perhaps. not to live
        """,
        question="Where does Roshanak live now?",
        old=("nishapur",),
        new=("khotan",),
        character_value=("sarakhs",),
    ),
    chat(
        "city",
        RIVERBOAT,
        first="""
            user: *stands at the rail as the bluffs go by* mr jedediah, there, on the hill, that is my street
            character: *steps out of the wheelhouse* The one with the church?
            fact: the church and the courthouse. i live in vicksburg, sir, with my mother and four cats, in a house far too small for us all
            character: A fine town on a fine bluff.
            own: I keep a room in Baton Rouge, ma'am, over a chandler's shop, when I'm not on this deck. Which is never.
            user: then the chandler has a very quiet lodger
        """,
        second="""
            user: *boards at the northern landing in a new bonnet* mr jedediah, you find me a woman of missouri
            character: Missouri! I'd never have thought it.
            user: mother married the widower from the dry goods store and took the cats with her. the little house is sold
            character: *chuckles* And so you went north?
            change: to hannibal, sir, to my cousin's boarding house on hill street. i live in hannibal now and i keep the books for the house
            character: A good quiet town. The boys swim off the island.
            user: i did consider the big city further down, it is grander, but the smoke, sir, the smoke
            character: City smoke would choke a catfish.
            user: my mother still writes that i should come home to vicksburg. i shall visit her at christmas, one week
        """,
        question="Where does Winnifred live now?",
        old=("vicksburg",),
        new=("hannibal",),
        character_value=("baton rouge",),
    ),
)
