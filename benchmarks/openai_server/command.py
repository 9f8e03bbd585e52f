"""The fake server as a process: ``python -m benchmarks.openai_server`` parses its options,
starts the server and prints ``READY <base url>`` once it listens, then serves until stopped.
"""

from __future__ import annotations

import argparse
import threading

from benchmarks.openai_server.server import FakeOpenAIServer


def main() -> None:  # pragma: no cover - exercised by tests that start it as a process
    parser = argparse.ArgumentParser(description="Run the fake OpenAI-compatible chat server.")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--script", help="a JSON file of queued replies, shared with other processes"
    )
    parser.add_argument("--default-reply", default="Scripted reply.")
    parser.add_argument(
        "--chunk-size", type=int, default=4, help="characters per streamed delta of the default"
    )
    parser.add_argument(
        "--delay", type=float, default=0.0, help="seconds before each delta after the first"
    )
    parser.add_argument(
        "--keep-alive",
        action="store_true",
        help="keep connections open between answers, as real providers do",
    )
    arguments = parser.parse_args()
    server = FakeOpenAIServer(
        port=arguments.port,
        script_file=arguments.script,
        default_reply=arguments.default_reply,
        keep_alive=arguments.keep_alive,
    )
    if arguments.chunk_size != 4 or arguments.delay:
        server.default_reply = {
            "text": arguments.default_reply,
            "chunk_size": arguments.chunk_size,
            "delay": arguments.delay,
        }
    server.start()
    print(f"READY {server.base_url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
