"""Small word lists the offline rules type things by: diets, occupations and kinds of pet.

A fact that changes over a chat is one value of a slot a person holds one of at a time (a
diet, a job, a home, a partner, a pet's name). The rules find the slot by the shape of the
sentence where they can ("lives in", "works as", "called"), and by these lists where a value
is said bare ("been flexitarian since march", "fishmonger life", "our new bunny"). Each list
names kinds of thing, never a value of one chat: a diet, not someone's favourite dish; an
occupation, not an employer; a kind of animal, not a pet's name."""

from __future__ import annotations

# Diets a person keeps ("I'm vegan", "went keto", "plant-based since March"), as regular
# expressions (a hyphen may be a space or missing: "plant based", "glutenfree").
DIETS = (
    r"vegetarian",
    r"veggie",
    r"vegan",
    r"pescatarian",
    r"pescetarian",
    r"flexitarian",
    r"omnivore",
    r"omnivorous",
    r"carnivore",
    r"keto",
    r"ketogenic",
    r"paleo",
    r"atkins",
    r"whole30",
    r"mediterranean diet",
    r"plant[- ]?based",
    r"dairy[- ]?free",
    r"gluten[- ]?free",
    r"lactose[- ]?free",
    r"low[- ]?carb",
    r"low[- ]?fat",
    r"raw food",
    r"fruitarian",
    r"halal",
    r"kosher",
    r"intermittent fasting",
    r"fasting",
    r"eats? meat",
    r"eating meat",
    r"eats? (?:fish|everything)",
    r"eating (?:fish|everything)",
    r"diet",
    # A diet by its shape where no list names it: "sproutarian", "juicearian" (a food and
    # "-arian", not a librarian or a veterinarian), "hypercarnivore", "locavore" and a food
    # left out ("grain-free", "sugar-free"; not "tax-free" or "stress-free").
    r"(?!(?:libr|veterin|humanit|authorit|sect|agr|disciplin|contr|parliament|octogen|"
    r"nonagen|septuagen|sexagen|centen|grammar|egalit|totalit|utilit|sanit|unit|trinit|"
    r"antiqu|seminar|proletar|rotar|ripar|ovar|valetudin|necess|sabbat|antiquar)arian)"
    r"[a-z]{2,}arian",
    r"[a-z]{2,}vores?",
    r"(?!(?:tax|duty|rent|hands|stress|pain|fee|scot|toll|trouble|worry|care|hassle|risk|"
    r"debt|crime|cruelty|smoke|germ|virus|error|bug|clutter|drama|guilt|interest|commission|"
    r"royalty|jet|crash|lead|maintenance|fuss|screen|car|phone|work|kid|child)-free)"
    r"[a-z]{3,}-free",
)

# Occupations a person is ("Sam is a nurse", "fishmonger life"): a general list, so that
# "I'm a baker now" names a job without the word "job".
OCCUPATIONS = tuple(
    """
    accountant actor actress administrator agent analyst animator architect archivist artist
    assistant astronomer athlete attendant attorney auditor author babysitter baker banker
    barber barista bartender beautician biologist blacksmith bookkeeper brewer bricklayer
    broker builder butcher butler buyer carer caretaker carpenter cashier caterer chef chemist
    childminder cleaner clerk coach comedian consultant cook counsellor counselor courier
    curator dancer dentist designer detective developer dietitian diplomat director doctor
    driver economist editor electrician engineer entrepreneur farmer firefighter fireman
    fisherman fishmonger florist gardener geologist goldsmith graphic groomer guard guide
    hairdresser handyman historian housekeeper illustrator instructor interpreter investor
    janitor jeweller jeweler journalist judge labourer laborer landlord lawyer lecturer
    librarian lifeguard locksmith lorry machinist manager mechanic midwife miner model
    musician nanny navigator negotiator nurse optician painter paralegal paramedic
    pharmacist photographer physician physicist physiotherapist pilot plumber poet police
    policeman policewoman politician porter postman postwoman producer professor programmer
    psychologist psychiatrist student intern apprentice trainee publisher radiographer
    receptionist recruiter reporter researcher sailor salesman saleswoman salesperson
    scientist secretary shopkeeper singer soldier solicitor supervisor surgeon surveyor
    tailor teacher technician teller tester therapist trader translator tutor vet
    veterinarian waiter waitress welder writer
    """.split()
)

# Kinds of pet, each with the words that name it (breeds of dog and cat among them: "a
# greyhound called Rocket" is a dog).
PET_KINDS: dict[str, tuple[str, ...]] = {
    "dog": (
        "dog",
        "dogs",
        "puppy",
        "puppies",
        "pup",
        "pups",
        "hound",
        "doggo",
        "retriever",
        "labrador",
        "terrier",
        "spaniel",
        "poodle",
        "greyhound",
        "whippet",
        "collie",
        "beagle",
        "pug",
        "husky",
        "dachshund",
        "corgi",
        "shepherd dog",
        "alsatian",
        "bulldog",
        "rottweiler",
        "chihuahua",
        "schnauzer",
        "mutt",
    ),
    "cat": ("cat", "cats", "kitten", "kittens", "kitty", "tabby", "moggy", "tomcat"),
    "rabbit": ("rabbit", "rabbits", "bunny", "bunnies"),
    "parrot": ("parrot", "parrots", "cockatoo", "macaw"),
    "budgie": (
        "budgie",
        "budgies",
        "budgerigar",
        "parakeet",
        "parakeets",
        "cockatiel",
        "lovebird",
    ),
    "canary": ("canary", "canaries"),
    "hamster": ("hamster", "hamsters"),
    "gerbil": ("gerbil", "gerbils"),
    "guinea pig": ("guinea pig", "guinea pigs"),
    "ferret": ("ferret", "ferrets"),
    "horse": ("horse", "horses", "pony", "ponies", "mare", "stallion", "gelding"),
    "tortoise": ("tortoise", "tortoises"),
    "turtle": ("turtle", "turtles", "terrapin"),
    "snake": ("snake", "snakes", "corn snake"),
    "lizard": ("lizard", "lizards", "gecko", "iguana", "bearded dragon", "chameleon"),
    "goldfish": ("goldfish",),
    "goat": ("goat", "goats"),
    "hedgehog": ("hedgehog", "hedgehogs"),
}
