"""``python -m benchmarks.openai_server``: the fake server as a process of its own."""

from benchmarks.openai_server.command import main

if __name__ == "__main__":
    main()
