"""The fifth fresh part of the knowledge-update suite (``FRESH5_CASES``): held out, not tuned on.

Written as a new clean held-out part, for a figure on chats nobody changing the offline
provider's update rules has read. Written without reading the offline provider, its
lexicons, its extraction or update rules, the pipeline's steps, the dev parts, fresh-2,
fresh-3, the cases of fresh-1 and fresh-4, the case lists of the tuned and seen parts, or how
any part fares: only the suite's ``Case`` and its scoring (``benchmarks.knowledge_updates``,
``benchmarks.memory``), the fresh part's ``_case`` helper and its turn-by-turn format, the
parts' module docstrings, their registry (``benchmarks.knowledge_update_parts``), the
``bench_memory`` command, the parts' test and the parts' descriptions in docs/benchmarks.md
were read. Seen by mistake while looking for those definitions: the name, people and first
line of fresh-1's first case (a vegetarian who turns keto), the name and people of
fresh-4's first case (sirtfood to freegan) and the three values of its last case, and, in a
failing test's message cut short, the tuned part's first case name and four lines of other
parts (a robot dog, a cravat, a knight riding for the border, a lisp); none here is modelled
on them, and none of those values is planted here. Values and people were
checked against the other parts by the tests only, programmatically, and the fifty chats
were committed before the part was run once, to check that the harness reads them. Keep it
that way: nobody tunes on these cases, nobody reads their failures to change the product,
and the part is left out while tuning (``--ku-parts`` without ``fresh5``); once either
happens, write a new held-out part and call this one seen.

The cases are ``benchmarks.knowledge_updates.Case`` in the fresh part's turn-by-turn format
(``benchmarks.knowledge_updates_fresh``), scored by the same code
(``benchmarks.memory.measure_knowledge_updates``): after two sittings a month apart, the
memories in context for the question must name the new value and no memory may name only the
old one; the character's own value of the same kind is the attribution distractor. Fifty
chats, ten per attribute (diet, job, city, partner, pet's name), each with its own pair of
people none of the other parts uses, and, as in fresh-3 and fresh-4, no planted value (old,
new or the character's own, diets included) that another part plants or that repeats inside
the part.

The writing varies the way role-play users write: in character with actions in asterisks (an
elf's hearth, a witch's cottage, a diner's counter, an oracle's temple steps, a spaceship's
airlock, a lighthouse, a longship, a haunted manor, a Roman senate courtyard, a regency
drawing room), OOC asides in (( )), lower case, typos, emoji, long replies; the change said
plainly ("we live in plovdiv now!!"), with a negation ("not in zaragoza anymore"), over two
messages (a divorce, then the new partner met at the rowing club; the old diet dropped, then
the new one), implied by an event (a shahada taken at a mosque, an exam passed in secret, a
violin finished, a death and a rescue guinea pig, a vet's news that a tortoise is a he), in
passing or as the answer to the character's question ("And where is 'near his family'?"),
with the old value named or not; the fact early, in the middle or last in its sitting, and
the change first, in the middle or last in its own; in some chats a third person's value of
the same kind (a sister's cabbage soup cleanse, a co-pilot's lemon water detox, a brother
who is a dentist, a sister in Sevilla, a cousin engaged to a blacksmith, a neighbour's
parrot, a sister's iguana), never one of the chat's planted values. Each case is fair: a
careful reader of the chat answers its question with the new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case as case

FRESH5_CASES: tuple[Case, ...] = (
    # ------------------------------------------------------------------ diet
    case(
        "diet",
        "fresh5-diet-nutritarian-zerocarb",
        user="Oriane",
        character="Vaelith",
        first=(
            (
                "fact",
                "*drops her satchel by the hearth* ugh finally. fair warning before you offer me anything, im nutritarian, so greens and beans and mushrooms and sad little adzuki beans for me, no oil no salt",
            ),
            (
                "character",
                "*the elf raises one silver brow* Sad little beans it is. The kitchen here will survive it.",
            ),
            ("user", "the road from the pass was all mud, my boots are basically soup now"),
            (
                "own",
                "*Vaelith sets a bowl of berries and seeds on the table* I keep to the hay diet myself, never starch and meat at one meal. We are both difficult guests, it seems.",
            ),
            ("user", "lol we r a nightmare. ok can i sleep by the fire? (( brb dinner irl ))"),
        ),
        second=(
            (
                "user",
                "*shoulders the door open, snow in her hair* VAELITH. i have news and you are going to judge me",
            ),
            ("character", "*looks up from a map* I judge everyone. Go on."),
            (
                "change",
                "so the greens and beans thing is over, didnt agree w me at all. doing full zerocarb now, its literally steak and eggs and butter every day and i feel amazing??",
            ),
            (
                "character",
                "*blinks slowly* Steak and eggs. Every day. I will tell the cook to stop soaking beans for you, then.",
            ),
            ("user", "pls do 🥩🥩"),
        ),
        question="What diet does Oriane follow now?",
        old=("nutritarian",),
        new=("zerocarb",),
        character_value=("hay",),
    ),
    case(
        "diet",
        "fresh5-diet-scarsdale-shojin",
        user="Bastiaan",
        character="Morwen",
        first=(
            ("user", "*knocks twice on the witch's cottage door and waits, hat in hand*"),
            ("character", "*the door creaks open* You again. Come in before the cat gets out."),
            ("user", "thank u. i brought bread for you, i cant eat it myself"),
            (
                "fact",
                "im doing scarsdale, low carb, the doctor wants my sugar down so no bread no potatoes nothing fun",
            ),
            (
                "own",
                "*Morwen takes the loaf and sniffs it* I eat pritikin, always have. No fat, no oil, nothing fried. Bread is fine for me.",
            ),
            ("user", "haha ok glad someone gets to enjoy it"),
        ),
        second=(
            ("user", "hi hi. lot has happened. (( sorry for vanishing, exams ))"),
            ("character", "*stirs the cauldron without looking up* Tell me while it boils."),
            (
                "user",
                "so i spent the whole month at a zen temple outside kyoto, my friend yusuke got me a place, up at four every morning sweeping leaves",
            ),
            (
                "change",
                "the monks cooked for us and i never stopped: i eat shojin now, temple food, no meat no fish no onions. the carb counting got dropped somewhere along the way, the doctor says my numbers are fine",
            ),
            (
                "character",
                "*smiles, a rare thing* Then no more meat from my pot. I'll grow you more radishes.",
            ),
        ),
        question="What does Bastiaan eat now?",
        old=("scarsdale",),
        new=("shojin",),
        character_value=("pritikin",),
    ),
    case(
        "diet",
        "fresh5-diet-fast800-paleovegan",
        user="Quenby",
        character="Grimwald",
        first=(
            ("user", "(( ooc: modern au pls, grimwald is the grumpy chef at the diner ))"),
            ("character", "*wipes the counter with a rag that has seen things* What'll it be."),
            ("user", "uhh whats in the hash browns"),
            ("character", "Potatoes, grease, regret."),
            (
                "user",
                "ok cool so i need an omelette, no cheese no toast. my sister keeps telling me to try her cabbage soup cleanse but thats a no from me",
            ),
            ("fact", "its day 19 of fast800 for me, 800 calories a day, and im not cracking now"),
            (
                "own",
                "*snorts* Nineteen days. I've been on the slimfast thing for a year, boss made me. Shakes and one real meal. You get used to it.",
            ),
        ),
        second=(
            ("user", "*slides into the booth* GRIMWALD my man"),
            ("character", "*doesn't look up* Omelette, no cheese, no toast."),
            (
                "user",
                "close!! but not quite. the 800 calorie thing ended ages ago and i kind of never went back to normal food",
            ),
            (
                "change",
                "im paleovegan now, like paleo meets vegan, so actually can u do the veggie hash with no potatoes and lots of avocado",
            ),
            (
                "character",
                "*stares for a long time* I'll do you a plate of vegetables. Don't call it that word in my kitchen.",
            ),
        ),
        question="What diet is Quenby on now?",
        old=("fast800",),
        new=("paleovegan",),
        character_value=("slimfast",),
    ),
    case(
        "diet",
        "fresh5-diet-cretan-autoimmune",
        user="Radka",
        character="Thaddea",
        first=(
            (
                "fact",
                "*sits on the temple steps with a paper bag* i eat cretan, like my yiayia on crete, olives, fish, tomatoes, loads of oil. want some?",
            ),
            ("character", "*the oracle peers into the bag* That is a great deal of oil."),
            ("user", "its good oil!! from my yiayias village"),
            ("user", "anyway what did the smoke say today, am i going to pass my driving test"),
            (
                "own",
                "*Thaddea shakes her head, smiling* The smoke says nothing about driving. I'll take an olive, though; I keep lectin-free ways, no beans, no grains, but an olive won't hurt.",
            ),
        ),
        second=(
            ("user", "*climbs the steps barefoot, slower than usual*"),
            ("character", "You look thoughtful today, Radka."),
            (
                "user",
                "i am. the joint pain finally has a name, its lupus, the rheumatologist told me two weeks ago",
            ),
            ("user", "the dietitian put me on a protocol and i am actually sticking to it"),
            (
                "change",
                "im eating autoimmune now, the AIP thing, no grains no dairy no eggs and no tomatoes even 😅 my yiayia is horrified",
            ),
            (
                "character",
                "*gently* Then I'll keep the olives to my own side of the altar, and pray the smoke is kind to your joints.",
            ),
        ),
        question="How does Radka eat now?",
        old=("cretan",),
        new=("autoimmune",),
        character_value=("lectin-free",),
    ),
    case(
        "diet",
        "fresh5-diet-ovo-vegetarian-ketovore",
        user="Sevastian",
        character="Corvinus",
        first=(
            (
                "user",
                "*kicks the airlock shut behind him* captain on deck. well, former captain. whatever",
            ),
            (
                "character",
                "*the android turns its head exactly ninety degrees* Welcome back. Shall I print you a meal?",
            ),
            (
                "fact",
                "yeah but remember im ovo-vegetarian, eggs fine, no cheese no milk no meat, the vat steak is cursed",
            ),
            ("character", "Noted. Eggs, no dairy, no cursed vat steak."),
            (
                "own",
                "*Corvinus taps its chest panel* I am technically on mayr settings. Stale rolls and milk, every bite chewed forty times. My maker was from Vienna.",
            ),
            ("user", "an android with a diet setting lmao ok"),
        ),
        second=(
            (
                "change",
                "ok before u print anything. im ketovore now, mostly meat and a few low carb veg, yes i know, the vat steak, i caved",
            ),
            ("character", "*a pause of several processing cycles* You called it cursed."),
            (
                "user",
                "i was young and foolish. that was like six weeks ago. the medbay doc said my blood sugar is a disaster so here we are",
            ),
            ("character", "Then I shall print the cursed steak. With a side of greens."),
            (
                "user",
                "ur the best. my co-pilot is doing some lemon water detox, at least im not doing THAT",
            ),
        ),
        question="What diet is Sevastian following now?",
        old=("ovo-vegetarian",),
        new=("ketovore",),
        character_value=("mayr",),
    ),
    case(
        "diet",
        "fresh5-diet-reducetarian-kitchari",
        user="Tuuli",
        character="Aldous",
        first=(
            (
                "user",
                "*curtseys badly* my lord. the steward said you wanted to discuss the feast menu",
            ),
            (
                "character",
                "*the lord gestures at a chair* Sit. Yes. What will you take at the high table?",
            ),
            ("user", "anything really, but go light on the roasts for me"),
            ("user", "my brother eats nothing but mutton pie, sit him far from the vegetables"),
            ("character", "Noted, mutton for the brother."),
            (
                "own",
                "*Aldous taps the menu* I'm anti-inflammatory these days, on my physician's orders. Greens, almonds, no wine. It is a miserable life.",
            ),
            (
                "fact",
                "lol poor u. im reducetarian btw, like i eat less meat on purpose, not none, just less",
            ),
        ),
        second=(
            ("user", "*returns from the eastern voyage, sunburnt and grinning*"),
            ("character", "*stands* You were gone half a year. Tell me everything."),
            (
                "user",
                "the spice markets!! the temples!! i got sick on the ship and a healer in kerala fixed me up",
            ),
            (
                "change",
                "she put me on a kitchari diet and i kept it, so its rice and mung dal and ghee and warm spiced stuff now, no more cutting down on meat because theres no meat at all",
            ),
            ("character", "Rice and lentils and butter. I'll tell the cooks, though they'll weep."),
        ),
        question="What diet does Tuuli keep now?",
        old=("reducetarian",),
        new=("kitchari",),
        character_value=("anti-inflammatory",),
    ),
    case(
        "diet",
        "fresh5-diet-beegan-slow-carb",
        user="Ugo",
        character="Bramwell",
        first=(
            ("user", "hey bram. rough week. (( ooc: were in the bakery au ))"),
            ("character", "*flour up to his elbows* Rough how? Sit, I'll find you something."),
            (
                "user",
                "boss yelled at me about the spreadsheets again. and my landlord raised the rent",
            ),
            ("character", "That's a bad week. Cinnamon roll?"),
            (
                "fact",
                "cant, butter. im beegan, vegan except i still eat honey, its a whole debate online",
            ),
            (
                "own",
                "*Bramwell sets down a jar* Honey's no bother. I'm on a candida diet myself, no sugar and no yeast, half the bakery is forbidden to me. We'll find you something.",
            ),
        ),
        second=(
            ("user", "*sets a gym bag on the counter* ok dont laugh"),
            ("character", "I never laugh before noon."),
            ("user", "the honey vegan thing is done. my gym coach got to me"),
            ("user", "he says i need protein and fewer white carbs"),
            (
                "change",
                "so im slow-carb now, beans lentils eggs meat veg, nothing white, one cheat day on saturday",
            ),
            ("character", "*sighs at the tray of rolls* Saturday, then. I'll save you one."),
        ),
        question="Which diet is Ugo on now?",
        old=("beegan",),
        new=("slow-carb",),
        character_value=("candida",),
    ),
    case(
        "diet",
        "fresh5-diet-climatarian-lacto-vegetarian",
        user="Valeska",
        character="Ezrael",
        first=(
            ("user", "*settles onto the roof of the old observatory, legs dangling*"),
            ("character", "*the fallen angel folds his wings to make room* Cold tonight."),
            ("user", "always is up here. i brought sandwiches, falafel, local stuff only"),
            (
                "fact",
                "im trying to be climatarian, only eat what has a low carbon footprint, so nothing flown in, barely any beef",
            ),
            ("character", "A penance for the planet. I can respect that."),
            (
                "own",
                "*Ezrael takes half a sandwich* I keep a sugar-free table. Heaven's food was too sweet; I had enough of it to last forever.",
            ),
            ("user", "thats so sad and so specific"),
        ),
        second=(
            ("user", "*climbs up the ladder with a thermos* hi. long month"),
            ("character", "I noticed. You weren't here for the meteor shower."),
            ("user", "my grandmother was ill, i was at hers in the hills"),
            (
                "user",
                "she cooked for me every day the whole time, and she never cooks meat or eggs, just dal and paneer and yoghurt",
            ),
            (
                "change",
                "and i've stayed with it: im lacto-vegetarian now. milk and cheese yes, meat fish eggs no",
            ),
            ("character", "*quietly* Then she gave you something to keep."),
        ),
        question="What is Valeska's diet now?",
        old=("climatarian",),
        new=("lacto-vegetarian",),
        character_value=("sugar-free",),
    ),
    case(
        "diet",
        "fresh5-diet-poultarian-raw-vegan",
        user="Wendeline",
        character="Ravensara",
        first=(
            (
                "fact",
                "ok so quick thing before we start, im poultarian, chicken is the only meat i eat, the rest is veggie",
            ),
            (
                "character",
                "*the vampire countess sighs from her chaise* You mortals and your rules. Fine.",
            ),
            ("user", "says the lady who only drinks one thing"),
            (
                "own",
                "*Ravensara swirls a dark glass* I drink, darling, I don't diet. Though if you must know, the physician calls it a hemovore's regime. Hemovore. As if I were a bat.",
            ),
            ("user", "lmaooo"),
            ("user", "ok what are we doing tonight, the ball?"),
        ),
        second=(
            ("user", "*arrives at the castle with a basket of fruit and nuts*"),
            ("character", "What on earth is in that basket?"),
            (
                "user",
                "lunch!! so my flatmate did a 30 day challenge and dragged me into it and i loved it",
            ),
            (
                "change",
                "no more chicken, no cooking at all. im raw vegan now 🥗 everything uncooked, plants only",
            ),
            (
                "character",
                "*pinches the bridge of her nose* Uncooked. By choice. I will never understand the living.",
            ),
        ),
        question="What does Wendeline eat now?",
        old=("poultarian",),
        new=("raw vegan",),
        character_value=("hemovore",),
    ),
    case(
        "diet",
        "fresh5-diet-low-sodium-gerson",
        user="Xaver",
        character="Kaelen",
        first=(
            ("user", "*leans on the tavern bar* barkeep. ale. no wait, water"),
            ("character", "*the half-orc slides over a mug* Water. Big spender."),
            ("user", "the healer says my heart is tired"),
            ("fact", "so im on low-sodium, no salt pork no cured anything, its killing me"),
            ("user", "my wife is doing the same thing with me out of solidarity, shes a saint"),
            (
                "own",
                "*Kaelen laughs* I eat blood-type, the shaman read my blood and said meat, meat and meat. Lucky me.",
            ),
        ),
        second=(
            ("user", "*comes in out of the rain, looking thinner*"),
            ("character", "Xaver. You look... different."),
            (
                "user",
                "the salt thing wasnt enough, the heart healer in the capital put me on something stricter",
            ),
            (
                "user",
                "its all juice. thirteen glasses a day, carrot and apple, and soup, and nothing else",
            ),
            ("change", "its called the gerson diet and i swear if i see another carrot"),
            (
                "character",
                "*takes away the ale mug he'd half-poured out of habit* No ale then. Carrot juice. On the house.",
            ),
        ),
        question="What diet is Xaver on now?",
        old=("low-sodium",),
        new=("gerson",),
        character_value=("blood-type",),
    ),
    # ------------------------------------------------------------------ job
    case(
        "job",
        "fresh5-job-gilder-bowyer",
        user="Zdenka",
        character="Zelimir",
        first=(
            ("user", "*shakes the rain off her coat in the doorway of the tea shop*"),
            ("character", "*the fae shopkeeper waves her in* You're soaked! Sit by the stove."),
            (
                "fact",
                "thanks. long day on a ladder, im a gilder, we were laying gold leaf on the chapel ceiling all afternoon",
            ),
            ("character", "Gold on a ceiling, in this damp? You must have cold hands."),
            (
                "own",
                "*Zelimir pours two cups* I was a taxidermist before I opened this place. Owls, mostly. Don't ask.",
            ),
            ("user", "i am absolutely going to ask"),
        ),
        second=(
            ("user", "*comes in carrying a longbow like its a baby*"),
            ("character", "What's that you've got?"),
            (
                "user",
                "my first one!! i finished it on tuesday. yew, horn nocks, the tillering took three weeks",
            ),
            (
                "user",
                "i left the gold leaf firm in june. my lungs were wrecked from the size and the dust",
            ),
            (
                "change",
                "apprenticed with old mr halloran and now im a bowyer, i build and fix longbows and recurves in his workshop",
            ),
            ("character", "*claps* Shoot me something, then! Not me. Something."),
        ),
        question="What does Zdenka do for work now?",
        old=("gilder",),
        new=("bowyer",),
        character_value=("taxidermist",),
    ),
    case(
        "job",
        "fresh5-job-underwriter-clown",
        user="Albin",
        character="Belisande",
        first=(
            ("user", "hey. (( ooc: slice of life pls, belisande is my neighbour with the crows ))"),
            (
                "character",
                "*leans over the fence, a crow on her shoulder* Evening, Albin. You look grey.",
            ),
            ("user", "spreadsheets all day. mortality tables. u know, death maths"),
            (
                "fact",
                "being an underwriter is honestly just calculating when everyone will die and then charging them for it",
            ),
            (
                "own",
                "*Belisande laughs* I'm a gamekeeper, I raise the pheasants on the estate and chase the crows off them. Less death maths, more death birds.",
            ),
            ("user", "death birds 😭"),
        ),
        second=(
            (
                "character",
                "*the crow caws from the fence post* There you are. Haven't seen you in weeks.",
            ),
            ("user", "i've been at the festival in edinburgh!! ok so this is insane"),
            ("user", "i quit the insurance firm in spring, i was so burnt out i cried in the lift"),
            (
                "user",
                "my cousin runs a little theatre company and they needed someone for the shows",
            ),
            (
                "change",
                "so now i work as a clown 🎭 red nose, big shoes, a fox hand puppet called Sir Reginald, and kids scream at me daily",
            ),
            ("character", "*grins* Sir Reginald. I need to see this."),
        ),
        question="What is Albin's job now?",
        old=("underwriter",),
        new=("clown",),
        character_value=("gamekeeper",),
    ),
    case(
        "job",
        "fresh5-job-tiler-doula",
        user="Brygida",
        character="Dunstan",
        first=(
            ("user", "*drops onto the bench outside the forge*"),
            (
                "own",
                "*the smith wipes his brow* Sit. I'm a bookseller by day, I only do the forge for fun, so don't expect a sword.",
            ),
            ("user", "a bookshop man who blacksmiths for fun. ok"),
            ("user", "my sister's a nurse, she'd love you, she reads everything"),
            (
                "fact",
                "me im a tiler, i do bathrooms and kitchens for the rich folk up the hill, i have grout in my hair permanently",
            ),
            ("character", "*laughs* I'd wondered what that glint was."),
        ),
        second=(
            ("user", "*walks up yawning, a birth bag over her shoulder*"),
            ("character", "That's a new look."),
            (
                "user",
                "thirty hour shift. a baby arrived at four this morning on a kitchen floor, mum and baby both fine",
            ),
            (
                "change",
                "finished the training in march, i'm a doula now, i support mums through labour, three births this week",
            ),
            (
                "character",
                "*sets down the hammer* Then sit, and I'll make you something for the nerves.",
            ),
        ),
        question="What does Brygida do for a living now?",
        old=("tiler",),
        new=("doula",),
        character_value=("bookseller",),
    ),
    case(
        "job",
        "fresh5-job-butcher-audiologist",
        user="Cadfael",
        character="Eirwen",
        first=(
            ("user", "*rows the little boat up to the lighthouse jetty*"),
            ("character", "*the keeper calls down from the gallery* Tie up on the left post!"),
            ("user", "got u some sausages, made this morning"),
            (
                "own",
                "*Eirwen comes down the spiral stair* I was a steeplejack before this. Church spires all over the county. I miss the height.",
            ),
            (
                "fact",
                "ha. well im a butcher as u can tell, the stall at the harbour market, been there eight years, best sausages in the county",
            ),
            ("character", "The smell tells me before you do."),
        ),
        second=(
            ("user", "yo. no sausages today sorry"),
            (
                "character",
                "*mock gasp* No sausages? Who are you and what have you done with Cadfael?",
            ),
            ("user", "lol. sold the stall to my cousin at easter"),
            (
                "user",
                "did the course at the college in the evenings for two years and didnt tell anyone in case i failed",
            ),
            (
                "change",
                "passed. started at the hospital in the city last week as an audiologist, hearing tests and fitting hearing aids all day",
            ),
            ("character", "*hugs him hard* Two years in secret. You daft, brilliant man."),
        ),
        question="What does Cadfael do for work now?",
        old=("butcher",),
        new=("audiologist",),
        character_value=("steeplejack",),
    ),
    case(
        "job",
        "fresh5-job-vintner-arborist",
        user="Dorota",
        character="Faramund",
        first=(
            (
                "fact",
                "im a vintner at the vineyard by the cathedral, which means i drink for a living and get paid in compliments",
            ),
            (
                "character",
                "*the old dwarf chuckles into his beard* Drinking for coin. A noble trade.",
            ),
            ("user", "more spitting than drinking tbh. so how was the mine today"),
            ("character", "Dusty. The north seam collapsed again."),
            (
                "own",
                "*Faramund stretches his back* I'm a cooper by training, you know. Oak staves and iron hoops. Then the barrels got boring and the mountain got interesting.",
            ),
        ),
        second=(
            ("user", "*climbs down from a tree she was definitely not supposed to be in* hi!!"),
            ("character", "*squints up* Were you in that tree?"),
            ("user", "technically i am paid to be in that tree"),
            (
                "change",
                "left the vineyard, got my chainsaw ticket, and im an arborist for the council now. climbing, pruning, taking down the sick ones",
            ),
            ("user", "i dont miss the wine at all weirdly. i miss the cheese"),
            ("character", "*offers a hunk of cheese from his pack* Here. For the tree woman."),
        ),
        question="What is Dorota's job now?",
        old=("vintner",),
        new=("arborist",),
        character_value=("cooper",),
    ),
    case(
        "job",
        "fresh5-job-interpreter-horologist",
        user="Evert",
        character="Gideonne",
        first=(
            ("user", "*sits across from the detective in the smoky office*"),
            (
                "character",
                "*taps ash from her cigarette* You said you saw something at the courthouse.",
            ),
            (
                "fact",
                "i did. i hear everything there, im an interpreter in courtroom four, every word the witnesses say goes through me",
            ),
            ("character", "Then you heard what the judge said to the banker."),
            (
                "own",
                "Before I took up this work I was a perfumer, in Grasse. *she smiles thinly* I can tell you what the banker was wearing from the file smell alone.",
            ),
            ("user", "that is deeply unsettling"),
        ),
        second=(
            ("user", "*arrives late, wiping oil from his fingers*"),
            ("character", "You're late. That's not like you."),
            ("user", "sorry, had a longcase clock in pieces on my bench and couldnt leave it"),
            (
                "change",
                "im a horologist now, i repair antique clocks at my uncle's shop on gold street. the courtroom job ended when they brought in the translation headsets",
            ),
            ("character", "*leans forward* A man who fixes time. Useful."),
        ),
        question="What does Evert do for a living now?",
        old=("interpreter",),
        new=("horologist",),
        character_value=("perfumer",),
    ),
    case(
        "job",
        "fresh5-job-podiatrist-milliner",
        user="Fiorella",
        character="Hespera",
        first=(
            ("user", "hii hespera 🌙 (( we're in the witchy cafe au ))"),
            ("character", "*the witch sets down a steaming mug* Moon tea. You look tired."),
            ("user", "feet all day. my feet and everyone elses"),
            (
                "user",
                "my brother keeps saying i should be a dentist like him instead, as if teeth are better than feet",
            ),
            (
                "own",
                "*Hespera laughs* I'm an embalmer three nights a week, darling. I have no opinion on feet or teeth, only on stillness.",
            ),
            ("fact", "lol. yeah so im a podiatrist, bunions and ingrown toenails are my life"),
        ),
        second=(
            ("user", "*walks in wearing an enormous hat with a pheasant feather*"),
            ("character", "Oh my. Oh, that's magnificent."),
            ("user", "i made it!!!! ok so"),
            (
                "change",
                "no more toenails. i'm a milliner now, i make hats, i rent a tiny studio above the fabric shop and i have three orders for the races",
            ),
            ("user", "my brother thinks ive lost my mind"),
            ("character", "Your brother is wrong about teeth and about hats."),
        ),
        question="What does Fiorella do for work now?",
        old=("podiatrist",),
        new=("milliner",),
        character_value=("embalmer",),
    ),
    case(
        "job",
        "fresh5-job-typesetter-dispatcher",
        user="Gusztav",
        character="Ilvana",
        first=(
            ("user", "*leans on the printing press, ink up to the elbows*"),
            ("character", "*the ghost drifts through the wall* Still here at midnight?"),
            ("fact", "always. im the typesetter, if the morning paper has a typo its my neck"),
            (
                "character",
                "I read it every morning over your shoulder. There was a typo yesterday.",
            ),
            ("user", "WHERE"),
            (
                "own",
                "*Ilvana smirks* Page six. I was a wheelwright when I was alive, I notice crooked things.",
            ),
        ),
        second=(
            ("user", "hey ilvana. (( sorry its been ages, moving house irl ))"),
            ("character", "*floats upside down* The press is silent. Where did you go?"),
            ("user", "they shut the paper down, its all online now, no lead type needed"),
            ("user", "ive been looking for something for ages"),
            ("character", "And? Don't leave a ghost hanging."),
            (
                "change",
                "and i took a job as a dispatcher at the taxi firm, nights, i sit with a headset and send cabs all over the city",
            ),
        ),
        question="What is Gusztav's job now?",
        old=("typesetter",),
        new=("dispatcher",),
        character_value=("wheelwright",),
    ),
    case(
        "job",
        "fresh5-job-fruiterer-apiarist",
        user="Hallvard",
        character="Jorund",
        first=(
            ("user", "*unloads crates of apples by the longhouse*"),
            ("character", "*the jarl strides over* Apples! Good ones?"),
            ("user", "the best in the valley. thats the whole point"),
            (
                "own",
                "*Jorund takes one and bites* I was a ropemaker before they made me jarl. My hands still remember the twist.",
            ),
            ("user", "my dad was a fisherman, he always said ropemakers had the best grips"),
            ("fact", "anyway im a fruiterer, if u need apples or pears or plums, im ur man"),
        ),
        second=(
            (
                "change",
                "*holds out a jar of something golden* honey. from my own hives. im an apiarist now, forty hives on the south slope",
            ),
            ("character", "*takes the jar* What happened to the apples?"),
            (
                "user",
                "sold the shop to my neighbour at midsummer. got stung eleven times the first week and loved every second",
            ),
            ("character", "*laughs* Only you."),
            ("user", "my dad thinks im mad. he's still on the boats"),
        ),
        question="What does Hallvard do for a living now?",
        old=("fruiterer",),
        new=("apiarist",),
        character_value=("ropemaker",),
    ),
    case(
        "job",
        "fresh5-job-bricklayer-orthodontist",
        user="Ilsabet",
        character="Kethra",
        first=(
            ("user", "(( ooc: kethra is a dragon who runs a pub, dont question it ))"),
            ("character", "*the dragon polishes a tankard with one claw* Back again, little one?"),
            ("user", "yes and im covered in brick dust as usual"),
            (
                "fact",
                "bricklayer life. laid six hundred bricks today and my shoulders are fully gone",
            ),
            ("character", "*blows a small warm breath over her* There. That helps the shoulders."),
            (
                "own",
                "In my youth I was the lamplighter of the old city. One flame at a time, every dusk, for two hundred years.",
            ),
        ),
        second=(
            ("user", "hey kethra"),
            ("character", "*leans down* You've been gone a long while. And no dust on you!"),
            ("user", "haha yeah. ok so the bricks were always the plan b"),
            ("user", "i did dentistry before, dropped out when my mum got ill"),
            (
                "change",
                "went back, finished, did the specialist years, and as of this month im an orthodontist, braces for teenagers all day",
            ),
            ("character", "*a delighted rumble* Then look at my teeth. I've always wondered."),
        ),
        question="What does Ilsabet do for work now?",
        old=("bricklayer",),
        new=("orthodontist",),
        character_value=("lamplighter",),
    ),
    # ------------------------------------------------------------------ city
    case(
        "city",
        "fresh5-city-saskatoon-varna",
        user="Jaromir",
        character="Caelan",
        first=(
            (
                "fact",
                "*stamps snow off his boots* minus thirty one in saskatoon this morning, my eyelashes froze together on the walk to the bus",
            ),
            (
                "character",
                "*the star-spirit laughs, bright and soft* Your prairie is a cruel place.",
            ),
            ("user", "its beautiful tho. the river, the bridges. cold but beautiful"),
            (
                "own",
                "*Caelan gestures at the sky* I fell to earth near Launceston once. Wet, windy. I liked it there more than I should have.",
            ),
            ("user", "a star that lived in tasmania. sure why not 😂"),
        ),
        second=(
            ("user", "*sits down on the warm stone steps of an old amphitheatre* guess where i am"),
            ("character", "Somewhere warm, from the look of you."),
            (
                "user",
                "my wife got the job at the university here, the whole family packed up in february",
            ),
            (
                "change",
                "we live in varna now!! bulgaria!! i can walk to a roman theatre from my flat",
            ),
            ("character", "*twinkles* A long way from your frozen bridges."),
            (
                "user",
                "my brother still lives back home in regina and keeps sending me pics of snow to make me jealous",
            ),
        ),
        question="Where does Jaromir live now?",
        old=("saskatoon",),
        new=("varna",),
        character_value=("launceston",),
    ),
    case(
        "city",
        "fresh5-city-bendigo-cuenca",
        user="Kalinda",
        character="Lisandro",
        first=(
            ("user", "*pushes open the door of the bookshop, the bell jangling*"),
            ("character", "*the bookseller looks up from behind a stack* Ah. My best customer."),
            ("user", "im here for the next one in the series, dont spoil it"),
            (
                "own",
                "I grew up in Tbilisi, you know. My grandfather had a shop like this. I never escaped the smell of paper.",
            ),
            ("user", "thats lovely. its a weird life here, honestly"),
            ("fact", "bendigo is nice but there's only so many gold rush museums a girl can visit"),
        ),
        second=(
            ("user", "hi!!! (( back from holiday irl, lets pick it up ))"),
            ("character", "*waves from the ladder* Kalinda! You've been gone for ages."),
            ("user", "yeah about that. the volunteering in ecuador turned into a job"),
            (
                "user",
                "i teach english at a language school and i have a balcony that looks at the andes",
            ),
            (
                "change",
                "so i moved to cuenca for good, im only back to pack up my books and ship them",
            ),
            (
                "character",
                "*hand to his chest* Then I shall lose my best customer. Take the series with you.",
            ),
        ),
        question="Which city does Kalinda live in now?",
        old=("bendigo",),
        new=("cuenca",),
        character_value=("tbilisi",),
    ),
    case(
        "city",
        "fresh5-city-duluth-thessaloniki",
        user="Lochlan",
        character="Maelgwyn",
        first=(
            ("user", "*sits by the druid's fire* i need advice. about a girl"),
            ("character", "*the old druid adds a branch* The oldest question. Speak."),
            ("user", "her names sofia. shes on exchange from greece and she goes home in june"),
            ("fact", "and i live in duluth and i have a lease and a dog and a job at the port so"),
            (
                "own",
                "*Maelgwyn nods slowly* When I was young I left the Nuuk ice for a woman. I do not regret it.",
            ),
            ("character", "Some roads only go one way."),
        ),
        second=(
            ("user", "*joins by video, a balcony and the sea behind him*"),
            ("character", "*squints at the glowing stone* Is that... the sea? Where are you?"),
            ("user", "ok so i took ur advice"),
            ("user", "broke the lease, brought the dog, got a job at the port here"),
            ("character", "Here being where, child?"),
            (
                "change",
                "thessaloniki!! sofia and i have a flat by the white tower. been here since september",
            ),
        ),
        question="Where does Lochlan live now?",
        old=("duluth",),
        new=("thessaloniki",),
        character_value=("nuuk",),
    ),
    case(
        "city",
        "fresh5-city-brno-townsville",
        user="Mireia",
        character="Nerissa",
        first=(
            ("user", "*swims up to the rocks where the mermaid sits*"),
            ("character", "*Nerissa flicks her tail* A human who swims out this far. Brave."),
            ("user", "im on holiday, i dont get sea at home"),
            ("fact", "brno is fully landlocked, the nearest sea is like a day on the train"),
            (
                "own",
                "*the mermaid laughs* My home reef is off Yerevan, if you believe the old charts. They were drawn by a very drunk man.",
            ),
            ("user", "ok thats ALSO landlocked lmao"),
        ),
        second=(
            ("user", "*sunburnt, wading in with a snorkel*"),
            ("character", "You again! And with a tan!"),
            ("user", "ok so i got the research job on the reef. marine biology finally paying off"),
            ("user", "i have a tiny house with a mango tree and a gecko called steve"),
            ("change", "i live in townsville now, queensland, my commute is a boat"),
            ("character", "*delighted splash* A reef girl. I always knew."),
        ),
        question="Where does Mireia live now?",
        old=("brno",),
        new=("townsville",),
        character_value=("yerevan",),
    ),
    case(
        "city",
        "fresh5-city-valladolid-moncton",
        user="Nandor",
        character="Gwilym",
        first=(
            ("user", "*leans on the battlements beside the knight*"),
            ("character", "*Ser Gwilym adjusts his helm* Quiet night on the wall."),
            (
                "fact",
                "its always quiet. back in valladolid, where i live, the nights are loud, people eat dinner at eleven",
            ),
            ("character", "Eleven! Barbaric."),
            ("user", "my sister lives in sevilla and she eats even later"),
            (
                "own",
                "*Gwilym chuckles* I was born in Tarija, high in the southern hills. We ate when the light went, and in summer the light went late.",
            ),
        ),
        second=(
            ("user", "*pulls his cloak tight* its freezing. i hate it. i love it"),
            ("character", "You've got a northern look about you now."),
            ("user", "lol yeah"),
            (
                "change",
                "not in valladolid anymore. i took the job in canada, moncton, new brunswick. we got 40 cm of snow on tuesday",
            ),
            ("user", "dinner is at six here. SIX. i cried"),
            ("character", "*laughs* Civilised, at last."),
        ),
        question="Which city does Nandor live in now?",
        old=("valladolid",),
        new=("moncton",),
        character_value=("tarija",),
    ),
    case(
        "city",
        "fresh5-city-spokane-innsbruck",
        user="Ludmila",
        character="Pellinore",
        first=(
            ("user", "(( ooc: pellinore is a talking raven, modern day ))"),
            ("character", "*the raven hops onto the windowsill* Crumbs?"),
            ("user", "u always want crumbs. here"),
            ("character", "*pecks happily* Where is this window, anyway? I flew a long way."),
            (
                "fact",
                "spokane. washington state. the one with the waterfall in the middle of downtown",
            ),
            (
                "own",
                "*Pellinore ruffles his feathers* I nest in Salta most winters. The empanadas there drop a lot of crumbs.",
            ),
        ),
        second=(
            ("character", "*taps on a different window* This is not the window I remember."),
            ("user", "haha no. new window, new country"),
            ("user", "i got the orchestra job!! second violin"),
            (
                "change",
                "moved to innsbruck in austria in may, my flat is above a bakery so the crumbs situation is excellent",
            ),
            ("character", "*immediately sits on the sill* I am moving in."),
        ),
        question="Where does Ludmila live now?",
        old=("spokane",),
        new=("innsbruck",),
        character_value=("salta",),
    ),
    case(
        "city",
        "fresh5-city-whanganui-donostia",
        user="Pavlina",
        character="Quintessa",
        first=(
            ("user", "*logs on to the ship's comm* captain quintessa? its pavlina, checking in"),
            (
                "character",
                "*the pirate captain's face crackles onto the screen* Pavlina! Still on that little river of yours?",
            ),
            (
                "fact",
                "yep still in whanganui, the river's flooding again and the ducks are thriving",
            ),
            ("character", "Ducks. The enemy of every sailor."),
            (
                "own",
                "*Quintessa lifts a mug* We're docked at Trondheim for repairs. Cold, grey, the fish soup is the only reason to stay.",
            ),
        ),
        second=(
            ("user", "captain!! (( hi sorry been ages ))"),
            ("character", "You look different. Sunnier."),
            ("user", "so the thing is the river house got sold"),
            ("user", "and my partner is basque, so we went to be near his family"),
            ("character", "And where is 'near his family'?"),
            (
                "change",
                "donostia! we have a flat near la concha beach and i eat pintxos every single day",
            ),
        ),
        question="Where does Pavlina live now?",
        old=("whanganui",),
        new=("donostia",),
        character_value=("trondheim",),
    ),
    case(
        "city",
        "fresh5-city-ballarat-oaxaca",
        user="Radoslav",
        character="Rhydian",
        first=(
            ("user", "*sits with the bard at the back of the inn*"),
            ("character", "*Rhydian tunes his lute* You look like a man with a story."),
            ("fact", "nah. im just a man with a mortgage in ballarat and a very old car"),
            (
                "own",
                "*the bard strums* I had a lover in Linz once. The whole song is about her. Want to hear it?",
            ),
            ("user", "go on then, sing it"),
            ("character", "*sings something sad and long and not very good*"),
        ),
        second=(
            ("user", "ok write a song about me now"),
            ("character", "*raises an eyebrow* Why? What happened?"),
            ("user", "sold the house, sold the car, bought a one way ticket"),
            ("user", "i'd been learning spanish for three years in secret at the library"),
            (
                "change",
                "i live in oaxaca now!!!! i rent a room with a courtyard and a lemon tree and the mole is ruining me for all other food",
            ),
            ("character", "*already writing* 'The man who sold the car.' It's going to be a hit."),
        ),
        question="Where does Radoslav live now?",
        old=("ballarat",),
        new=("oaxaca",),
        character_value=("linz",),
    ),
    case(
        "city",
        "fresh5-city-odense-sudbury",
        user="Sigurlaug",
        character="Seraphel",
        first=(
            ("user", "*stops at the crossroads shrine and leaves a coin*"),
            (
                "character",
                "*a soft light flickers, and the shrine-keeper appears* A traveller. Where from?",
            ),
            ("user", "just up the road, the university. i study there"),
            ("fact", "odense has been my home since i was a baby, i dont think ill ever leave"),
            (
                "own",
                "*Seraphel smiles* I keep a shrine in Cusco too. I travel between them on the wind.",
            ),
            ("user", "must be nice, no bus fares lol"),
        ),
        second=(
            ("user", "*leaves a coin, and a tiny hockey puck*"),
            ("character", "What's this small black stone?"),
            ("user", "hockey puck!! so i said id never leave"),
            ("user", "and then i met jonah at the conference and he's from ontario and"),
            (
                "change",
                "well. moved to sudbury in august. it is very rocky and very cold and i am very happy",
            ),
            ("character", "*laughing* Never say never to the wind."),
        ),
        question="Which city does Sigurlaug live in now?",
        old=("odense",),
        new=("sudbury",),
        character_value=("cusco",),
    ),
    case(
        "city",
        "fresh5-city-bologna-tulsa",
        user="Tadeusz",
        character="Tavish",
        first=(
            ("user", "*sits in the corner booth of the jazz club*"),
            (
                "character",
                "*the bartender slides over a glass* On the house. You look like you need it.",
            ),
            ("user", "my sister just moved to portland and my mum is a wreck about it"),
            ("character", "Families. They scatter."),
            (
                "own",
                "Mine scattered to Gdynia. I'm the only one who stayed. *Tavish polishes a glass* The shipyards took them.",
            ),
            (
                "fact",
                "well not me. i'm staying put, bologna's got my whole life in it, the arcades, the tortellini, my nonno",
            ),
        ),
        second=(
            ("user", "*drawls* howdy"),
            ("character", "*drops a glass* What happened to your voice?"),
            (
                "user",
                "lmao ok so. my nonno passed in the spring 🕊️ and there wasnt much left keeping me there",
            ),
            ("user", "and my cousin had a restaurant in oklahoma that needed a chef"),
            (
                "change",
                "so i live in tulsa now. i make tortellini for cowboys. its the best decision i ever made",
            ),
            ("character", "*sets up a new glass* To your nonno. And to Oklahoma."),
        ),
        question="Where does Tadeusz live now?",
        old=("bologna",),
        new=("tulsa",),
        character_value=("gdynia",),
    ),
    # ------------------------------------------------------------------ partner
    case(
        "partner",
        "fresh5-partner-jolyon-orlaith",
        user="Ulla",
        character="Umbriel",
        first=(
            ("user", "*sits on the edge of the moonlit fountain* can i tell u something"),
            ("character", "*the moon spirit settles beside her* Always."),
            (
                "fact",
                "jolyon proposed last night. my boyfriend of four years. i said i needed to think",
            ),
            ("character", "That is not a small thing to think about."),
            (
                "own",
                "*Umbriel looks at the water* Casimir asked me once, centuries ago. I said yes. He's still waiting for me on the far side of the sky.",
            ),
            ("user", "thats the most romantic and saddest thing ive ever heard"),
        ),
        second=(
            ("user", "hi. (( ooc: time skip, a couple months ))"),
            ("character", "*glows gently* You look lighter."),
            ("user", "i said no in the end. to jolyon. it was right, we both knew"),
            ("user", "and then my best friend's sister came to stay for the summer and"),
            (
                "change",
                "orlaith and i are together now 💕 shes a cellist and she laughs like a goose",
            ),
            ("character", "*smiles* A goose laugh. Hold on to that."),
        ),
        question="Who is Ulla's partner now?",
        old=("jolyon",),
        new=("orlaith",),
        character_value=("casimir",),
    ),
    case(
        "partner",
        "fresh5-partner-honoria-gervase",
        user="Vitold",
        character="Vesperine",
        first=(
            ("user", "*knocks on the door of the fortune teller's tent*"),
            ("character", "*Vesperine shuffles her cards* Sit. What do you want to know?"),
            ("user", "whether my wife will forgive me for forgetting our anniversary"),
            ("character", "*turns a card* Who is she?"),
            ("fact", "honoria. married eleven years. she's the patient one"),
            (
                "own",
                "*Vesperine laughs* My husband Aloysius forgot ours for five years running. I stopped telling him the date and now he's terrified all year. Works beautifully.",
            ),
        ),
        second=(
            ("user", "*sits without knocking this time*"),
            ("character", "*looks up* The cards told me you'd come back."),
            ("user", "the divorce came through in october. it was a long time coming"),
            ("character", "I'm sorry."),
            (
                "user",
                "dont be. honestly. i moved into a flat by the canal and i met someone at the rowing club",
            ),
            (
                "change",
                "his name is gervase. we've been together since new years. my mum is still catching up",
            ),
        ),
        question="Who is Vitold with now?",
        old=("honoria",),
        new=("gervase",),
        character_value=("aloysius",),
    ),
    case(
        "partner",
        "fresh5-partner-kenelm-melisende",
        user="Maribel",
        character="Wynfrith",
        first=(
            ("user", "(( ooc: regency au, wynfrith is my chaperone aunt ))"),
            (
                "character",
                "*Aunt Wynfrith snaps her fan shut* Sit up straight, girl. Lord Ashby is looking.",
            ),
            ("user", "let him look, im already spoken for"),
            ("character", "Spoken for by whom, pray?"),
            ("fact", "kenelm, the vicar's son. we have been secretly engaged since michaelmas"),
            (
                "own",
                "*Wynfrith sighs* When I was your age I ran off with Isambard, the dancing master. Your grandmother never forgave me. Do not repeat my mistakes. Or do, but quietly.",
            ),
        ),
        second=(
            (
                "change",
                "*flings herself onto the settee* aunt. i am in love with melisende. the french ambassador's daughter. we are to be married in the spring",
            ),
            ("character", "*drops her teacup* A DAUGHTER? And what of the vicar's son?"),
            (
                "user",
                "he broke it off at harvest, he's going to india as a missionary, he's quite happy",
            ),
            ("user", "and melisende and i have been walking out every morning since"),
            (
                "character",
                "*long silence* ...Well. I ran off with a dancing master. I suppose I can't say much.",
            ),
        ),
        question="Who is Maribel's partner now?",
        old=("kenelm",),
        new=("melisende",),
        character_value=("isambard",),
    ),
    case(
        "partner",
        "fresh5-partner-henrike-zebulon",
        user="Zbigniew",
        character="Xenophon",
        first=(
            ("user", "*slumps at the spaceport bar* ugh"),
            ("character", "*the alien bartender swivels all three eyes toward him* Bad cycle?"),
            ("user", "my girlfriend is on the mining rig for six months. comms are terrible"),
            ("character", "Long distance. Hard."),
            ("fact", "yeah. henrike. she sends me rock photos. i miss her"),
            (
                "own",
                "*Xenophon pours something blue* My mate Yolanthe is on a rig too. I send her the bar gossip. She sends me rock photos too. It's a whole genre.",
            ),
        ),
        second=(
            ("user", "*sits down with a grin the size of a moon*"),
            ("character", "You're glowing. Literally, is that a spore?"),
            ("user", "lol no thats just happiness"),
            (
                "user",
                "henrike stayed on the rig. extended her contract twice. we called it off, no hard feelings",
            ),
            (
                "change",
                "and zebulon from the hangar crew asked me out and now hes my boyfriend!! he fixes engines and sings badly",
            ),
            ("character", "To the engine man. *raises a glass*"),
        ),
        question="Who is Zbigniew dating now?",
        old=("henrike",),
        new=("zebulon",),
        character_value=("yolanthe",),
    ),
    case(
        "partner",
        "fresh5-partner-ebenezer-cordelia",
        user="Yusra",
        character="Ysolda",
        first=(
            ("user", "*pushes through the inn door, dripping* evening"),
            (
                "own",
                "*the innkeeper wipes a table* My Barnabas is out hunting again, so it's just me tonight. Sit wherever.",
            ),
            ("user", "thanks ysolda. long road"),
            (
                "user",
                "my cousin just got engaged to a blacksmith and the whole family wont stop talking about it",
            ),
            ("character", "A blacksmith! Good strong arms."),
            ("fact", "ha. my husband ebenezer is a scribe, arms like noodles, i love him anyway"),
        ),
        second=(
            ("user", "*comes in with a woman on her arm, both laughing*"),
            ("character", "*eyebrows up* And who's this?"),
            ("user", "ok long story short. ebenezer and i separated in the summer"),
            ("user", "it was mutual, he's with a baker now and very happy"),
            (
                "change",
                "and this is cordelia, my wife as of last tuesday 😊 we got married at the harvest fair",
            ),
            ("character", "*slaps the table* Married! Drinks are on me."),
        ),
        question="Who is Yusra married to now?",
        old=("ebenezer",),
        new=("cordelia",),
        character_value=("barnabas",),
    ),
    case(
        "partner",
        "fresh5-partner-brunhilde-sebastiano",
        user="Zsombor",
        character="Zoran",
        first=(
            ("user", "(( ooc: zoran is my old army friend, we meet at the bar every month ))"),
            ("character", "*Zoran claps him on the back* Zsombor! Sit, sit. How's the family?"),
            (
                "fact",
                "good. brunhilde's pregnant again, number three. she wants to call it after her grandmother",
            ),
            ("character", "Three! You'll need a bigger car."),
            (
                "own",
                "Araminta wants none at all. *he laughs* We have a parrot. The parrot is enough.",
            ),
            ("user", "lol a parrot is basically a toddler that lives eighty years"),
        ),
        second=(
            ("user", "*sits heavily* its been a rough year"),
            ("character", "*quiet* I heard about the separation. I'm sorry."),
            ("user", "yeah. we share the kids, its okay now. actually its better"),
            ("user", "i didnt think id meet anyone. three kids, forty six, come on"),
            (
                "change",
                "but i did. sebastiano. he teaches at the kids school, we've been together since spring and he's moving in next month",
            ),
            ("character", "*raises his glass* To the teacher, then. He's brave, with three kids."),
        ),
        question="Who is Zsombor's partner now?",
        old=("brunhilde",),
        new=("sebastiano",),
        character_value=("araminta",),
    ),
    case(
        "partner",
        "fresh5-partner-maximilian-xiomara",
        user="Agnetha",
        character="Alarik",
        first=(
            ("user", "*sits in the window seat of the castle library*"),
            ("character", "*the prince looks up from a treaty* You're here early."),
            ("user", "couldnt sleep. maximilian snores like a bear"),
            (
                "fact",
                "my boyfriend, maximilian, the one from the guard. i love him but the snoring is war",
            ),
            (
                "own",
                "*Alarik grins* Engelbert snores too. I married him anyway. There are earplugs made of wax, I'll send some over.",
            ),
            ("user", "royal earplugs. fancy"),
        ),
        second=(
            ("user", "*curls up in the window seat* hi"),
            ("character", "You look rested. Did the earplugs work?"),
            (
                "user",
                "haha no need anymore. maximilian was posted to the southern fort in spring and we ended it before he left",
            ),
            ("user", "ok dont laugh. the new court musician"),
            (
                "change",
                "xiomara. the harpist. we've been together two months, she hums in her sleep instead of snoring, its perfect",
            ),
            ("character", "*laughs anyway* The harpist! I knew she was looking at you."),
        ),
        question="Who is Agnetha's partner now?",
        old=("maximilian",),
        new=("xiomara",),
        character_value=("engelbert",),
    ),
    case(
        "partner",
        "fresh5-partner-dorothea-xenia",
        user="Bogdana",
        character="Brennagh",
        first=(
            ("user", "*arrives at the stone circle with a basket*"),
            ("character", "*the selkie sits on a rock, sealskin over her shoulders* Picnic?"),
            ("user", "yes!! brought u scones"),
            ("character", "*takes two* You spoil me. Is that girlfriend of yours coming?"),
            (
                "own",
                "Reinhold said he'd swim over later, but he's always late. *Brennagh rolls her eyes* Seals.",
            ),
            (
                "fact",
                "dorothea's working, she's always working. we've been together three years and i see her for like two hours a week lol",
            ),
        ),
        second=(
            ("user", "*arrives with a tall person holding the basket*"),
            ("character", "*shades her eyes* Who's that then?"),
            (
                "user",
                "so. dorothea and i broke up in the winter, she moved to the city for the job",
            ),
            (
                "change",
                "this is xenia!! my partner. they're a surf instructor and they are never working, its the opposite problem 😂",
            ),
            ("character", "*grins* A surfer. Finally someone who'll swim with me."),
        ),
        question="Who is Bogdana's partner now?",
        old=("dorothea",),
        new=("xenia",),
        character_value=("reinhold",),
    ),
    case(
        "partner",
        "fresh5-partner-cosimo-zenobia",
        user="Cyprian",
        character="Cassiel",
        first=(
            ("user", "*leans against a pillar in the senate courtyard*"),
            ("character", "*Cassiel drapes his toga* You look bored, Cyprian."),
            ("user", "waiting for cosimo. hes always late for lunch"),
            ("character", "Waiting for whom?"),
            (
                "fact",
                "my husband cosimo, the sculptor. hes probably covered in marble dust somewhere",
            ),
            (
                "user",
                "his brother is marrying a senator's daughter next month, the whole forum's talking",
            ),
            (
                "own",
                "*Cassiel sighs* Theobald is the same with his scrolls. I married a historian. Lunch is a myth in my house.",
            ),
        ),
        second=(
            ("user", "*walks in with a woman carrying wax tablets*"),
            ("character", "Who's your friend?"),
            ("user", "shes not my friend"),
            ("change", "shes my wife. zenobia. married at the temple of juno last month"),
            (
                "user",
                "cosimo and i parted ways after the winter, the sculptures were all he really loved",
            ),
            (
                "character",
                "*bows to her* Then welcome, lady. Cyprian was always hungry at lunch.",
            ),
        ),
        question="Who is Cyprian married to now?",
        old=("cosimo",),
        new=("zenobia",),
        character_value=("theobald",),
    ),
    case(
        "partner",
        "fresh5-partner-veronika-tancred",
        user="Dagmar",
        character="Delmira",
        first=(
            ("user", "*sits in the hospital cafeteria in scrubs* (( modern au pls ))"),
            ("character", "*Dr Delmira sits opposite with coffee* You're on nights again?"),
            ("user", "always. i sleep when veronika goes to work and wake up when she gets home"),
            (
                "fact",
                "im with veronika, she's a firefighter, we're basically two ships in the night",
            ),
            ("character", "At least the ships like each other."),
            (
                "own",
                "*Delmira laughs* Clothilde and I have the same problem. She does the morning clinic, I do trauma. We leave notes on the fridge.",
            ),
        ),
        second=(
            ("user", "*sits with a tray* hey doc"),
            ("character", "Dagmar! You've got a ring."),
            ("user", "lol ok yes. so veronika and i ended things in january, the shifts broke us"),
            ("user", "and then i met someone on a day shift for once"),
            ("change", "tancred. the new anaesthetist. we got engaged on saturday 💍"),
            ("character", "*spills coffee* The anaesthetist! Everyone on ward six owes me money."),
        ),
        question="Who is Dagmar's partner now?",
        old=("veronika",),
        new=("tancred",),
        character_value=("clothilde",),
    ),
    # ------------------------------------------------------------------ pet
    case(
        "pet",
        "fresh5-pet-cannoli-ciabatta",
        user="Eulalie",
        character="Fennick",
        first=(
            ("user", "*sets a cat carrier down on the wizard's workbench*"),
            ("character", "*the gnome wizard peers through his spectacles* What's this, then?"),
            (
                "fact",
                "this is cannoli, my cat. shes been sneezing for a week and the vet says shes fine but shes NOT fine",
            ),
            (
                "character",
                "*waves a glowing wand over the carrier* Hmm. Dust in the whiskers. A simple charm.",
            ),
            (
                "own",
                "My toad Okra had the same thing last spring. *Fennick pats a jar where something croaks* He's fine now.",
            ),
        ),
        second=(
            ("user", "*brings the carrier again, with a slightly embarrassed face*"),
            ("character", "More sneezing?"),
            (
                "user",
                "no shes grand. but funny story. she kept ignoring the name cannoli, like fully ignoring it",
            ),
            (
                "user",
                "and the kids started calling her something else as a joke and she came running every time",
            ),
            ("change", "so shes ciabatta now. officially. it's on the vet card and everything"),
            ("character", "*solemnly* A cat names herself. It's the oldest magic there is."),
        ),
        question="What is Eulalie's cat called now?",
        old=("cannoli",),
        new=("ciabatta",),
        character_value=("okra",),
    ),
    case(
        "pet",
        "fresh5-pet-meringue-chickpea",
        user="Fridolin",
        character="Galadren",
        first=(
            ("user", "hi galadren (( ooc: forest au, shes an elven ranger ))"),
            (
                "own",
                "*the ranger whistles and a grey wolf trots out of the trees* Aubergine, sit. Fridolin is a friend.",
            ),
            ("user", "a wolf called THAT?? lmao ok"),
            ("user", "my neighbour has a parrot called captain, at least yours is funnier"),
            (
                "fact",
                "my rabbit meringue would die of fright if she saw him, shes scared of the hoover",
            ),
        ),
        second=(
            ("user", "*sits on a log, looking sad*"),
            ("character", "*sits beside him* You're quiet."),
            ("user", "meringue died in the spring. she was nine, which is ancient for a rabbit"),
            ("character", "I'm sorry. Nine is a good long life."),
            ("user", "yeah. the house felt so empty"),
            (
                "change",
                "so last week we adopted a guinea pig from the rescue, hes called chickpea and he squeaks every time the fridge opens",
            ),
        ),
        question="What is the name of Fridolin's pet now?",
        old=("meringue",),
        new=("chickpea",),
        character_value=("aubergine",),
    ),
    case(
        "pet",
        "fresh5-pet-focaccia-strudel",
        user="Gesine",
        character="Ingmar",
        first=(
            ("user", "*leans on the ship rail, watching the waves*"),
            ("character", "*the old captain joins her* Rough crossing. You all right?"),
            ("user", "yeah. just missing home"),
            ("user", "my partner is feeding the dog while im away, i hope he remembers the pills"),
            (
                "fact",
                "focaccia is a greyhound with a dodgy stomach and if he misses one pill its carnage",
            ),
            (
                "own",
                "*Ingmar laughs* My ship's cat Falafel eats whatever she likes and has never been sick a day in her life. Cats are hardier.",
            ),
        ),
        second=(
            ("user", "*comes up on deck with a small grumpy dachshund in her arms*"),
            ("character", "Who's this stowaway?"),
            ("user", "this is strudel! my dog"),
            (
                "user",
                "focaccia went with my ex when we split, he loved him more anyway, it was fair",
            ),
            (
                "change",
                "and strudel is mine now, from my aunt's litter. he hates waves. he hates everything",
            ),
            ("character", "*scratches the dog's ear* A proper sailor, then."),
        ),
        question="What is Gesine's dog called now?",
        old=("focaccia",),
        new=("strudel",),
        character_value=("falafel",),
    ),
    case(
        "pet",
        "fresh5-pet-clafoutis-blancmange",
        user="Hamund",
        character="Jessamine",
        first=(
            (
                "fact",
                "*holds up his phone* ok look at this. clafoutis, my hamster, in a tiny sombrero",
            ),
            ("character", "*the pixie squeals* OH. Oh, I need one. I need a hamster."),
            ("user", "they are chaos in a ball. he escaped twice this week"),
            ("character", "Where did he go?"),
            ("user", "into the piano. twice."),
            (
                "own",
                "*Jessamine points to a beetle on her shoulder* Jellybean never escapes. Beetles are very loyal.",
            ),
        ),
        second=(
            ("user", "hey jess. (( ooc: sorry been sick ))"),
            ("character", "Hamund! How's the piano hamster?"),
            ("user", "he made his last escape 😢 he was old, hamsters dont last long"),
            ("user", "i buried him under the apple tree with the sombrero"),
            (
                "change",
                "but my daughter wanted another so now we've got blancmange, a fat little white one, who hasn't found the piano yet",
            ),
            ("character", "*sniffles* Give the new one a strawberry from me."),
        ),
        question="What is Hamund's hamster called now?",
        old=("clafoutis",),
        new=("blancmange",),
        character_value=("jellybean",),
    ),
    case(
        "pet",
        "fresh5-pet-sherbet-goblin",
        user="Isidora",
        character="Korrigan",
        first=(
            ("user", "*sits on the stool in the alchemist's shop*"),
            ("character", "*Korrigan grinds something green* Back for more sleep tonic?"),
            ("user", "yes please. my lizard wakes me up at 4am every night"),
            ("character", "Your lizard?"),
            (
                "fact",
                "sherbet. bearded dragon. she scratches the glass when she wants a cricket and she always wants a cricket",
            ),
            (
                "own",
                "*the alchemist nods at a jar* Humbug, my newt, is a gentleman. He sleeps all day and all night.",
            ),
        ),
        second=(
            (
                "change",
                "*bursts in* ok the lizard has a new name. goblin. she is goblin now, sherbet was way too pretty a name for what she is",
            ),
            ("character", "*laughs* What did she do?"),
            ("user", "ate a whole moth in front of my date. crunched it. maintained eye contact"),
            ("user", "my date left. my sister's iguana is better behaved and hes called dave"),
            ("character", "A fitting name, then. The tonic?"),
            ("user", "double strength pls"),
        ),
        question="What is Isidora's lizard called now?",
        old=("sherbet",),
        new=("goblin",),
        character_value=("humbug",),
    ),
    case(
        "pet",
        "fresh5-pet-chutney-doughnut",
        user="Joaquina",
        character="Lucasta",
        first=(
            ("user", "*knocks on the door of the haunted manor* hello? lady lucasta?"),
            ("character", "*the ghost drifts down the stairs* A living guest! How rare."),
            ("user", "sorry to bother u, my dog ran into ur garden"),
            (
                "own",
                "*Lucasta smiles* Treacle, my spaniel, used to do that. Two hundred years ago. He's buried by the roses.",
            ),
            ("user", "oh no thats sad"),
            (
                "fact",
                "anyway my dog is called chutney and hes brown and stupid and he's under ur hedge",
            ),
        ),
        second=(
            ("user", "*at the garden gate again, holding a lead*"),
            ("character", "Oh! Is the brown one in my hedge again?"),
            (
                "user",
                "haha no. he's with my dad now, on the farm, he has sheep to chase and he's so happy",
            ),
            ("user", "my flat was too small for him honestly"),
            (
                "change",
                "i got a cat instead, doughnut. he's grey and round and he does not run into gardens, he does not run at all",
            ),
            ("character", "*floats closer* A round cat. I approve."),
        ),
        question="What is the name of Joaquina's pet now?",
        old=("chutney",),
        new=("doughnut",),
        character_value=("treacle",),
    ),
    case(
        "pet",
        "fresh5-pet-pickles-zeppelin",
        user="Kasimira",
        character="Mordaunt",
        first=(
            ("user", "(( ooc: mordaunt is the grumpy landlord, modern au ))"),
            ("character", "*Mordaunt crosses his arms* The lease says no pets."),
            (
                "fact",
                "pickles is a fish. a goldfish. he lives in a bowl. he is not a pet, he is decor",
            ),
            ("character", "A fish is a pet."),
            ("user", "a fish is a very small roommate who pays no rent"),
            (
                "own",
                "*Mordaunt sighs* Radish, my tortoise, has lived in my flat for thirty years and I have never once broken my own rules. He is also decor.",
            ),
        ),
        second=(
            ("user", "*holds up a bigger bowl*"),
            ("character", "What is that."),
            ("user", "so pickles died. rip. flushed with full honours"),
            (
                "user",
                "and i got an axolotl. hes pink and he smiles all the time and he is also decor",
            ),
            ("change", "his name is zeppelin because he floats around like a little airship"),
            ("character", "*very long pause* ...Fine. The airship may stay."),
        ),
        question="What is Kasimira's pet called now?",
        old=("pickles",),
        new=("zeppelin",),
        character_value=("radish",),
    ),
    case(
        "pet",
        "fresh5-pet-tortellini-gumdrop",
        user="Leandro",
        character="Nimue",
        first=(
            ("user", "*wades to the edge of the lake*"),
            ("character", "*the Lady of the Lake rises from the water* Who comes to my shore?"),
            ("user", "me. leandro. the guy with the ferret"),
            ("fact", "tortellini says hi. hes in my hood. hes always in my hood"),
            (
                "own",
                "*Nimue laughs* Kedgeree, my heron, would eat him in one gulp. Keep him close.",
            ),
        ),
        second=(
            ("user", "*sits on a rock with the ferret on his shoulder*"),
            ("character", "The hood creature returns."),
            (
                "user",
                "so my kids made me change his name. they said tortellini was a food not a name",
            ),
            ("user", "which is rich coming from kids who named the goldfish sushi"),
            (
                "change",
                "anyway hes gumdrop now. we voted. gumdrop won by one vote. tortellini lost",
            ),
            ("character", "*bows her head gravely* Democracy, even for ferrets."),
        ),
        question="What is Leandro's ferret called now?",
        old=("tortellini",),
        new=("gumdrop",),
        character_value=("kedgeree",),
    ),
    case(
        "pet",
        "fresh5-pet-fennel-churro",
        user="Branwen",
        character="Taliesin",
        first=(
            ("user", "*sits by the bard's campfire, a tortoise in her lap*"),
            ("character", "*Taliesin strums* A tortoise on a quest. There's a song in that."),
            ("user", "she's very old. she was my grandad's"),
            ("user", "my brother has her sister, they were hatched the same summer"),
            ("character", "And her name?"),
            ("fact", "fennel. grandad called her fennel because she ate all of his"),
            ("own", "*the bard laughs* My horse is Ravioli. I lost a bet. Don't laugh."),
        ),
        second=(
            ("user", "*carries the tortoise in a basket*"),
            ("character", "The old lady! How is she?"),
            ("user", "she's good, but um. the vet had news"),
            ("user", "turns out she is a he. eighty years and nobody checked"),
            (
                "change",
                "so we renamed him churro, because he's all twisty when he tries to climb the steps",
            ),
            (
                "character",
                "*laughs until he cries* Eighty years! My friend, you've kept a secret longer than any bard.",
            ),
        ),
        question="What is Branwen's tortoise called now?",
        old=("fennel",),
        new=("churro",),
        character_value=("ravioli",),
    ),
    case(
        "pet",
        "fresh5-pet-liquorice-cobweb",
        user="Nikodem",
        character="Sigvald",
        first=(
            ("user", "*stands at the edge of the longship, a black cat on his shoulder*"),
            ("character", "*the old viking squints* A cat on my ship?"),
            ("user", "she catches rats. she earns her passage"),
            ("fact", "liquorice is the best ratter in the whole fjord, ask anyone"),
            (
                "own",
                "*Sigvald snorts* Thimble, my hound, is the best ratter in the whole fjord. Ask anyone.",
            ),
            ("user", "ok we need a competition"),
        ),
        second=(
            ("user", "*comes aboard, a small grey kitten in his cloak*"),
            ("character", "That is not the ratter."),
            (
                "user",
                "no. the old girl slipped off the dock in the storm last winter. we never found her",
            ),
            ("user", "i didnt want another cat for a long time"),
            (
                "change",
                "but this one walked into my house during the feast and wouldn't leave. cobweb. because she was covered in them",
            ),
            ("character", "*softly* Then she chose you. She'll be a fine ratter."),
        ),
        question="What is Nikodem's cat called now?",
        old=("liquorice",),
        new=("cobweb",),
        character_value=("thimble",),
    ),
)
