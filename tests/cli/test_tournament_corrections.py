"""The tournament day as it happens (issue 30, CLI.md "The day as it happens"): a mistyped sheet corrected,
impossible sheets refused, no draw while tables still play, undraw, unregister, withdraw and its undo,
unfinished tables named in every view of the standings. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import re

from tests.helpers.tournament import EIGHT, refused, seats, sheet_of

PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Özlem", "Xaver", "Zenzi Müller", "Otto"]


def day(cli, players=PLAYERS, hands: int = 4, rules: str = "preisschafkopf") -> dict:
    cli.ok("tournament", "new", "Kirta", "--rules", rules, "--hands", str(hands), "--seed", "5", "--date", "2026-11-28")
    cli.ok("tournament", "register", *players)
    cli.ok("tournament", "draw")
    return seats(cli)


def echoed(out: str, name: str, said: str) -> bool:
    """The sheet's echo names the player with his start number: "Carl (3) 45 (1 Solo)"."""
    return re.search(rf"{re.escape(name)} \(\d+\) {re.escape(said)}(,|$|\n|;)", out) is not None


# -- a corrected sheet ----------------------------------------------------------------------------


def test_a_mistyped_sheet_is_corrected_with_replace_and_the_old_one_is_kept(cli):
    plan = day(cli)
    t1 = plan["tables"][0]
    a, b, c, d = t1["players"][:4]
    out = cli.ok(
        "tournament", "result", "1", "1", *sheet_of(t1, (45, 0, 25, 10, 0)[: len(t1["players"])]), "--soli", f"{c}=1"
    )
    # The confirmation echoes every stored entry with its start number, to compare with the paper.
    assert all(echoed(out, name, said) for name, said in ((a, "45"), (b, "0"), (c, "25 (1 Solo)"), (d, "10")))
    err = refused(cli, "tournament", "result", "1", "1", *sheet_of(t1, (54, 0, 25, 10, 0)), says="--replace")
    assert "has its sheet already" in err
    out = cli.ok("tournament", "result", "1", "1", *sheet_of(t1, (55, 0, 25, 10, 0)), "--soli", f"{c}=1", "--replace")
    assert "replaced" in out and echoed(out, a, "55")
    standing = {p["name"]: p for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    assert standing[a]["rounds"] == [55] and standing[c]["soli"] == 1
    # The replaced sheet stays stored and is shown, in the terminal and as JSON.
    shown = cli.ok("tournament", "show")
    assert re.search(rf"round 1 table 1: {a} \(\d+\) 55", shown) and "replaced at" in shown and echoed(shown, a, "45")
    sheets = cli.json("tournament", "show", "--format", "json")["sheets"]
    assert [(x["round"], x["table"], x["replaced"]) for x in sheets] == [(1, 1, False), (1, 1, True)]
    assert sheets[1]["entries"][0] == {
        "number": PLAYERS.index(a) + 1,
        "name": a,
        "points": 45,
        "soli": 0,
        "won": 0,
        "lost": 0,
    }
    assert {e["name"]: e["soli"] for e in sheets[1]["entries"]}[c] == 1
    # A replacing sheet is the whole sheet: Soli not given again are 0.
    cli.ok("tournament", "result", "1", "1", *sheet_of(t1, (55, 0, 25, 10, 0)), "--replace")
    assert {p["name"]: p["soli"] for p in cli.json("tournament", "standings", "--format", "json")["players"]}[c] == 0
    assert len(cli.json("tournament", "show", "--format", "json")["sheets"]) == 3


def test_replace_without_a_sheet_and_a_sheet_for_a_table_with_hands_are_refused(cli):
    plan = day(cli)
    t1, t2 = plan["tables"][:2]
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "1",
        *sheet_of(t1, (5, 0, 0, 0, 0)),
        "--replace",
        says="has no sheet to replace",
    )
    session = str(t2["session"])
    cli.ok("add", "--session", session, "rufspiel", "-p", t2["players"][0], "-m", t2["players"][2], "-a", "70")
    # A table recorded hand by hand is corrected as any table: with edit or void.
    err = refused(
        cli, "tournament", "result", "1", "2", *sheet_of(t2, (5, 0, 5, 0)), "--replace", says="has hands recorded"
    )
    assert "edit" in err
    cli.ok("edit", "1", "--session", session, "-a", "50")
    got = {p["name"]: p["rounds"] for p in cli.json("tournament", "standings", "--format", "json")["players"]}
    assert got[t2["players"][1]] == [5] and got[t2["players"][0]] == [0]


# -- sheets checked against the rule set -------------------------------------------------------------


def test_impossible_sheets_are_refused(cli):
    plan = day(cli)
    t = plan["tables"][1]  # a table of 4
    a, b, c, d = t["players"]
    refused(cli, "tournament", "result", "1", "2", f"{a}=13", f"{b}=0", f"{c}=0", f"{d}=0", says="multiple of 5")
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "2",
        f"{a}=45",
        f"{b}=0",
        f"{c}=0",
        f"{d}=0",
        "--soli",
        f"{a}=5",
        says="5 won Soli are worth at least 100 points",
    )
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "2",
        f"{a}=45",
        f"{b}=0",
        f"{c}=0",
        f"{d}=0",
        "--soli",
        f"{a}=1",
        "--soli",
        f"{a}=1",
        says=f"--soli: {a} is named twice",
    )
    refused(cli, "tournament", "result", "1", "2", f"{a}=45", f"{b}=0", f"{a}=0", f"{d}=0", says=f"{a} is named twice")
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "2",
        f"{a}=45",
        f"{b}=0",
        f"{c}=0",
        f"{d}=0",
        "--lost",
        f"{b}=1",
        "--lost",
        f"{b}=2",
        says=f"--lost: {b} is named twice",
    )
    refused(
        cli, "tournament", "result", "1", "2", f"{a}=45", f"{b}=0", f"{c}=0", f"{d}=0", "--won", f"{b}=-1", says="--won"
    )
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "2",
        f"{a}=40",
        f"{b}=20",
        f"{c}=20",
        f"{d}=20",
        "--soli",
        f"{a}=2",
        "--soli",
        f"{b}=1",
        "--soli",
        f"{c}=1",
        "--soli",
        f"{d}=1",
        says="5 Soli at a table that plays 4 hands",
    )
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "2",
        f"{a}=45",
        f"{b}=0",
        f"{c}=0",
        f"{d}=0",
        "--lost",
        f"{b}=3",
        "--thrown",
        "2",
        says="5 hands at a table that plays 4",
    )


def test_reachable_values_come_from_the_tables_settings(cli):
    """Not a hard-coded 5: with every value of the list a multiple of 2, a result of 4 is possible, 5 is not."""
    cli.ok(
        "tournament",
        "new",
        "Anders",
        "--rules",
        "preisschafkopf",
        "--seed",
        "1",
        *[
            f"--set={k}={v}"
            for k, v in {
                "rufspiel": 2,
                "solo": 10,
                "herz_solo": 12,
                "bettel": 0,
                "schneider": 2,
                "laufende_wert": 2,
            }.items()
        ],
    )
    cli.ok("tournament", "register", *EIGHT)
    cli.ok("tournament", "draw")
    t = seats(cli)["tables"][0]
    refused(cli, "tournament", "result", "1", "1", *sheet_of(t, (5, 0, 0, 0)), says="multiple of 2")
    refused(
        cli,
        "tournament",
        "result",
        "1",
        "1",
        *sheet_of(t, (4, 0, 0, 0)),
        "--soli",
        f"{t['players'][0]}=1",
        says="1 won Soli are worth at least 10 points",
    )
    out = cli.ok("tournament", "result", "1", "1", *sheet_of(t, (4, 12, 0, 2)), "--soli", f"{t['players'][1]}=1")
    assert echoed(out, t["players"][0], "4")


def test_a_zero_sum_sheet_still_adds_up_to_zero_and_takes_any_integer(cli):
    plan = day(cli, players=EIGHT, rules="schafkopf")
    t = plan["tables"][0]
    refused(cli, "tournament", "result", "1", "1", *sheet_of(t, (30, -10, -10, 0)), says="adds up to 0, not 10")
    cli.ok("tournament", "result", "1", "1", *sheet_of(t, (30, -10, -10, -10)), "--soli", f"{t['players'][0]}=1")


# -- the draw waits for the room ---------------------------------------------------------------------


def test_the_next_draw_waits_for_every_table_and_force_draws_anyway(cli):
    plan = day(cli, players=EIGHT)
    t1, t2 = plan["tables"]
    cli.ok("tournament", "result", "1", "1", *sheet_of(t1, (5, 0, 0, 10)))
    session = str(t2["session"])
    for _ in range(2):
        cli.ok("add", "--session", session, "rufspiel", "-p", t2["players"][0], "-m", t2["players"][2], "-a", "70")
    err = refused(cli, "tournament", "draw", says="round 1: table 2 is still playing (2 of 4 hands)")
    assert "--force" in err and "table 1" not in err
    # Drawing the newest round again is not affected by the guard.
    refused(cli, "tournament", "draw", "--round", "1", says="round 1 is being played")
    out = cli.ok("tournament", "draw", "--force")
    assert "Round 2" in out
    # Round 2 is newest now: round 3 waits for it.
    refused(cli, "tournament", "draw", says="round 2: table 1 is still playing (0 of 4 hands)")
    # A table whose time is up is closed with the hands it has, and counts as finished.
    cli.ok("tournament", "close", "1", "2")
    assert seats(cli, 1)["tables"][1]["finished"] is True
    refused(
        cli,
        "add",
        "--session",
        session,
        "rufspiel",
        "-p",
        t2["players"][0],
        "-m",
        t2["players"][2],
        "-a",
        "70",
        says="closed",
    )
    refused(cli, "tournament", "close", "1", "2", says="closed already")
    refused(cli, "tournament", "close", "1", "1", says="has its sheet entered")
    refused(cli, "tournament", "close", "2", "1", says="has no hand recorded")


def test_a_table_of_five_plays_five_quarters_of_the_hands(cli):
    plan = day(cli, players=PLAYERS[:9], hands=4)  # 9 players: a table of 5 and one of 4
    five = next(t for t in plan["tables"] if len(t["players"]) == 5)
    four = next(t for t in plan["tables"] if len(t["players"]) == 4)
    assert five["of"] == 5 and four["of"] == 4
    cli.ok("tournament", "result", "1", str(four["table"]), *sheet_of(four, (5, 0, 0, 0)))
    session = str(five["session"])
    for k in range(4):
        active = [p for i, p in enumerate(five["players"]) if i != k % 5]  # the dealer sits out
        cli.ok("add", "--session", session, "rufspiel", "-p", active[0], "-m", active[2], "-a", "70")
    refused(cli, "tournament", "draw", says=f"round 1: table {five['table']} is still playing (4 of 5 hands)")
    active = [p for i, p in enumerate(five["players"]) if i != 4]
    cli.ok("add", "--session", session, "rufspiel", "-p", active[0], "-m", active[2], "-a", "70")
    cli.ok("tournament", "draw")


def test_undraw_takes_back_the_newest_round_until_its_first_result(cli):
    plan = day(cli, players=EIGHT)
    out = cli.ok("tournament", "undraw")
    assert "Round 1 is taken back" in out
    assert cli.json("tournament", "show", "--format", "json")["players"][0]["name"] == "Anna"
    refused(cli, "tournament", "tables", says="no round drawn yet")
    refused(cli, "tournament", "undraw", says="nothing to take back")
    cli.ok("tournament", "draw")
    again = seats(cli)
    assert [t["players"] for t in again["tables"]] == [
        t["players"] for t in plan["tables"]
    ]  # the same seed, the same draw
    cli.ok("tournament", "result", "1", "1", *sheet_of(again["tables"][0], (5, 0, 0, 0)))
    refused(cli, "tournament", "undraw", says="round 1 is being played")
    # A hand voided since still counts as started: nothing typed is ever thrown away with a table.
    cli.ok("tournament", "result", "1", "2", *sheet_of(again["tables"][1], (5, 0, 0, 0)))
    cli.ok("tournament", "draw")
    t = seats(cli)["tables"][0]
    cli.ok("add", "--session", str(t["session"]), "rufspiel", "-p", t["players"][0], "-m", t["players"][2], "-a", "70")
    cli.ok("undo", "--session", str(t["session"]))
    refused(cli, "tournament", "undraw", says="round 2 is being played")


# -- who plays -----------------------------------------------------------------------------------------


def test_unregister_before_the_first_drawn_round_only(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--seed", "5")
    cli.ok("tournament", "register", *EIGHT, "Ida")
    out = cli.ok("tournament", "unregister", "Ida")
    assert "Ida is unregistered" in out
    assert [p["name"] for p in cli.json("tournament", "show", "--format", "json")["players"]] == EIGHT
    cli.ok("tournament", "draw")
    cli.ok("tournament", "register", "Jakob")
    cli.ok("tournament", "unregister", "9")  # by start number; Jakob sits nowhere yet
    err = refused(cli, "tournament", "unregister", "Anna", says="Anna (1) is seated in round 1")
    assert "withdraw" in err
    refused(cli, "tournament", "unregister", "Ann", says="did you mean Anna (1)?")


def test_withdraw_by_whole_name_or_number_and_its_undo(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--seed", "5")
    cli.ok("tournament", "register", *PLAYERS, "Lisa")  # 13: 12 are left to seat after one withdraws
    refused(cli, "tournament", "withdraw", "Zenzi", says="did you mean Zenzi Müller (11)?")
    cli.ok("tournament", "withdraw", "zenzi müller")
    assert cli.json("tournament", "show", "--format", "json")["players"][10]["withdrawn"] is True
    refused(cli, "tournament", "withdraw", "11", says="has withdrawn already; `--undo` brings them back")
    out = cli.ok("tournament", "withdraw", "11", "--undo")
    assert "is back" in out
    refused(cli, "tournament", "withdraw", "11", "--undo", says="has not withdrawn")
    refused(cli, "tournament", "withdraw", "99", says="no player of Kirta has start number 99")
    # Drawn and not started: withdrawing says how to draw the round again, in neutral words.
    cli.ok("tournament", "draw")
    out = cli.ok("tournament", "withdraw", "Ozlem")  # accents folded: the whole name all the same
    assert "their rounds stay" in out and "his rounds" not in out
    assert "which has not started" in out and "draw --round 1" in out
    cli.ok("tournament", "draw", "--round", "1")
    assert "Özlem" not in [p for t in seats(cli)["tables"] for p in t["players"]]


def test_register_notes_a_close_name_and_a_late_player_hears_what_it_means(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--seed", "5")
    cli.ok("tournament", "register", *EIGHT)
    ran = cli("tournament", "register", "Anne")
    assert ran.code == 0 and "Registered Anne with start number 9" in ran.out
    assert "note: Anne is close to Anna (1); `schreiber tournament unregister Anne` takes it back." in ran.err
    ran = cli("tournament", "register", "Özlem", "Ozlem")
    assert ran.code == 0 and "note: Ozlem is close to Özlem (10)" in ran.err
    cli.ok("tournament", "unregister", "Anne")
    cli.ok("tournament", "draw")
    out = cli.ok("tournament", "register", "Lisa")
    assert "Round 1 is drawn already, without Lisa" in out and "draw --round 1" in out


def test_a_tournament_of_the_same_name_and_date_is_refused(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--date", "2026-11-28")
    cli.ok("tournament", "new", "Zweites", "--rules", "preisschafkopf", "--date", "2026-11-28")
    refused(
        cli,
        "tournament",
        "new",
        "kirta",
        "--rules",
        "preisschafkopf",
        "--date",
        "2026-11-28",
        says="`schreiber tournament use 1`",
    )
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--date", "2026-11-29")


# -- standings never look finished too early -----------------------------------------------------------


def test_standings_name_unfinished_tables_in_every_form(cli, tmp_path):
    plan = day(cli, players=EIGHT)
    t1, t2 = plan["tables"]
    cli.ok("tournament", "result", "1", "1", *sheet_of(t1, (5, 0, 0, 10)))
    session = str(t2["session"])
    for _ in range(3):
        cli.ok("add", "--session", session, "rufspiel", "-p", t2["players"][0], "-m", t2["players"][2], "-a", "70")
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["unfinished"] == [{"round": 1, "table": 2, "hands": 3, "of": 4}] and got["after"] == 0
    text = cli.ok("tournament", "standings")
    assert "after round" not in text and "round 1, table 2 is still playing (3 of 4 hands)" in text
    rows = list(csv.DictReader(io.StringIO(cli.ok("tournament", "standings", "--format", "csv"))))
    assert {r["name"]: r["unfinished"] for r in rows}[t2["players"][0]] == "1/2 3/4"
    assert {r["name"]: r["unfinished"] for r in rows}[t1["players"][0]] == ""
    cli.ok("tournament", "standings", "--output", str(tmp_path / "st.pdf"))
    assert b"still playing" in _pdf_text(tmp_path / "st.pdf")
    cli.ok("add", "--session", session, "rufspiel", "-p", t2["players"][0], "-m", t2["players"][2], "-a", "70")
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["unfinished"] == [] and got["after"] == 1
    assert "Standings after round 1 (provisional)" in cli.ok("tournament", "standings")
    # Rounds 2 and 3 drawn (forced) without a result: still "after round 1".
    cli.ok("tournament", "draw")
    cli.ok("tournament", "draw", "--force")
    got = cli.json("tournament", "standings", "--format", "json")
    assert got["after"] == 1 and {(u["round"], u["hands"]) for u in got["unfinished"]} == {(2, 0), (3, 0)}
    assert "Standings after round 1 (provisional)" in cli.ok("tournament", "standings")


def _pdf_text(path) -> bytes:
    """The PDF's text streams, inflated (fpdf2 compresses them)."""
    import re
    import zlib

    data = path.read_bytes()
    out = b""
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            out += zlib.decompress(stream)
        except zlib.error:
            out += stream
    return out


def test_names_are_listed_and_tied_as_a_german_list_has_them(cli, tmp_path):
    cli.ok("tournament", "new", "Kirta", "--rules", "preisschafkopf", "--seed", "5")
    cli.ok("tournament", "register", "Xaver", "Özlem", "Otto", "Anna", "Ute", "Übel", "Bert", "Zoe")
    cli.ok("tournament", "draw")
    names = [p["name"] for p in cli.json("tournament", "standings", "--format", "json")["players"]]
    assert names == ["Anna", "Bert", "Otto", "Özlem", "Übel", "Ute", "Xaver", "Zoe"]  # all tied at 0: A–Z, Ö with O
    # Names left-aligned in the terminal's tables.
    text = cli.ok("tournament", "standings").splitlines()
    column = [line for line in text if "Özlem" in line or "Zoe" in line]
    assert len({line.index(n) for line, n in zip(column, ("Özlem", "Zoe"))}) == 1
