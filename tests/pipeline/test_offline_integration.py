"""The offline default remembers what the user says about themselves (no keys at all).

A new user with no model key chats 24 long role-play messages in which they mention eight
things about themselves. Processes as in production with the embedded defaults: daphne (the
chat, the offline model's replies, the memory trigger at its default threshold) and a Celery
worker (the pipeline with the offline summary and extraction, the local embedding model,
pgvector), on the test database and a Redis database of their own. The test chats over a real
WebSocket, waits for the memory jobs the chat started, and reads the memories as the user's
memory panel does, over the REST API.
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from drawhisper.providers.offline.reply import MARKER, SIGNATURE
from memories.models import MemoryJob
from tests.factories import CharacterFactory, UserFactory
from tests.support.integration import StackOptions
from tests.support.redis_databases import RedisDatabase
from tests.support.stack import send_turns, thread_socket

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REDIS_DB = RedisDatabase.OFFLINE_MEMORY  # this module's own (tests/support/redis_databases.py)
GREETING = (
    "*Mara Quill wipes down the long oak bar and nods at the newcomer.* Welcome to the Gull & "
    "Lantern, traveller. I've kept this inn for thirty years and the fire has never once gone out."
)
# The user's 24 messages; eight of them say something lasting about the user.
CHAT = [
    "*I push the heavy door open and shake the rain off my coat, stamping my boots on the mat.* Evening! Is there still a table by the fire? The storm came in faster than the ferryman promised, and the whole crossing felt like riding a barrel down a hill. *I glance around the common room, taking in the low beams and the smell of woodsmoke.*",
    "*I sink into the chair nearest the hearth and let out a long breath.* Thank you, truly. I'd have brought my dog along, but Biscuit hates boats even more than I do. He's a scruffy little terrier with one ear that never stands up, and right now he'll be sulking at my neighbour's house, plotting revenge on my slippers. *I smile at the thought and hold my hands out to the flames.*",
    "*I watch you work behind the bar for a moment.* How long have you kept this place? It feels older than the harbour itself. The walls look like they've heard every sailor's story twice. *I trace a knot in the wooden table with one finger.* Sorry, I ask too many questions when I'm tired.",
    "*I laugh softly and accept the mug you slide across.* Cider? Perfect. Do the fishermen still come in this late, or is it just lost travellers like me tonight? *I take a slow sip, and warmth spreads through my chest.* That's very good. Whatever you put in it, don't ever stop.",
    "*I look toward the rain-streaked window where the harbour lights bob in the dark.* Honestly, I'm terrified of deep water. Ever since I was a girl I've hated not being able to see the bottom, and tonight the sea was black as ink the whole way. I kept my eyes on the lantern at the bow and counted my breaths. *I wrap both hands around the mug.*",
    "*I shake my head at myself and manage a grin.* Listen to me, complaining to the one person who has to hear the storm all night. What about you, do you ever get used to the wind howling like that? *I tilt my head, listening to the shutters rattle.* It sounds almost like singing if you don't think about it.",
    "*I fish a battered photograph out of my coat pocket and set it on the table.* This is why I came, really. My brother Tomas mends fishing nets down on the south quay, and he's been too stubborn to answer my letters since our last argument. He's got the same crooked nose as me, see? *I tap the picture with a wry smile.*",
    "*I turn the photo face down again, suddenly shy.* Maybe he won't even want to see me. We didn't part well. He said some things, I said worse things, and then neither of us wrote for a whole winter. *I sigh and rub my eyes.* Anyway. Enough of that. Is the stew as good as it smells?",
    "*I lean back as you bring a steaming bowl over, my stomach growling loudly.* Oh, that's embarrassing. Thank you. *I blow on a spoonful and taste it.* Goodness, that's rosemary, isn't it? And something smoky. You could sell this in the city and people would queue around the block for it, I promise you.",
    "*I eat in happy silence for a while, then glance up.* Funny timing, coming here now. My birthday is on the fourteenth of March, so in three days I'll be thirty-one, and I suppose I wanted to make peace with Tomas before then. Turning a year older while still angry with your own brother feels wrong. *I stir the stew thoughtfully.*",
    "*I push the empty bowl aside and stretch until my back cracks.* Sorry, long week. *I stifle a yawn behind my hand.* Do you have a room free for a few nights? Nothing fancy. A bed, a window that closes properly, and a door that locks would feel like a palace right now.",
    "*I dig a few coins out of my purse and line them up neatly on the table.* I work as a night nurse at the infirmary in Whitby, so sleeping through the day is the only kind of sleep I know anymore. Twelve-hour shifts on the children's ward. I love the little ones, but the nights are long and the coffee is awful. *I chuckle tiredly.*",
    "*I stack the coins into a tidy tower, then knock it over with a fingertip.* Old habit. The children on the ward like it when I build towers out of tongue depressors. *I grin.* One of them, a boy called Pip, made me promise to bring him back a seashell from this trip. I'd better not forget, he keeps lists.",
    "*I wander over to the window and press my forehead to the cool glass.* The harbour looks so different at night. Back home in Whitby I can see the abbey ruins from my kitchen, and the gulls wake me every afternoon when I'm trying to sleep. I rent a tiny flat above a bakery on Church Street, so at least everything smells of bread. *I turn back with a smile.*",
    "*I sit back down and pull my knees up onto the chair like a child.* Tell me something about this town. Is there a market? I'd like to find something for Tomas, a peace offering. Not flowers, he'd laugh me out of the door. Maybe a good knife for his net work, or tobacco for that awful pipe of his.",
    "*I listen, nodding, and make a mental note of the market street.* Perfect, I'll go in the morning before my courage runs out. *I pick at a loose thread on my sleeve.* Do you think people can really change, or do we just get better at pretending? I've been wondering that the whole journey.",
    "*I wrinkle my nose as you offer a bowl of berries from the counter.* Oh, no, thank you, I can't. I'm allergic to strawberries, and I wouldn't trust myself not to mix them up in this light. Last time I ended up in my own hospital with a face like a puffer fish. The other nurses still tease me about it. *I laugh and wave the bowl away politely.*",
    "*I reach for the bread instead and tear off a piece.* This, however, I will never refuse. *I chew happily.* Did you bake this yourself? It has that crackly crust that only comes from a proper stone oven. My landlady would pay good money to learn your secret.",
    "*I notice the old fiddle hanging above the fireplace and point at it.* Does anyone play that? *My fingers drum on the table without my meaning them to.* It makes my hands itch. Strings do that to me.",
    "*I get up to look at the fiddle more closely, not touching it.* I play the cello in a small amateur orchestra back home. We're dreadful at Mozart but rather good at sea shanties, which tells you something about Whitby audiences. On my nights off I practise in the bakery's storeroom because the sacks of flour soak up the noise. *I laugh at myself.*",
    "*I return to my seat, cheeks warm from the fire and the cider.* You're a good listener, you know. I haven't talked this much in months. At the infirmary everyone is always in a hurry, and at home it's just me and a snoring terrier. *I fold my arms on the table and rest my chin on them.*",
    "*I look at the photograph again, then slip it carefully back into my pocket.* Tomorrow, then. Market first, then the south quay. If he slams the door, I'll come back here and drink your cider until I forget his name. *I smile, more hopeful than I sound.* Will you save me a seat by the fire just in case?",
    "*I stand, gathering my coat and bag, and stifle another yawn.* I should sleep while the storm still sounds like a lullaby. Thank you for the stew, and the bread, and for not laughing at me about the water. *I pause at the foot of the stairs.* Which room is mine?",
    "*I pause halfway up the stairs and look back over the banister.* Goodnight, Mara. If you hear someone talking in their sleep about nets and brothers and strawberries, that'll be me. *I grin, wave, and climb the rest of the way up to bed, the old steps creaking under my boots.*",
]
# Each planted fact, and the words a memory holding it must contain.
PLANTED = {
    "a dog called Biscuit": ("Biscuit",),
    "terrified of deep water": ("deep water",),
    "a brother, Tomas": ("brother", "Tomas"),
    "birthday on 14 March": ("birthday", "March"),
    "works as a night nurse": ("night nurse",),
    "lives above a bakery in Whitby": ("Whitby", "bakery"),
    "allergic to strawberries": ("allergic", "strawberries"),
    "plays the cello": ("cello",),
}
# What only the offline stand-in says; none of it may end up in a memory.
STAND_IN_WORDS = (
    MARKER,
    SIGNATURE,
    "offline",
    "stand-in",
    "I remember:",
    "You said:",
    "You asked:",
)


@pytest.fixture
def stack_options():
    """No model key and no overrides of the memory settings: the built-in defaults."""
    return StackOptions(name="offline-memory-test", redis_db=REDIS_DB, defaults_only=True)


def _api(port: int, token: str, path: str, body: dict | None = None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=60) as response:
        return json.loads(response.read())


def _jobs_done(thread_id: int, *, timeout: float, worker) -> list[MemoryJob]:
    """The thread's memory jobs once every one has finished (the chat started at least one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        jobs = list(MemoryJob.objects.filter(thread_id=thread_id).order_by("end_seq"))
        failed = [job for job in jobs if job.status == "failed"]
        assert not failed, f"{failed[0].last_error}\n{worker.log()}"
        if jobs and all(job.status == "succeeded" for job in jobs):
            return jobs
        time.sleep(0.5)
    raise TimeoutError(f"the memory jobs did not finish within {timeout:.0f}s:\n{worker.log()}")


def test_with_no_keys_a_long_chat_leaves_memories_of_what_the_user_said_about_themselves(
    services,
):
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="ada", first_name="Ada")
    character = CharacterFactory(owner=owner, name="Mara Quill", greeting=GREETING)
    token = token_for_user(user=owner)
    port = services["port"]
    thread = _api(port, token, "/api/threads/", {"character": character.pk})

    with thread_socket(port, thread["id"], token) as socket:
        replies = [end["content"] for end in send_turns(socket, CHAT, timeout=90)]

    jobs = _jobs_done(thread["id"], timeout=240, worker=services["worker"])
    memories = _api(port, token, f"/api/memories/?character={character.pk}&limit=100")["results"]
    found = {
        fact: [
            memory
            for memory in memories
            if all(
                word.lower() in f"{memory['title']} {memory['content']}".lower() for word in words
            )
        ]
        for fact, words in PLANTED.items()
    }
    remembered = [fact for fact, holding in found.items() if holding]
    # Where each fact was said: the first of the user's messages holding its words.
    said = _api(port, token, f"/api/threads/{thread['id']}/messages/?limit=500")["results"]
    said_at = {
        fact: min(
            m["seq"]
            for m in said
            if m["role"] == "user" and all(w.lower() in m["content"].lower() for w in words)
        )
        for fact, words in PLANTED.items()
    }
    memorised_up_to = max(job.end_seq for job in jobs)
    report = (
        f"jobs {[(job.start_seq, job.end_seq) for job in jobs]}; said at {said_at}; "
        f"remembered {remembered}; memories {json.dumps(memories, indent=1)[:4000]}"
    )

    assert len(remembered) >= 6, report
    # Every fact said in a range a job has read is remembered (the chat's last messages
    # wait, as they should, until enough new text starts the next job).
    assert {f for f, seq in said_at.items() if seq <= memorised_up_to} <= set(remembered), report
    for memory in memories:
        text = f"{memory['title']} {memory['content']}"
        assert not [words for words in STAND_IN_WORDS if words.lower() in text.lower()], report
        assert memory["origin_thread"] == thread["id"] and memory["created_by"] == "pipeline"
    # Typed as what they are, and about the user, not the character.
    for memory in found["a dog called Biscuit"]:
        assert memory["type"] in ("fact", "relationship"), report
        assert "Ada" in memory["content"] and "dog" in memory["content"], report
    for memory in found["terrified of deep water"]:
        assert memory["type"] in ("emotion", "fact"), report
        assert "Ada is terrified of deep water." in memory["content"], report
    for memory in found["a brother, Tomas"]:
        assert memory["type"] in ("relationship", "fact"), report
        assert "Ada's brother Tomas" in memory["content"], report
    assert all("Mara Quill is terrified" not in m["content"] for m in memories), report

    # Each memory cites the messages it came from: messages of a job's range, and for a
    # planted fact one of the user's messages that says it.
    by_seq = {m["seq"]: m for m in said}
    ranges = [(job.start_seq, job.end_seq) for job in jobs]
    for memory in memories:
        assert memory["source_seqs"], report
        assert all(any(a <= s <= b for a, b in ranges) for s in memory["source_seqs"]), report
    for fact, holding in found.items():
        for memory in holding:
            cited = [by_seq[seq] for seq in memory["source_seqs"] if seq in by_seq]
            assert any(
                m["role"] == "user"
                and all(w.lower() in m["content"].lower() for w in PLANTED[fact])
                for m in cited
            ), report
    # Every chunk was checked; the offline extractor's chunks are its users' own words.
    checked = sum(job.chunks_checked for job in jobs)
    unverified = sum(job.chunks_unverified for job in jobs)
    print(f"offline support check: {unverified} of {checked} chunks kept unverified")
    assert checked >= len(memories) and unverified <= checked // 2, report

    # The offline replies say they are the stand-in once each and never quote an earlier one.
    assert len(replies) == len(CHAT)
    for reply in replies:
        assert reply.count(MARKER) == 1 and reply.count(SIGNATURE) == 1, reply
