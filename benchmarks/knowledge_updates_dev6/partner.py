"""The dev6 part's eight partner chats: the old partner leaves (over the mountains to a
widow, an unbinding at the spring rites, a sold account, a separation filed at a station
registry, an air ambulance in Scotland, a broken match, a band gone to New York) and the new
one is named a turn or more later, with how they met; then a non-change (a suitor turned
down, the old partner's new wife, a mother or a landlady who still asks after the old one, a
blocked message, a hypothetical tour)."""

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

PARTNER_CASES = (
    chat(
        "partner",
        TOLL_BRIDGE,
        first="""
            user: *comes up to the bridge humming* morning grubnak
            character: *suspicious* You're humming. Humans hum when they're in love or mad.
            fact: in love, then. ninian, the shepherd with the black dog on the east hill. we've been courting since the harvest and he's asked my father for me
            character: Grubnak knows the black dog. It bit Grubnak.
            own: Grubnak's Zillah would eat that dog. Zillah and Grubnak have been mated forty winters under this bridge; she is the fiercest goblin in the marsh.
            user: give her my regards
        """,
        second="""
            user: *stops on the bridge, not humming* hi grubnak
            character: No humming today.
            user: ninian took his flock over the mountains to the summer pastures and sent word he's staying there. with a farmer's widow. so
            character: *spits in the river* Grubnak will bite his dog back.
            user: it was a month ago. i'm alright now, truly
            change: because rowena, the weaver's daughter, walked me home from the midsummer dance and hasn't stopped since. rowena's my sweetheart now, we're to be handfasted at harvest
            character: *grins with every tooth* Thank you for telling me. Zillah will weave you a goblin knot for luck.
            user: the miller's son asked me to the dance too, before she did. i said no, thank the saints
            character: The miller's son smells of flour and fear.
            user: if ninian ever comes back over the mountains he can keep walking
        """,
        question="Who is Brannagh's sweetheart now?",
        old=("ninian",),
        new=("rowena",),
        character_value=("zillah",),
    ),
    chat(
        "partner",
        AERIE,
        first="""
            user: *sits on the ledge with two cups of mulled wine* one's for my husband, he'll be up after his shift
            character: The blacksmith's boy? He's scared of heights.
            fact: ivo's climbing up anyway, for our anniversary. five years married to ivo this winter
            character: *raises her cup* To brave husbands.
            own: My Ephraim flies the western patrol; we wed on griffin-back twenty years ago. He's never once been scared of heights.
            user: show-off
        """,
        second="""
            user: *climbs up alone, with a griffin feather in my hair* gunnhild
            character: *looks past you* Alone?
            user: ivo and i are parted. the priestess unbound us at the spring rites. he wanted the valley and i wanted the sky, simple as that
            character: *puts a hand on your shoulder* Simple isn't easy.
            change: and hortense, the new rider on the eastern patrol, has been taking me flying on her griffin every evening since. hortense and i are together now, she put the feather in my hair
            character: Thank you for telling me. She has good hands on the reins. And good taste.
            user: ivo's got a new wife already, a miller's daughter from the valley. good for him, honestly
            character: Good for everyone, then.
            user: should i get my own griffin? she says yes. my purse says no
        """,
        question="Who is Ulfric with now?",
        old=("ivo",),
        new=("hortense",),
        character_value=("ephraim",),
    ),
    chat(
        "partner",
        MOD_CLINIC,
        first="""
            user: *holds out my wrist* vaskra, i want my boyfriend's initials in the subdermal light, right here
            character: *turns your wrist* The one with the blue mohawk?
            fact: the one and only. dex is my boyfriend, six months now, we met in a crash queue at the clinic across the street. sorry, your competitors
            character: I'll forgive you. Glowing initials, then.
            own: My wife Ursel has my name in light on her palm and I have hers. Eleven years. She shows it to everyone in the bar.
            user: that's so sweet
        """,
        second="""
            user: *holds out the same wrist* vaskra. the initials. i need them gone
            character: *sighs* Ah. What happened?
            user: dex sold our shared flat account to a corp for credits. the whole thing. i found out from a bank bot
            character: *begins the removal scan* A bank bot. Cold.
            user: it's fine. better than fine actually
            change: maxine fixed my drones for free after that and then asked me out for noodles. we've been together since. maxine's my girlfriend now, and she doesn't sell accounts
            character: Thank you for telling me. Do you want her initials instead?
            user: no more initials ever. lesson learned
            character: Wise. Initials are forever, people aren't.
            user: dex messaged last week asking if we could 'talk'. blocked
        """,
        question="Who is Kazimiera seeing now?",
        old=("dex",),
        new=("maxine",),
        character_value=("ursel",),
    ),
    chat(
        "partner",
        TUG,
        first="""
            user: *holds up a photo tablet* esmeray, look what came from the station
            character: *glances* A dog in a hat.
            fact: silas is the one holding the dog, thank you. my husband. eight years married and he still sends me a picture every shift
            character: Eight years. Long runs don't break you two, then.
            own: My Lettice runs the tug next to ours, the one with the red stripe. We've been together since the academy. She beats me to every rock.
            user: she does
        """,
        second="""
            user: *straps in quietly* hey
            character: You're quiet. No photo today?
            user: silas filed the separation at the station registry. he said eight months a year in the black was no marriage. he's probably right
            character: *reaches over and squeezes your shoulder* I'm sorry.
            user: that was the spring. i'm ok
            change: actually i'm more than ok. bryony, the engineer on the breaker ship, and i got married at the solstice. quick, i know. bryony's my wife now and she comes on the long runs with me
            character: Thank you for telling me. Married! I'll have Lettice send over a bottle.
            user: silas is seeing someone on the station now, he sends me her photos, which is weird
            character: Weird and kind, maybe.
            user: if bryony gets sick of space we'll find a rock and settle. someday
        """,
        question="Who is Rasmus married to now?",
        old=("silas",),
        new=("bryony",),
        character_value=("lettice",),
    ),
    chat(
        "partner",
        NIGHT_SHIFT,
        first="""
            user: *phone buzzing on the table* ignore that, he'll want to know if i've eaten
            character: Who will?
            fact: my boyfriend. benny, the ambulance driver, you've seen him in a&e. he texts every break like my mum
            character: A caring man.
            own: My Rita did the same for thirty years. Married since 1994. She still packs me a sandwich every night, even though I never eat it.
            user: stop, that's adorable
        """,
        second="""
            user: *sits down with a takeaway coffee* no buzzing phone tonight
            character: I noticed. Is everything alright at home?
            user: benny and i broke up in the summer. he got a job on the air ambulance in scotland and we didn't want to do long distance
            character: I'm sorry, Benedetta.
            change: it's fine, really. dorcas from the pharmacy asked me out at the christmas party and we've been together since. dorcas is my partner now, she leaves notes in my locker
            character: Thank you for telling me. Notes in the locker. Rita would approve.
            user: my mum still asks after benny every sunday. i keep telling her
            character: Mothers hold on to names.
            user: would i ever do long distance? no. never again
        """,
        question="Who is Benedetta's partner now?",
        old=("benny",),
        new=("dorcas",),
        character_value=("rita",),
    ),
    chat(
        "partner",
        LAUNDRETTE,
        first="""
            user: *folds a huge rugby shirt* yestin, this belongs to a man who plays for the town and is useless at laundry
            character: So you do it for him.
            fact: i do it for him because i love him, caradoc's my boyfriend, two years now, and because he shrinks everything
            character: Love and shrinkage.
            own: Hywel does mine. My husband. He irons my socks, mind. Twelve years and he's never shrunk a thing.
            user: marry a man who irons. got it
        """,
        second="""
            user: *puts in a load with no rugby shirts in it* hiya
            character: *peers into the drum* No rugby shirts?
            user: caradoc and i ended it after the cup final. he said i cared more about my job than his matches. he wasn't wrong
            character: Ah. That's a shame, love.
            change: it isn't really. ffion, the choir girl from the studio, asked me for a drink the week after. ffion's my girlfriend now, and she does her own washing
            character: Thank you for telling me. Her own washing. A keeper.
            user: caradoc came in here yesterday, did you see? doing his own laundry at last. progress
            character: He put a red sock in with the whites.
            user: if she ever shrinks my jumper, we're done. joking. mostly
        """,
        question="Who is Rhosyn going out with now?",
        old=("caradoc",),
        new=("ffion",),
        character_value=("hywel",),
    ),
    chat(
        "partner",
        TEAHOUSE,
        first="""
            user: *blushes while pouring* sadakichi-san, may i bring someone next time? the one i am promised to
            character: Of course. Who is he?
            fact: genzo, the son of the rice broker by the canal. our fathers agreed the match at the new year. we are to wed in autumn
            character: The rice broker's son. A good family.
            own: My wife Chiyo chose me herself, long ago, against her father's wishes. She arranges the flowers here each morning.
            user: the flowers are beautiful
        """,
        second="""
            user: *kneels, quiet* sadakichi-san, there will be no autumn wedding
            character: *sets down the bowl* I heard a little in the market. Tell me if you wish.
            user: genzo's father lost everything when the price of rice fell. my father broke the match in the winter
            character: I am sorry.
            change: and then yoshiro, the printer's apprentice from the bridge, came to my father with a poem. we were married in the plum season. yoshiro is my husband now, and he writes me a poem every morning
            character: Thank you for telling me. A poem every morning. My wife will want to hear them.
            user: genzo has gone west to work for an uncle. i wish him well
            character: That is generous of you.
            user: shall i bring my husband next time? he will read you a poem whether you like it or not
        """,
        question="Who is Okiku married to now?",
        old=("genzo",),
        new=("yoshiro",),
        character_value=("chiyo",),
    ),
    chat(
        "partner",
        JAZZ_CLUB,
        first="""
            user: *waves at the stage* clive, look who's on tonight, the one on the double bass. my fella
            character: I know who's on my stage, darling.
            fact: then you know lenny's the best bass player in soho, and mine. we've been going steady since the coronation. the coronation!
            character: Since '53. You were a child.
            own: Bronislava and I have been married since '49. She came over from Kraków with one suitcase and a piano, and she plays better than anyone on that stage.
            user: then put her on it
        """,
        second="""
            user: *sits at the bar with my back to the stage* clive, don't let the bass player look at me
            character: *glances at the new bass player* He's a stranger to you, darling.
            user: lenny went to new york with a band in march. he said he'd send for me. he didn't
            character: *pours a sherry, unasked* Musicians. I'm sorry.
            change: don't be. ulrika, the swedish singer on fridays, took me to the pictures the next week, and now ulrika's my steady. don't tell the vice squad
            character: Thank you for telling me. My lips are sealed. Her Fridays are the best nights we have.
            user: my landlady still thinks lenny's coming back for me. i've stopped correcting her
            character: Landladies love a romance.
            user: if she goes on tour i'm going with her. i've learnt my lesson
        """,
        question="Who is Temperance going steady with now?",
        old=("lenny",),
        new=("ulrika",),
        character_value=("bronislava",),
    ),
)
