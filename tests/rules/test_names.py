"""A player's name checked once (schreiber/rules/names.py): tidied, at most 80 characters, no control
characters, no direction marks — one sentence naming the option."""

from __future__ import annotations

import pytest

from schreiber.rules.model import SettingsError
from schreiber.rules.names import player_name


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Anna", "Anna"),
        ("  Hans \t Peter\n", "Hans Peter"),
        ("Zoë Öztürk", "Zoë Öztürk"),
        ("x" * 80, "x" * 80),
        ("سارا", "سارا"),
    ],
)
def test_a_name_is_kept_with_its_spaces_tidied(typed, kept):
    assert player_name(typed, "--players") == kept


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("Anna\x00", "--players: a name holds no control characters and no direction marks, and this one has U+0000."),
        ("An\x1bna", "--players: a name holds no control characters and no direction marks, and this one has U+001B."),
        ("An\x1fna", "--players: a name holds no control characters and no direction marks, and this one has U+001F."),
        ("An\x85na", "--players: a name holds no control characters and no direction marks, and this one has U+0085."),
        ("x" * 200, "--players: a name has at most 80 characters, not 200."),
        ("ß" * 41, "--players: a name has at most 80 characters, not 82."),  # its key, case-folded, has 82
        ("   ", "--players: a name cannot be empty."),
        *[
            (
                f"Ann{mark}a",
                f"--players: a name holds no control characters and no direction marks, and this one has U+{ord(mark):04X}.",
            )
            for mark in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
        ],
    ],
)
def test_a_name_too_long_or_with_control_characters_or_direction_marks_is_one_sentence(typed, sentence):
    with pytest.raises(SettingsError) as refused:
        player_name(typed, "--players")
    assert str(refused.value) == sentence
