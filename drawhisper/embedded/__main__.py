"""Run ``python -m drawhisper.embedded [start|stop|status]`` (``make stop`` runs ``stop``)."""

import sys

from drawhisper.embedded.command import main

if __name__ == "__main__":
    sys.exit(main(sys.argv))
