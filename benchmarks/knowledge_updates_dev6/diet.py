"""The dev6 part's eight diet chats: the new diet said at once in the second sitting (after a
time skip in an aside, or as the user comes in) or after the old one ends (a chest cleared, a
kidney come good, a liver read the riot act), and the old one recalled after it as past; then
a non-change (another squire, a cousin, a brother or a trumpet player on the old diet, a
sister who wants it back, a diet thought of and refused, a stale pharmacy record)."""

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

DIET_CASES = (
    chat(
        "diet",
        TOLL_BRIDGE,
        first="""
            user: *stops in the middle of the bridge with my purse out* grubnak, how much today
            character: *leaps up from under the planks* Three coppers or a riddle, traveller. Grubnak's prices never change.
            fact: here's the coppers, i'm too hungry for riddles. the hedge-witch has me on moss-and-mead for my chest, a bowl of bog moss at dawn and a cup of mead at dusk, that's all
            character: *bites a coin to test it* Moss. Even goblins don't eat moss.
            own: Grubnak's on the carrion diet, proper goblin fare. Whatever the river brings down, Grubnak eats, and the river is generous.
            user: i did not need to know that
        """,
        second="""
            change: (( ooc: time skip, a few months on )) *marches up to the bridge in a squire's tabard* grubnak! i'm squiring for sir aldwyn and he has me on a lean bulk, six eggs and a pound of beef a day. look at these arms
            character: *squints up* Arms. Bigger, maybe. Still three coppers.
            user: the hedge-witch's moss is long gone, my chest cleared up by midsummer
            character: Grubnak could have told you moss was useless.
            user: sir aldwyn's other squire is on the moss-and-mead thing now, poor lad, he coughs like a goat
            character: *counts the coins* Poor lad. Pass, squire.
            user: if i fail the squire trials i'll have to stop eating like this, the eggs cost a fortune
        """,
        question="What does Brannagh eat these days?",
        old=("moss-and-mead",),
        new=("lean bulk",),
        character_value=("carrion diet",),
    ),
    chat(
        "diet",
        AERIE,
        first="""
            user: *climbs onto the aerie ledge, wind whipping my cloak* gunnhild! the new chick bit me
            character: *grooming a great tawny griffin* She bites everyone she likes. Sit out of the wind.
            fact: i can't eat the stew, sorry, i'm windfasting before the trial flight. nothing but water from dawn to dusk for nine days, the old riders swear it makes you light in the saddle
            character: The old riders also fall off a great deal.
            own: I'm an ember-eater, as every rider of this aerie was before me: nothing passes my lips that has not touched flame. *turns a skewer in the brazier*
            user: smells amazing. torture
        """,
        second="""
            user: *drops a sack of bread rolls by the brazier* trial flight's done!! i passed
            character: *grins* I saw. Your griffin didn't try to throw you once.
            user: and the fasting's done with too. the flight master says i'm too light, the wind nearly took me off her back at the turn
            character: So he wants weight on you.
            change: weight on me at any cost. a dirty bulk, he calls it. pies, rolls, cream, whole cheeses, whatever's in reach, four thousand a day. i've eaten eleven rolls since breakfast
            character: *laughs* Eleven. The griffins will be jealous.
            user: my cousin's still windfasting for her own trial next month, she looks like a heron
            character: She'll pass or she'll fall. Either way she'll eat after.
            user: do i feel sick? a little. will i stop? no
        """,
        question="What is Ulfric eating now?",
        old=("windfasting",),
        new=("dirty bulk",),
        character_value=("ember-eater",),
    ),
    chat(
        "diet",
        MOD_CLINIC,
        first="""
            user: *ducks under the flickering sign and into the clinic* vaskra, the left eye's glitching again
            character: *chrome fingers already reaching for a scope* Sit. Blink twice. Don't move your head.
            fact: *blinks* while you poke. i've been living on printed meals, the ones from the kiosk on level forty, cheapest calories in the stack, three a day
            character: You're what you print. Your blood sugar is screaming in the readout.
            own: I'm on vat-protein, myself. The good grown stuff, not the kiosk slurry. *taps a steel flask* Costs more than your rent.
            user: everything costs more than my rent
        """,
        second="""
            user: *sits on the cold table before you can say hello* the thyroid scan came back. they're burning it out with the radioactive stuff next month
            character: *pauses with the scope* I saw the referral. Are you alright?
            change: yeah. the prep means i'm low-iodine now, no kiosk food at all, it's pumped with iodised salt. egg whites, rice, vegetables from the roof gardens. i've forgotten what salt tastes like
            character: Thank you for telling me. I'll keep the clinic's salt snacks out of sight.
            user: my sister thinks i should stay on the kiosk stuff and lie to the doctors. she's an idiot
            character: Don't lie to the doctors. The machine always knows.
            user: after the treatment maybe i'll go back to printed meals. the doctor says six weeks of this at least first
        """,
        question="How is Kazimiera eating these days?",
        old=("printed meals",),
        new=("low-iodine",),
        character_value=("vat-protein",),
    ),
    chat(
        "diet",
        TUG,
        first="""
            user: *pulls myself into the co-pilot seat and straps in* esmeray, tell me we're not towing that rock again
            character: *flicking switches* We're towing that rock again. Eight days to the refinery.
            fact: eight days of ration bricks then. that's all i eat out here, the grey ones, one every six hours. i've stopped tasting them
            character: Nobody tastes them. That's the trick of them.
            own: I'm on the pureed diet, myself. Everything from squeeze pouches, blended, the only way my stomach takes the burns. *waves a green pouch* Pea and ham. Allegedly.
            user: allegedly
        """,
        second="""
            user: *floats into the cockpit with a mug* morning! i'm not eating today, so don't offer
            character: You never skip. What's this about?
            change: alternate-day fasting! the medic on the refinery put me on it for my liver. eat one day, nothing the next. and none of those grey bricks, real food from the refinery mess on the eating days
            character: Thank you for telling me. I'll stop throwing bricks at your head on the odd days.
            user: the new kid on the night shift eats ration bricks like sweets, i saw him have four in an hour
            character: He's nineteen. At nineteen you can eat rock.
            user: i thought about going further, five days with nothing at all, but the medic said absolutely not
        """,
        question="How does Rasmus eat now?",
        old=("ration bricks",),
        new=("alternate-day fasting",),
        character_value=("pureed diet",),
    ),
    chat(
        "diet",
        NIGHT_SHIFT,
        first="""
            user: *collapses onto the break room sofa in scrubs* quinlan if one more person asks me for a bedpan tonight
            character: *looking up from his prayer book* I'll pray for the bedpans, Benedetta.
            fact: pray for my lunch. i'm low-potassium since the kidney thing, so no bananas no potatoes no tomatoes, and the canteen's whole menu is bananas potatoes and tomatoes
            character: *offers a packet of crackers* Crackers? I think they're safe.
            own: I live on the meal deal from the shop in the lobby. Sandwich, crisps, a drink. Thirty years of nights and I've never eaten anything else at work.
            user: that's bleak quinlan
        """,
        second="""
            user: *drops my bag on the table* guess who got good news from the renal team
            character: *closes the book* Tell me.
            user: kidney function's back to normal. the consultant said i can have bananas again. i ate three in the car park
            character: Praise be. Three bananas.
            change: i'm doing the mayo clinic diet now though, the proper one from the book, because i put on a stone on nights. loads of veg, fruit, whole grains, no eating in front of the telly
            character: Thank you for telling me. No eating in front of the telly. The break room telly will be lonely.
            user: my husband says he'll do it with me. he won't, he's had a takeaway every friday since 2009
            character: Husbands have good intentions.
            user: the hospital pharmacy still has me down as low-potassium, i need to ring them and get it changed
        """,
        question="What diet is Benedetta on now?",
        old=("low-potassium",),
        new=("mayo clinic diet",),
        character_value=("meal deal",),
    ),
    chat(
        "diet",
        LAUNDRETTE,
        first="""
            user: *shoves a bag of washing into machine four* yestin, does four still eat socks
            character: *behind the counter, folding* Four eats one sock a week. It's the rent.
            fact: fine. i'll sit here and starve, i'm on the scarsdale diet, fourteen days of lean meat and dry toast and black coffee, my sister did it for her wedding
            character: Dry toast. In a laundrette. You'll be eating the lint next.
            own: I'm doing the baby food diet, me. Jars. Fourteen jars a day. *holds up a jar of pureed apple* My nan thinks I've lost it.
            user: your nan is right
        """,
        second="""
            change: *comes in with a bottle of something yellow* don't ask. actually ask. i'm on the lemon detox, ten days of lemon and maple syrup and cayenne in water, i've not had a bite since monday
            character: *winces* Since Monday? Sit down before you fall into the dryer.
            user: the scarsdale thing ended after nine days, i ate a whole pizza on the tenth and that was that
            character: Nine days. That's a good run.
            user: my sister wants me to do the scarsdale diet with her again for her anniversary. absolutely not
            character: *pushes a stool over* Sit.
            user: if i faint in here you can have my washing
        """,
        question="What is Rhosyn's diet at the moment?",
        old=("scarsdale diet",),
        new=("lemon detox",),
        character_value=("baby food diet",),
    ),
    chat(
        "diet",
        TEAHOUSE,
        first="""
            user: *kneels at the low table and bows* sadakichi-san, forgive me, i am late. the rain on the bridge
            character: *whisks the tea* Rain forgives everyone. Sit, Okiku.
            fact: thank you. no sweets for me today, please. i keep to genmai now, only brown rice, as the temple physician told me, for my beriberi
            character: *sets the sweet aside* Brown rice and nothing more. The physician is strict.
            own: I keep mokujiki, as my master did: no grain at all, only roots and nuts and the bark of the pine. It keeps the hand steady for the whisk.
            user: no rice at all? i would faint
        """,
        second="""
            user: *bows low, smiling* sadakichi-san, the beriberi is cured. the physician let me eat as i please at the new year
            character: *whisks* You look well. Your colour has come back.
            user: so the bowl of brown rice has gone back in the cupboard
            character: And what do you eat instead, now that you please?
            change: ichiju sansai, like my grandmother: one soup and three dishes with my rice at every meal, pickles, a little fish, tofu, greens. it takes me an hour to cook but i am never tired
            character: Thank you for telling me. One soup and three dishes. Your grandmother would bow.
            user: my brother has taken up genmai himself now, for his belly, and complains every day
            character: Brothers complain. It is their duty.
            user: shall i learn your way, with the pine bark? no. forgive me, no
        """,
        question="How does Okiku eat now?",
        old=("genmai",),
        new=("ichiju sansai",),
        character_value=("mokujiki",),
    ),
    chat(
        "diet",
        JAZZ_CLUB,
        first="""
            user: *slides onto a stool at the bar as the trio tunes up* clive darling, a gin and a plate of the steak bites
            character: *polishing a glass* The steak bites, is it? What happened to the salad girl?
            fact: she's dead and buried. i'm on the drinking man's diet now, it's all the rage, steak and martinis and no bread, i read it in the paperback from the station
            character: *pours the gin* A diet with gin in it. Only in Soho.
            own: I'm on the hollywood diet, me. Eighteen days of fruit juice and eggs. *pats his stomach* The band says I look like Sinatra.
            user: the band are liars, clive
        """,
        second="""
            user: *comes in out of the rain and shakes off my umbrella* clive, nothing with gin tonight, and not a steak bite either
            character: *eyebrows up* The girl who never says no to gin.
            user: my doctor read my liver the riot act. the martinis and steak era is over
            character: *sets a glass of water in front of you* So what's the new religion?
            change: the stillman diet, dr stillman's quick weight loss one. lean meat, eggs, fish and eight glasses of water a day. eight! i'll float home
            character: Thank you for telling me. Water it is, then. The bar will weep.
            user: the trumpet player's still on the drinking man's diet and he's already on his third martini
            character: And he'll play like an angel until ten and like a drain after.
            user: if this one doesn't take i might try living on cigarettes like the singer. no, i won't, i'm joking
        """,
        question="What is Temperance's diet now?",
        old=("drinking man's diet",),
        new=("stillman diet",),
        character_value=("hollywood diet",),
    ),
)
