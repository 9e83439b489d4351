"""Paid is paid (RULES.md §9 "Prizes are fixed at the first payout", issue 37): the first prize paid out fixes every
prize place; a later pot change moves only the Kasse; whatever would move the standings is refused naming the
paid prizes unless --force, and with --force the paid money stays in the balance. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers.cash import C1_SET, t1_day
from tests.helpers.tournament import seats, state

SCHREIBER = str(Path(sys.executable).parent / "schreiber")
ROLES = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]
CORRECTION = [
    "tournament",
    "result",
    "2",
    "1",
    "Anna=10",
    "Emil=30",
    "Gerda=45",
    "Berta=5",
    "--soli",
    "Emil=1",
    "--replace",
]


def c1_named(cli) -> dict[str, int]:
    """C1 of §9 with the players renamed to T1's roles, Startgeld paid by all but Hans; returns each one's start number."""
    role = t1_day(cli, *C1_SET)
    for name, player in role.items():
        cli.ok("player", "rename", player, name)
    cli.ok("tournament", "pay", *[r for r in ROLES if r != "Hans"])
    # T1's roles come from the draw so that round 2, table 1 seats Anna, Berta, Emil and Gerda, as T1 has it.
    assert set(seats(cli, 2)["tables"][0]["players"]) == {"Anna", "Berta", "Emil", "Gerda"}
    return {p["name"]: p["number"] for p in cli.json("tournament", "show", "--format", "json")["players"]}


def book(cli) -> tuple[dict, dict[str, dict]]:
    got = cli.json("tournament", "cash", "--format", "json")
    return got, {line["name"]: line for line in got["players"]}


def test_example_c1_after_a_payout(cli, tmp_path):
    number = c1_named(cli)
    assert "has been paid the prize of €30.00" in cli.ok("tournament", "pay", "Gerda", "--prize")
    got, line = book(cli)
    assert got["prizes_fixed"] is not None
    assert (line["Gerda"]["prize"], line["Gerda"]["prize_paid"], line["Gerda"]["balance"]) == (3000, 3000, 0)

    # Hans pays his Startgeld: the pot grows, the prizes stay, the Kasse takes it all.
    cli.ok("tournament", "pay", "Hans")
    got, line = book(cli)
    assert (got["pot"], got["kasse"]) == (8500, 2500)
    assert {n: x["prize"] for n, x in line.items() if x["prize"]} == {"Gerda": 3000, "Emil": 1800, "Anna": 1200}

    # The correction without --force is refused, naming the prize paid; nothing changes.
    before = (state(cli), cli.ok("tournament", "cash", "--format", "json"))
    ran = cli(*CORRECTION)
    assert ran.code == 2
    assert ran.err.strip() == (
        f"schreiber: tournament result: prizes of Herbstturnier are paid out already (Gerda ({number['Gerda']}) €30.00), and this "
        "would change its standings; --force does it anyway (the paid prizes stay paid; `schreiber tournament cash` shows what is "
        "then still due or to give back)."
    )
    assert (state(cli), cli.ok("tournament", "cash", "--format", "json")) == before

    cli.ok(*CORRECTION, "--force")
    standings = cli.json("tournament", "standings", "--format", "json")["players"]
    assert [(p["name"], p["score"], p["rank"]) for p in standings[:3]] == [
        ("Emil", 60, 1),
        ("Gerda", 55, 2),
        ("Anna", 50, 3),
    ]
    got, line = book(cli)
    assert {
        n: (x["prize"], x["prize_paid"], x["balance"]) for n, x in line.items() if x["prize"] or x["prize_paid"]
    } == {"Emil": (3000, 0, 3000), "Gerda": (1800, 3000, -1200), "Anna": (1200, 0, 1200)}
    assert (got["pot"], got["payout"], got["kasse"]) == (8500, 6000, 2500)
    assert all(x["balance"] == 0 for n, x in line.items() if n not in ("Emil", "Gerda", "Anna"))

    table = cli.ok("tournament", "cash")
    assert "Prizes fixed since " in table
    assert f"Gerda ({number['Gerda']}) was paid €30.00, the prize is now €18.00: €12.00 to give back." in table
    assert "Kasse (the club's share): €25.00." in table
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(cli.ok("tournament", "cash", "--format", "csv")))}
    assert (rows["Gerda"]["prize"], rows["Gerda"]["prize_paid"], rows["Gerda"]["balance"]) == (
        "18.00",
        "30.00",
        "-12.00",
    )
    pdf = tmp_path / "auszahlung.pdf"
    cli.ok("tournament", "cash", "--output", str(pdf))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Prizes fixed since" in text
    gerda = next(x for x in text.splitlines() if " Gerda " in f" {x} ")
    assert "18.00" in gerda and "30.00" in gerda and "12.00" in gerda

    # Emil is paid what is now his; Gerda gives back by the undo of hers, then is paid her new prize.
    assert "has been paid the prize of €30.00" in cli.ok("tournament", "pay", "Emil", "--prize")
    cli.ok("tournament", "pay", "Gerda", "--prize", "--undo")
    assert "has been paid the prize of €18.00" in cli.ok("tournament", "pay", "Gerda", "--prize")
    got, line = book(cli)
    assert (line["Emil"]["balance"], line["Gerda"]["balance"], got["kasse"]) == (0, 0, 2500)


def test_a_late_startgeld_after_a_payout_changes_only_the_kasse(cli):
    """The orga day's first major: a Startgeld paid (or taken back) after a prize is paid out moved the paid prize."""
    c1_named(cli)
    cli.ok("tournament", "pay", "Gerda", "--prize")
    cli.ok("tournament", "pay", "Hans")
    got, line = book(cli)
    assert (line["Gerda"]["prize"], line["Gerda"]["prize_paid"], line["Gerda"]["balance"]) == (3000, 3000, 0)
    assert (got["payout"], got["kasse"]) == (6000, 2500)
    assert (
        "Payout as fixed at the first prize paid out: €60.00; the prizes: 1. €30.00, 2. €18.00, 3. €12.00."
        in cli.ok("tournament", "cash")
    )
    cli.ok("tournament", "pay", "Hans", "Berta", "--undo")
    got, line = book(cli)
    assert (line["Gerda"]["prize"], line["Emil"]["prize"], got["kasse"]) == (3000, 1800, 500)
    # The last prize taken back unfixes them: computed from the pot again (6,500 → payout 5,200:
    # 2,600 and the 100 that rounding 1,560 and 1,040 down left).
    cli.ok("tournament", "pay", "Gerda", "--prize", "--undo")
    got, line = book(cli)
    assert got["prizes_fixed"] is None and (got["payout"], line["Gerda"]["prize"]) == (5200, 2700)


def test_a_replace_after_a_payout_needs_force_and_keeps_the_paid_money_in_the_balance(cli):
    """The orga day's second major: a corrected sheet put the paid winner out of the prizes without a word, his
    payout gone from the cashbook and the Kasse."""
    c1_named(cli)
    cli.ok("tournament", "pay", "Gerda", "--prize")
    drop = [
        "tournament",
        "result",
        "2",
        "1",
        "Anna=10",
        "Emil=20",
        "Gerda=0",
        "Berta=5",
        "--soli",
        "Emil=1",
        "--replace",
    ]
    ran = cli(*drop)
    assert ran.code == 2 and "prizes of Herbstturnier are paid out already (Gerda (" in ran.err and "--force" in ran.err
    cli.ok(*drop, "--force")
    got, line = book(cli)
    assert line["Gerda"]["prize"] == 0 and line["Gerda"]["prize_paid"] == 3000 and line["Gerda"]["balance"] == -3000
    assert got["kasse"] == 7500 - 6000  # the fixed prizes went to the new places; the Kasse is as it was
    assert sum(x["prize"] for x in got["players"]) == 6000


def test_every_command_that_moves_the_standings_is_refused_after_a_payout_unless_forced(cli):
    c1_named(cli)
    cli.ok("tournament", "pay", "Gerda", "--prize")
    before = state(cli)
    for args in (
        ["tournament", "withdraw", "Hans"],
        ["tournament", "result", "2", "2", "Carl=35", "Fritz=10", "Dora=5", "Hans=20", "--replace"],
    ):
        ran = cli(*args)
        assert (
            ran.code == 2 and f"schreiber: {args[0]} {args[1]}: prizes of Herbstturnier are paid out already" in ran.err
        ), args
    assert state(cli) == before
    cli.ok("tournament", "withdraw", "Hans", "--force")
    # --force never lifts another refusal: a sheet that does not fit, a money setting.
    ran = cli("tournament", "result", "2", "2", "Carl=36", "Fritz=10", "Dora=5", "Hans=20", "--replace", "--force")
    assert ran.code == 2 and "prizes" not in ran.err and "36" in ran.err
    ran = cli("tournament", "set", "startgeld=500")
    assert ran.code == 2 and "`schreiber tournament pay Gerda --prize --undo`" in ran.err
    ran = cli("tournament", "set", "startgeld=500", "--force")
    assert ran.code == 2


def hand_day(cli) -> tuple[dict, list[dict]]:
    """A tournament of 8 whose round 1 is played by hands at table 1 and by a sheet at table 2, prizes set and one paid."""
    cli.ok(
        "tournament",
        "new",
        "Handturnier",
        "--rules",
        "preisschafkopf",
        "--rounds",
        "1",
        "--hands",
        "4",
        "--seed",
        "3",
        "--set",
        "preise=3000,2000",
    )
    cli.ok("tournament", "register", *[f"P{i}" for i in range(1, 9)])
    cli.ok("tournament", "draw")
    one, two = seats(cli)["tables"]
    a, b, c, d = one["players"]
    for words in (
        ["rufspiel", "--player", a, "--partner", c, "--augen", "75"],
        ["wenz", "--player", b, "--augen", "70"],
    ):
        cli.ok("add", *words, "--session", str(one["session"]))
    cli.ok("tournament", "result", "1", "2", *[f"{p}={n}" for p, n in zip(two["players"], (5, 0, 0, 0), strict=True)])
    first = cli.json("tournament", "standings", "--format", "json")["players"][0]["name"]
    cli.ok("tournament", "pay", first, "--prize")
    return one, two["players"]


def test_hands_at_a_tournament_table_after_a_payout_need_force_also_in_play(cli, monkeypatch):
    one, _ = hand_day(cli)
    a, b, c, d = one["players"]
    session = ["--session", str(one["session"])]
    before = state(cli), cli.ok("list", *session)
    for args in (
        ["add", "rufspiel", "--player", c, "--partner", a, "--augen", "80"],
        ["edit", "1", "--augen", "80"],
        ["void", "1"],
        ["undo"],
    ):
        ran = cli(*args, *session)
        assert ran.code == 2 and f"schreiber: {args[0]}: prizes of Handturnier are paid out already" in ran.err, (
            args,
            ran.err,
        )
    assert (state(cli), cli.ok("list", *session)) == before
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"ruf -p {c[:2]} -m {a[:2]} -a 80\nundo\n"))
    ran = cli("play", *session)
    assert ran.code == 2 and "line 1: add: prizes of Handturnier are paid out already" in ran.err, ran.err
    assert cli.ok("list", *session) == before[1]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"ruf -p {c} -m {a} -a 80 --force\n"))
    assert "Hand 3" in cli.ok("play", *session)
    cli.ok("undo", *session, "--force")
    cli.ok("add", "rufspiel", "--player", c, "--partner", a, "--augen", "80", *session, "--force")
    cli.ok("edit", "3", "--augen", "85", *session, "--force")
    cli.ok("void", "3", *session, "--force")
    ran = cli("restore", "3", *session)
    assert ran.code == 2 and "schreiber: restore: prizes of Handturnier are paid out already" in ran.err
    cli.ok("restore", "3", *session, "--force")
    cli.ok("undo", *session, "--force")
    assert len(cli.json("list", *session, "--format", "json")["hands"]) == 2
    # --force never lifts another refusal: a hand that does not fit is refused as ever.
    ran = cli("add", "rufspiel", "--player", a, "--partner", a, "--augen", "80", *session, "--force")
    assert ran.code == 2 and "prizes" not in ran.err


def test_close_after_a_payout_needs_force(cli):
    cli.ok(
        "tournament",
        "new",
        "Zeitturnier",
        "--rules",
        "preisschafkopf",
        "--rounds",
        "1",
        "--hands",
        "4",
        "--seed",
        "3",
        "--set",
        "preise=3000",
    )
    cli.ok("tournament", "register", *[f"P{i}" for i in range(1, 9)])
    cli.ok("tournament", "draw")
    one, two = seats(cli)["tables"]
    a, b, c, d = one["players"]
    cli.ok("add", "rufspiel", "--player", a, "--partner", c, "--augen", "75", "--session", str(one["session"]))
    cli.ok("tournament", "result", "1", "2", *[f"{p}=0" for p in two["players"]])
    first = cli.json("tournament", "standings", "--format", "json")["players"][0]["name"]
    cli.ok("tournament", "pay", first, "--prize")
    ran = cli("tournament", "close", "1", "1")
    assert ran.code == 2 and "schreiber: tournament close: prizes of Zeitturnier are paid out already" in ran.err
    assert "closed" in cli.ok("tournament", "close", "1", "1", "--force").lower()


def test_replace_says_what_it_drops(cli):
    role = t1_day(cli, *C1_SET)
    anna, carl, dora = role["Anna"], role["Carl"], role["Dora"]
    x = next(t for t in seats(cli, 1)["tables"] if anna in t["players"])
    sheet = {role[r]: p for r, p in {"Anna": 40, "Berta": 15, "Carl": 0, "Dora": 25}.items()}
    out = cli.ok("tournament", "result", "1", str(x["table"]), *[f"{p}={n}" for p, n in sheet.items()], "--replace")
    assert (
        f"replaced: {anna}'s 2 lost games and 1 Solo, {carl}'s 5 lost games and {dora}'s 1 lost game are no longer "
        "on this sheet."
    ) in out
    got = cli.json("tournament", "show", "--format", "json")
    entry = next(
        e
        for s in got["sheets"]
        if s["round"] == 1 and s["table"] == x["table"] and not s["replaced"]
        for e in s["entries"]
        if e["name"] == anna
    )
    assert (entry["soli"], entry["lost"]) == (0, 0)  # still the whole sheet replaced, as CLI.md has it
    out = cli.ok(
        "tournament",
        "result",
        "1",
        str(x["table"]),
        *[f"{p}={n}" for p, n in sheet.items()],
        "--soli",
        f"{anna}=1",
        "--replace",
    )
    assert "no longer" not in out


def test_dry_run_shows_the_sheet_the_drops_and_the_moves_and_stores_nothing(cli):
    number = c1_named(cli)
    cli.ok("tournament", "pay", "Gerda", "--prize")
    before = (state(cli), cli.ok("tournament", "cash", "--format", "json"))
    out = cli.ok(
        "tournament", "result", "2", "1", "Anna=10", "Emil=30", "Gerda=45", "Berta=5", "--replace", "--dry-run"
    )
    assert "Dry run, nothing is stored. The sheet of round 2 table 1 would read:" in out
    assert all(
        f"{name} ({number[name]}) {points}" in out.splitlines()[1]
        for name, points in (("Anna", 10), ("Emil", 30), ("Gerda", 45), ("Berta", 5))
    )
    assert "Emil's 1 Solo would no longer be on this sheet." in out
    assert f"Emil ({number['Emil']}): rank 2 → 1, score 50 → 60" in out
    assert f"Gerda ({number['Gerda']}): rank 1 → 2, score 55 → 55" in out
    assert "Stored, it would be refused: tournament result: prizes of Herbstturnier are paid out already" in out
    assert (state(cli), cli.ok("tournament", "cash", "--format", "json")) == before
    ran = cli("tournament", "result", "2", "1", "Anna=10", "Emil=31", "Gerda=45", "Berta=5", "--replace", "--dry-run")
    assert ran.code == 2 and "NAME=POINTS" in ran.err  # a dry run checks the sheet as storing it would


def german(cli, *args: str) -> subprocess.CompletedProcess[str]:
    """`schreiber ARGS` at a German table (the language is chosen once per process)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(SCHREIBER_LANG="de", COLUMNS="200", NO_COLOR="1")
    return subprocess.run([SCHREIBER, "--db", cli.url, *args], capture_output=True, text=True, env=env, timeout=60)


def test_the_refusal_and_the_drops_in_german(cli):
    number = c1_named(cli)
    cli.ok("tournament", "pay", "Gerda", "--prize")
    ran = german(cli, *CORRECTION)
    assert (
        ran.returncode == 2
        and "Preise von Herbstturnier sind schon ausgezahlt (Gerda (" in ran.stderr
        and "--force" in ran.stderr
    )
    ran = german(
        cli, "tournament", "result", "2", "1", "Anna=10", "Emil=30", "Gerda=45", "Berta=5", "--replace", "--force"
    )
    assert ran.returncode == 0 and "ersetzt: 1 Solo von Emil ist nicht mehr auf diesem Zettel." in ran.stdout
    out = german(cli, "tournament", "cash").stdout
    assert (
        "Preise fest seit " in out
        and f"Gerda ({number['Gerda']}) bekam 30,00 € ausgezahlt, der Preis ist jetzt 18,00 €: 12,00 € zurückzugeben."
        in out
    )
