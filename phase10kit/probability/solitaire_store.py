"""Solved solitaire tables on disk: written atomically, checked by a checksum, read memory-mapped.

A table is an uncompressed ``.npz`` file (``numpy.load`` reads it) whose members start on 64-byte
boundaries, so the large arrays (``codes``, ``values``) are mapped straight from the file
(``numpy.memmap``): loading a phase reads a few hundred bytes of headers and checks a SHA-256 of
the arrays, streamed through a small buffer, and the pages a lookup needs are read on demand and
shared by every process that maps the file (the kernels of a class).

- **Atomic.** A table is written to a temporary file in the cache folder and renamed over the old
  one (``os.replace``), so a reader sees the old file or the new one, never half of one.
- **Checked.** A file whose key, shapes or checksum do not check out (truncated, damaged, edited,
  misaligned) is ignored, and the caller solves again; nothing here raises on a bad file.
- **One solve at a time.** ``solving_lock`` holds an advisory lock (``fcntl.flock``) on a lock file
  beside the table while a process solves it: a second process asking for the same phase waits and
  then maps the first one's table instead of solving it too (thirty kernels of a class would
  otherwise solve the same table thirty times at once). Where ``fcntl`` does not exist, there is
  no lock; the writes stay atomic.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["MAPPED", "load_table", "solving_lock", "store_table"]

MAPPED = ("codes", "values")
"""The members read memory-mapped; the small ones (``within``, ``expected``, ``stats``, ...) are read whole."""
CHECKED = ("codes", "values", "within", "expected", "stats", "seconds")
"""The members the checksum covers, in its order."""
ALIGNMENT = 64
_BUFFER = 1 << 20


def checksum(arrays: Mapping[str, npt.ArrayLike]) -> str:
    """The SHA-256 of the checked members: each name, then its array's bytes (C order)."""
    digest = hashlib.sha256()
    for name in CHECKED:
        digest.update(name.encode())
        digest.update(np.ascontiguousarray(arrays[name]).tobytes())
    return digest.hexdigest()


def store_table(path: Path, key: str, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    """Write the table atomically (a temporary file renamed into place); an unwritable cache is skipped."""
    members = {"key": np.array(key), "checksum": np.array(checksum(arrays)), **arrays}
    temporary: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
        temporary = Path(name)
        with os.fdopen(handle, "wb") as raw, zipfile.ZipFile(raw, "w", zipfile.ZIP_STORED) as archive:
            for member, array in members.items():
                _write_member(archive, raw.tell(), f"{member}.npy", np.array(array, copy=None, order="C"))
        umask = os.umask(0)
        os.umask(umask)
        temporary.chmod(0o666 & ~umask)  # as any file the user writes (mkstemp makes it private)
        os.replace(temporary, path)
        temporary = None
    except OSError:
        pass
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def _write_member(archive: zipfile.ZipFile, offset: int, name: str, array: npt.NDArray[Any]) -> None:
    """One ``.npy`` member whose data starts on an ``ALIGNMENT`` boundary of the file.

    The local header is 30 bytes, the name and an "extra" field, which is padded so that the
    member (and with numpy's 64-byte ``.npy`` header, the array) starts aligned.
    """
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    header = 30 + len(name.encode()) + 4  # the extra field's own id and length
    info.extra = b"\xff\xff" + (-(offset + header) % ALIGNMENT).to_bytes(2, "little")
    info.extra += b"\0" * int.from_bytes(info.extra[2:], "little")
    with archive.open(info, "w") as member:
        np.lib.format.write_array(member, array, allow_pickle=False)


def load_table(path: Path, key: str) -> dict[str, Any] | None:
    """The table's arrays (``codes`` and ``values`` memory-mapped) when the file checks out, else None."""
    try:
        with zipfile.ZipFile(path) as archive, open(path, "rb") as raw:
            places = {info.filename.removesuffix(".npy"): _data_place(raw, info) for info in archive.infolist()}
            small = {name: archive.read(f"{name}.npy") for name in places if name not in MAPPED}
        arrays: dict[str, Any] = {
            name: np.lib.format.read_array(io.BytesIO(data), allow_pickle=False) for name, data in small.items()
        }
        if str(arrays.get("key")) != key or set(places) != {"key", "checksum", *CHECKED}:
            return None
        digest = hashlib.sha256()
        for name in CHECKED:
            digest.update(name.encode())
            if name in MAPPED:
                _stream(path, places[name][0], places[name][1].itemsize * _count(places[name][2]), digest)
            else:
                digest.update(np.ascontiguousarray(arrays[name]).tobytes())
        if digest.hexdigest() != str(arrays["checksum"]):
            return None
        for name in MAPPED:
            offset, dtype, shape = places[name]
            if offset % ALIGNMENT or dtype.byteorder == ">":
                return None
            arrays[name] = np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=shape)
        return arrays
    except Exception:  # any unreadable file is simply solved again
        return None


def _data_place(raw: Any, info: zipfile.ZipInfo) -> tuple[int, np.dtype[Any], tuple[int, ...]]:
    """Where the array of an uncompressed ``.npy`` member starts in the file, its dtype and shape."""
    if info.compress_type != zipfile.ZIP_STORED:
        raise ValueError(f"{info.filename} is compressed")
    raw.seek(info.header_offset)
    local = raw.read(30)
    if local[:4] != b"PK\x03\x04":
        raise ValueError(f"{info.filename}: no local header")
    start = info.header_offset + 30 + int.from_bytes(local[26:28], "little") + int.from_bytes(local[28:30], "little")
    raw.seek(start)
    version = np.lib.format.read_magic(raw)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(raw)
    else:
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(raw)
    if fortran or dtype.hasobject:
        raise ValueError(f"{info.filename}: not a plain C-ordered array")
    return raw.tell(), dtype, shape


def _count(shape: tuple[int, ...]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def _stream(path: Path, offset: int, size: int, digest: Any) -> None:
    """Feed ``size`` bytes of the file from ``offset`` to ``digest`` through a small buffer (never mapped)."""
    with open(path, "rb") as raw:
        raw.seek(offset)
        while size > 0:
            block = raw.read(min(size, _BUFFER))
            if not block:
                raise ValueError("the file ends early")
            digest.update(block)
            size -= len(block)


@contextmanager
def solving_lock(path: Path) -> Iterator[None]:
    """Hold the advisory lock of ``path``'s table while solving it (waits for another process that holds it)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no advisory locks on this system
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(path.name + ".lock"), "a+b")  # noqa: SIM115 (held for the with block)
    except OSError:  # an unwritable cache: solve without the lock
        yield
        return
    with handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
