"""Files appear whole or not at all."""

from __future__ import annotations

import pytest

from schreiber.files import atomic_write


def test_a_completed_write_replaces_the_file(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old")
    with atomic_write(target, newline="") as out:
        out.write("neu: Schafkopf ä\n")
    assert target.read_text(encoding="utf-8") == "neu: Schafkopf ä\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_write(target) as out:
            out.write("half")
            raise RuntimeError("disk full")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_a_failed_first_write_leaves_no_file(tmp_path):
    with pytest.raises(RuntimeError):
        with atomic_write(tmp_path / "chart.png", "wb") as out:
            out.write(b"\x89PNG")
            raise RuntimeError("refused")
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_gets_the_usual_mode_not_a_private_one(tmp_path):
    import os

    umask = os.umask(0o022)
    try:
        with atomic_write(tmp_path / "abend.csv") as out:
            out.write("x")
    finally:
        os.umask(umask)
    assert (tmp_path / "abend.csv").stat().st_mode & 0o777 == 0o644
