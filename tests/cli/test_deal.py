"""Who deals (issue 24): the solo_selber_geber setting, `void N --keep-dealers` at a table of five,
typed as a user types them, on the command line and in `play`."""

from __future__ import annotations

import io
import re
import sys

import pytest

FIVE = ["--players", "Anna", "Berta", "Carl", "Dora", "Emil"]


def payouts(cli, n: int) -> dict[str, int]:
    return cli.json("show", str(n), "--format", "json")["payouts"]


def dealers(cli) -> dict[int, str]:
    return {h["number"]: h["dealer"] for h in cli.json("list", "--format", "json")["hands"]}


# -- solo_selber_geber -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["schafkopf", "schafkopf-tarif"])
def test_after_a_solo_add_says_the_same_dealer_deals_again(cli, rules):
    cli.ok("session", "new", "--rules", rules, *FIVE)
    out = cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "70")
    assert "deals again" not in out and "Next dealer: Berta" in out
    out = cli.ok("add", "wenz", "--player", "Carl", "--augen", "80")
    assert "Solo: Berta deals again" in out
    assert "Next dealer: Berta" in out and "Sits out next: Berta" in out


@pytest.mark.parametrize("rules", ["schafkopf", "schafkopf-tarif"])
def test_solo_selber_geber_false_passes_the_deal_after_a_solo(cli, rules):
    cli.ok("session", "new", "--rules", rules, *FIVE, "--set", "solo_selber_geber=false", "--set", "bock=re")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "70", "--kontra", "--re")
    out = cli.ok("add", "wenz", "--player", "Carl", "--augen", "80")
    assert "deals again" not in out
    assert "Next dealer: Carl" in out and "Sits out next: Carl" in out
    assert "Bock ×2: 3 hands left" in out  # the solo used up a Bock hand
    # Carl deals and sits out now: the hand the default would take from him is refused, nothing written.
    ran = cli("add", "rufspiel", "--player", "Carl", "--partner", "Anna", "--augen", "61")
    assert ran.code == 2 and "--player: Carl is not playing this hand" in ran.err
    out = cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Emil", "--augen", "61")
    unit = 20 if rules == "schafkopf-tarif" else 1  # a Rufspiel, ×2 in the Bock round
    assert payouts(cli, 3) == {"Anna": -2 * unit, "Berta": -2 * unit, "Carl": 0, "Dora": 2 * unit, "Emil": 2 * unit}
    assert dealers(cli) == {1: "Anna", 2: "Berta", 3: "Carl"}


def test_rules_show_explains_solo_selber_geber(cli):
    out = cli.ok("rules", "show", "schafkopf")
    assert re.search(r"^solo_selber_geber\s+true\s+after a solo", out, re.M)
    words = " ".join(out.split())
    assert "the same dealer deals again and the solo does not use up a Bock hand" in words
    assert "false: the deal passes after every hand and a solo uses up a Bock hand like any other" in words
    assert "solo_selber_geber" in cli.ok("rules", "show", "schafkopf-tarif")
    ran = cli("session", "new", "--rules", "schafkopf", *FIVE, "--set", "solo_selber_geber=vielleicht")
    assert ran.code == 2 and "--set solo_selber_geber: use true or false" in ran.err


def test_a_table_stored_before_the_setting_keeps_the_dealer_after_a_solo(cli, db_url):
    """A ledger's table made before solo_selber_geber existed has no such key: it plays the old rule."""
    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from schreiber.store.models import Table

    cli.ok("session", "new", "--rules", "schafkopf", *FIVE)
    engine = create_engine(db_url)
    with Session(engine) as s:
        table = s.scalars(select(Table)).one()
        table.settings = {k: v for k, v in table.settings.items() if k != "solo_selber_geber"}
        s.commit()
    engine.dispose()
    assert "Solo: Anna deals again" in cli.ok("add", "wenz", "--player", "Carl", "--augen", "80")


# -- void N --keep-dealers --------------------------------------------------------------------------------


def five_with_a_hand_typed_twice(cli) -> dict[int, dict[str, int]]:
    """Anna deals first and sits out; hand 3 is hand 2 typed again. Returns every hand's payout."""
    cli.ok("session", "new", "--rules", "schafkopf", *FIVE)
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "70")  # Anna deals
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Dora", "--augen", "70")  # Berta deals
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Dora", "--augen", "70")  # typed twice (Carl)
    cli.ok("add", "rufspiel", "--player", "Carl", "--partner", "Emil", "--augen", "70")  # Dora deals
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Dora", "--augen", "30")  # Emil deals
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "95", "--laufende", "2")  # Anna deals
    return {n: payouts(cli, n) for n in range(1, 7)}


def test_void_at_five_is_refused_naming_the_hand_and_both_ways_out(cli):
    before = five_with_a_hand_typed_twice(cli)
    listed = cli.ok("list")
    ran = cli("void", "3")
    assert ran.code == 2
    sentence = ran.err.strip()
    assert sentence.count("\n") == 0
    assert "void 3: hand 4 would no longer fit" in sentence
    assert "Carl is not playing this hand" in sentence  # why: without hand 3 Carl deals hand 4 and sits out
    assert "`void 3 --keep-dealers`" in sentence and "`edit 4 --dealer NAME`" in sentence
    assert cli.ok("list") == listed
    assert {n: payouts(cli, n) for n in range(1, 7)} == before


def test_void_keep_dealers_removes_a_hand_typed_twice_at_five(cli):
    before = five_with_a_hand_typed_twice(cli)
    out = cli.ok("void", "3", "--keep-dealers")
    assert "Hand 3 (rufspiel Anna+Dora) is void" in out
    assert "Hand 4 keeps its dealer as recorded: Dora (stored as --dealer Dora)." in out
    assert "Hand 5 keeps" not in out and "Hand 6 keeps" not in out  # the rotation goes on from Dora
    assert "0 later hands pay differently now" in out
    assert "Solo" not in out and "Next dealer: Anna" in out  # hand 6 was Carl's Wenz: Anna deals again
    # Every later hand is paid as recorded, dealt by whom it was dealt, the same player sitting out.
    assert {n: payouts(cli, n) for n in (1, 2, 4, 5, 6)} == {n: before[n] for n in (1, 2, 4, 5, 6)}
    assert dealers(cli) == {1: "Anna", 2: "Berta", 4: "Dora", 5: "Emil", 6: "Anna"}
    shown = cli.json("show", "4", "--format", "json")
    assert shown["facts"]["dealer"] == "Dora" and shown["sitting_out"] == ["Dora"]
    report = cli.json("report", "--format", "json")
    assert report["hands"] == 5
    totals = {p["name"]: p["points"] for p in report["players"]}
    assert totals == {p: sum(before[n][p] for n in (1, 2, 4, 5, 6)) for p in totals}
    assert cli.ok("db", "check").startswith("ok:")
    # The trail: hand 3 void, hand 4 as first typed (superseded) and with its dealer, the void event.
    history = cli.ok("list", "--history")
    assert re.search(r"^3\s+void\s+rufspiel Anna\+Dora", history, re.M)
    assert re.search(r"^4\s+superseded\s+rufspiel Carl\+Emil", history, re.M)
    assert re.search(r"^4\s+live\s+rufspiel Carl\+Emil\s.*dealer: Dora", history, re.M)
    assert "hand 3 voided" in history
    # The next hand follows the table as it stands: Anna deals it again and sits out.
    ran = cli("add", "rufspiel", "--player", "Anna", "--partner", "Berta", "--augen", "61")
    assert ran.code == 2 and "--player: Anna is not playing this hand" in ran.err
    cli.ok("add", "rufspiel", "--player", "Carl", "--partner", "Berta", "--augen", "61")
    assert dealers(cli)[7] == "Anna"


def test_void_after_naming_the_dealer_with_edit(cli):
    """The other way out: `edit 4 --dealer Dora` first, then `void 3` fits."""
    before = five_with_a_hand_typed_twice(cli)
    cli.ok("edit", "4", "--dealer", "Dora")
    out = cli.ok("void", "3")
    assert "keeps its dealer" not in out
    assert {n: payouts(cli, n) for n in (4, 5, 6)} == {n: before[n] for n in (4, 5, 6)}
    assert cli.ok("db", "check").startswith("ok:")


def test_void_keep_dealers_at_four_keeps_the_first_later_dealer_and_the_bock_that_follows(cli):
    """At four nothing is refused, but without --keep-dealers the deal after the void moves on by one."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora")
    for _ in range(3):
        cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("void", "2", "--keep-dealers")
    assert dealers(cli) == {1: "Anna", 3: "Carl"}
    assert "Next dealer: Dora" in cli.ok("list")
    # The last hand needs no override: voiding it keeps nothing, and the deal goes back to Berta.
    out = cli.ok("void", "3", "--keep-dealers")
    assert "keeps its dealer" not in out and "Next dealer: Berta" in out


def test_void_keep_dealers_in_play(cli, monkeypatch):
    five_with_a_hand_typed_twice(cli)
    monkeypatch.setattr(sys, "stdin", io.StringIO("void 3\n"))
    ran = cli("play")
    assert ran.code == 2 and "line 1: void 3: hand 4 would no longer fit" in ran.err
    assert "--keep-dealers" in ran.err
    monkeypatch.setattr(sys, "stdin", io.StringIO("void 3 --keep-dealers\nruf -p ca -m be -a 61\n"))
    ran = cli("play")
    assert ran.code == 0, ran.err
    assert "Hand 4 keeps its dealer as recorded: Dora" in ran.out
    assert "Hand 7: rufspiel Carl+Berta" in ran.out
    assert dealers(cli) == {1: "Anna", 2: "Berta", 4: "Dora", 5: "Emil", 6: "Anna", 7: "Anna"}
    assert cli.ok("db", "check").startswith("ok:")


def test_play_prints_the_solo_line_as_add_does(cli, monkeypatch):
    cli.ok("session", "new", "--rules", "schafkopf", *FIVE)
    monkeypatch.setattr(sys, "stdin", io.StringIO("ruf -p be -m ca -a 70\nwenz -p ca -a 80\nruf -p do -m em -a 61\n"))
    ran = cli("play")
    assert ran.code == 0, ran.err
    assert ran.out.count("Solo: Berta deals again") == 1
    assert dealers(cli) == {1: "Anna", 2: "Berta", 3: "Berta"}
