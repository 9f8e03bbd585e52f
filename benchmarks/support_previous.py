"""The local support check as main had it at an earlier revision, read from git, so
``bench_memory`` measures the current check against it in the same run without a frozen
copy of its code in the tree. Not used by the app.

``frozen_local_support(revision)`` loads ``memories/pipeline/local_support.py`` exactly as
it stood in that commit (``git show``) into a module of its own, under a name no import
reaches; it has the same interface as the current module (``Source``, ``local_support``,
``STOPWORDS`` ...). ``REVISION`` is the check main had before the current one (main
180d6bb: before the addressed person, names and details the chat says elsewhere, verbs of
stance as said, and sentence windows; ea94a57's came before it).
A clone needs that commit in its history (a full clone has it); in one without it (a
shallow clone) ``bench_memory`` leaves the column out and prints why.
"""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType

REVISION = "180d6bb4004091fd3686b29e91c007e4ecfae98f"
CHECK_PATH = "memories/pipeline/local_support.py"
REPOSITORY = Path(__file__).resolve().parent.parent


class RevisionUnavailable(RuntimeError):
    """The revision's check cannot be read from this checkout's git history."""


@lru_cache(maxsize=4)
def frozen_local_support(revision: str = REVISION) -> ModuleType:
    """``memories/pipeline/local_support.py`` as it was at ``revision``, as a module."""
    try:
        shown = subprocess.run(
            ["git", "-C", str(REPOSITORY), "show", f"{revision}:{CHECK_PATH}"],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as error:
        raise RevisionUnavailable(
            f"cannot run git to read the support check of {revision[:7]}: {error}"
        ) from error
    if shown.returncode != 0:
        raise RevisionUnavailable(
            f"the support check of revision {revision[:7]} is not in this checkout's history "
            f"({shown.stderr.strip()}); a shallow clone needs `git fetch --unshallow`"
        )
    name = f"benchmarks._local_support_{revision[:12]}"
    module = ModuleType(name, f"{CHECK_PATH} at {revision}")
    module.__file__ = f"{revision[:7]}:{CHECK_PATH}"
    # Registered before it runs: its dataclasses look their module up by name.
    sys.modules[name] = module
    try:
        exec(compile(shown.stdout, module.__file__, "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module
