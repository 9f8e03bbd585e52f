"""The local support check as main had it at an earlier revision, read from git, so
``bench_memory`` measures the current check against it in the same run without a frozen
copy of its code in the tree. Not used by the app.

``frozen_local_support(revision)`` loads ``memories.pipeline.local_support`` exactly as it
stood in that commit (``git show``): the module file of the revisions that had one, or every
module of the package of the later ones (whose modules import each other relatively). It
becomes a package of its own under a name no import reaches, with the same interface as the
current one (``Source``, ``local_support``, ``STOPWORDS`` ...). ``REVISION`` is the check
main had before the current one (main 336ef46, with the negation that ends its clause;
51d59c0's, 7396f51's, 180d6bb's and ea94a57's came before it). A clone needs that commit
in its history (a full clone has it); in one without it (a shallow clone) ``bench_memory``
leaves the column out and prints why.
"""

from __future__ import annotations

import atexit
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from types import ModuleType

REVISION = "336ef46cae15d9712e08650b5972dc91f429133b"
CHECK_PACKAGE = "memories/pipeline/local_support"
REPOSITORY = Path(__file__).resolve().parent.parent


class RevisionUnavailable(RuntimeError):
    """The revision's check cannot be read from this checkout's git history."""


def _git(*args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            ["git", "-C", str(REPOSITORY), *args], capture_output=True, text=True, check=False
        )
    except OSError as error:
        raise RevisionUnavailable(f"cannot run git to read the support check: {error}") from error


def _check_files(revision: str) -> dict[str, str]:
    """The check's modules at ``revision``, by file name in the package (``__init__.py``
    for a revision where it was one module)."""
    single = _git("show", f"{revision}:{CHECK_PACKAGE}.py")
    if single.returncode == 0:
        return {"__init__.py": single.stdout}
    listing = _git("ls-tree", "--name-only", f"{revision}:{CHECK_PACKAGE}")
    if listing.returncode != 0:
        raise RevisionUnavailable(
            f"the support check of revision {revision[:7]} is not in this checkout's history "
            f"({listing.stderr.strip()}); a shallow clone needs `git fetch --unshallow`"
        )
    files = {}
    for name in listing.stdout.split():
        if name.endswith(".py"):
            shown = _git("show", f"{revision}:{CHECK_PACKAGE}/{name}")
            if shown.returncode != 0:
                raise RevisionUnavailable(f"cannot read {CHECK_PACKAGE}/{name} at {revision[:7]}")
            files[name] = shown.stdout
    return files


@lru_cache(maxsize=4)
def frozen_local_support(revision: str = REVISION) -> ModuleType:
    """``memories.pipeline.local_support`` as it was at ``revision``, as a package."""
    files = _check_files(revision)
    folder = Path(tempfile.mkdtemp(prefix=f"local-support-{revision[:7]}-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    name = f"benchmarks._local_support_{revision[:12]}"
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    module = importlib.util.module_from_spec(spec)
    # A load of the same revision earlier in this process (before the cache was cleared) left
    # its submodules registered; the import system would hand those back without setting
    # them on the new package, so they are dropped first.
    for stale in [key for key in sys.modules if key == name or key.startswith(f"{name}.")]:
        del sys.modules[stale]
    # Registered before it runs: its dataclasses and relative imports look it up by name.
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
