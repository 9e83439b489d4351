"""Files schreiber writes (exports, drawings, charts, backups) appear whole or not at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


@contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w", **open_args: Any) -> Iterator[IO[Any]]:
    """Yield a temporary file beside `path` that replaces `path` only when the block ends without error.

    A refused or failed command (a full disk, an exception) leaves no file and no partial file behind.
    """
    target = Path(path)
    if "b" not in mode:
        open_args.setdefault("encoding", "utf-8")
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        # mkstemp makes the file private (0600); the finished file gets the mode a plain open would give.
        os.chmod(temporary, _mode(target))
        with os.fdopen(handle, mode, **open_args) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _mode(target: Path) -> int:
    """The replaced file's mode, or for a new file 0666 less the umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
