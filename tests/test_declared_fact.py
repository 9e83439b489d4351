"""A fact of a hand is one line of rules/declared.py and a field of Hand: declared here only, in the
test, it is an option of `add` (and its --help), a key of the JSON body, a column of `export csv` and
a field of the entry page, with nothing else changed."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest

from schreiber.rules import declared
from schreiber.rules.declared import NUMBER, Declared
from schreiber.rules.model import Hand

KREUZ = Declared(
    "kreuz_stiche",
    NUMBER,
    "Test: the tricks won with a Kreuz.",
    "Tricks won with a Kreuz",
    short="-x",
    column=10,
)


@dataclass(frozen=True, slots=True)
class KreuzHand(Hand):
    kreuz_stiche: int | None = None


@pytest.fixture
def kreuz(monkeypatch: pytest.MonkeyPatch) -> Declared:
    monkeypatch.setattr(declared, "DECLARED", (*declared.DECLARED, KREUZ))
    monkeypatch.setattr(declared, "DECLARED_BY_NAME", {**declared.DECLARED_BY_NAME, KREUZ.name: KREUZ})
    monkeypatch.setattr("schreiber.entry.Hand", KreuzHand)
    return KREUZ


def test_a_fact_declared_once_is_an_option_of_add_and_edit(kreuz, tmp_path, monkeypatch, capsys):
    from schreiber.cli.app import app, main
    from schreiber.cli.tree import build

    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "none.db"))
    assert main(["add", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "  -x, --kreuz-stiche N        Test: the tricks won with a Kreuz.\n" in shown
    root = build(app)
    for words in (["rufspiel", "-x", "3"], ["2", "--kreuz-stiche", "3"]):
        command = root.commands["add" if words[0] == "rufspiel" else "edit"]
        assert command.make_context(command.name, words).params["kreuz_stiche"] == 3


def test_a_fact_declared_once_is_a_key_of_the_body(kreuz):
    from schreiber.entry import body_keys, build_hand, from_body
    from schreiber.rules.model import HandError

    assert "kreuz_stiche" in body_keys()
    hand, extras = from_body({"type": "rufspiel", "player": "Anna", "kreuz_stiche": "4"})
    assert (
        hand
        == KreuzHand(type="rufspiel", player="Anna", kreuz_stiche=4)
        == build_hand("rufspiel", player="Anna", kreuz_stiche=4)
    )
    with pytest.raises(HandError, match=r"^--kreuz-stiche must be 0 or more, not -1\.$"):
        from_body({"type": "rufspiel", "kreuz_stiche": -1})
    with pytest.raises(HandError, match=r"^--kreuz-stiche takes a whole number, not 'drei'\.$"):
        from_body({"type": "rufspiel", "kreuz_stiche": "drei"})


def test_a_fact_declared_once_is_a_column_of_the_csv(kreuz):
    from schreiber import csvio

    columns = csvio.columns()
    assert columns[columns.index("klopfen") + 1 : columns.index("breakdown")] == ["kreuz_stiche"]
    hand = KreuzHand(type="rufspiel", player="Anna", augen_by_player={"Anna": 70, "Carl": 50}, kreuz_stiche=2)
    cells = csvio.hand_cells(hand)
    assert (cells["player"], cells["augen"], cells["won"], cells["kreuz_stiche"]) == (
        "Anna",
        "Anna=70 Carl=50",
        None,
        2,
    )
    out = io.StringIO()
    csvio.write([{"session": 1, **cells}], out)
    header, row = out.getvalue().splitlines()
    assert dict(zip(header.split(","), row.split(",")))["kreuz_stiche"] == "2"


def test_a_fact_declared_once_is_a_field_of_the_entry_page(kreuz):
    pytest.importorskip("starlette")
    from schreiber.web.entry import page_facts
    from schreiber.web.words import labels

    fields = [f["name"] for f in page_facts()]
    assert fields[-1] == "kreuz_stiche" and labels()["kreuz_stiche"] == "Tricks won with a Kreuz"
    assert page_facts()[-1] == {
        "name": "kreuz_stiche",
        "kind": "number",
        "key": "kreuz_stiche",
        "label": "Tricks won with a Kreuz",
        "most": None,
    }
