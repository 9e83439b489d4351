"""`schreiber play`: piped evenings, a terminal driven through a pseudo-terminal, two terminals at one table."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pexpect
import pexpect.popen_spawn
import pytest
from tests.helpers.terminal import SCHREIBER, completions, expect, terminal_env
from tests.helpers.evening import hands, play


def seat(cli, rules: str = "schafkopf") -> None:
    cli.ok("session", "new", "--rules", rules, "--players", "Anna", "Berta", "Carl", "Dora")


EVENING = """\
# Friday at Carl's
ruf -p an -m ca -a 75 -l 3

wenz --player Berta --augen 80
   # a comment after spaces
farbsolo -p ca -a 65 --farbe herz
undo
geier -p do -a 40 -n 'das war knapp'
ramsch -a Anna=40 Berta=35 Carl=25 Dora=20
list
"""


def test_a_piped_evening_records_every_hand_and_skips_comments(cli, monkeypatch):
    seat(cli)
    ran = play(cli, monkeypatch, EVENING)
    assert ran.code == 0, ran.err
    assert "Hand 1: rufspiel Anna+Carl" in ran.out
    assert "Hand 2: wenz Berta" in ran.out
    assert "Hand 3: farbsolo Carl" in ran.out
    assert "Hand 3: geier Dora" in ran.out  # undo voided the farbsolo; the geier took its number
    assert ran.err == ""
    recorded = hands(cli)
    assert [(n, t) for n, t, _ in recorded] == [(1, "rufspiel"), (2, "wenz"), (3, "geier"), (4, "ramsch")]
    # The same hands as `add` records them: the totals of the table equal the sum of their payouts.
    listed = cli.ok("list")
    assert "geier Dora" in listed and "farbsolo" not in listed


def test_the_first_refused_line_stops_with_its_number_and_keeps_what_came_before(cli, monkeypatch):
    seat(cli)
    text = (
        "# two hands, then a typo\nruf -p an -m ca -a 75\n\nwenz -p be -a 80\nwenz -p xaver -a 70\nsolo -p an -a 70\n"
    )
    ran = play(cli, monkeypatch, text)
    assert ran.code == 2
    assert ran.err.strip() == (
        "line 5: --player: 'xaver' is not a player at this table; use one of Anna, Berta, Carl, Dora."
    )
    assert [t for _, t, _ in hands(cli)] == ["rufspiel", "wenz"]


def test_an_ambiguous_start_in_play_names_the_candidates(cli, monkeypatch):
    seat(cli)
    ran = play(cli, monkeypatch, "ru -p an -m ca -a 70\nf -p an -a 70\n")
    assert ran.code == 2
    assert "Hand 1: rufspiel Anna+Carl" in ran.out
    assert ran.err.strip() == (
        "line 2: TYPE: `f` could mean farbsolo, farbwenz, farbgeier, farbsolo-tout, farbwenz-tout or "
        "farbgeier-tout; type more of the hand type."
    )
    assert len(hands(cli)) == 1


def test_an_unclosed_quote_is_one_sentence(cli, monkeypatch):
    seat(cli)
    ran = play(cli, monkeypatch, "ruf -p an -m ca -a 75 -n 'oops\n")
    assert ran.code == 2
    assert ran.err.strip() == "line 1: the line has no closing quotation; close the quote."
    assert hands(cli) == []


def test_play_with_session_acts_on_that_table(cli, monkeypatch):
    seat(cli)
    cli.ok("session", "new", "--rules", "doppelkopf", "--players", "Erna", "Fritz", "Gerda", "Hans")
    ran = play(cli, monkeypatch, "ruf -p an -m ca -a 75\nlist\n")
    assert ran.code == 2  # the active table is the doppelkopf one: no rufspiel there
    monkeypatch.setattr(sys, "stdin", io.StringIO("ruf -p an -m ca -a 75\nlist\n"))
    ran = cli("play", "--session", "1")
    assert ran.code == 0, ran.err
    assert "Hand 1: rufspiel Anna+Carl" in ran.out
    assert "Session 1: schafkopf" in ran.out


# -- short forms and unique starts, the same in add and edit ------------------------------------


def test_short_forms_and_unique_starts_in_add_and_edit(cli):
    seat(cli)
    out = cli.ok("add", "ruf", "-p", "an", "-m", "ca", "-a", "75", "-l", "3", "-k", "be", "-n", "erste")
    assert "Hand 1: rufspiel Anna+Carl" in out
    import json

    shown = json.loads(cli.ok("show", "1", "--format", "json"))
    assert shown["type"] == "rufspiel"
    assert shown["facts"]["player"] == "Anna" and shown["facts"]["partner"] == "Carl"
    assert shown["facts"]["augen"] == 75 and shown["facts"]["laufende"] == 3
    assert shown["facts"]["klopfen"] == ["Berta"]
    assert cli.ok("edit", "1", "-a", "80").startswith("Hand 1 changed")
    assert json.loads(cli.ok("show", "1", "--format", "json"))["facts"]["augen"] == 80


def test_an_ambiguous_start_is_refused_naming_the_candidates(cli):
    seat(cli)
    ran = cli("add", "ruf", "-p", "b", "-m", "ca", "-a", "75")
    assert ran.code == 0  # b: only Berta
    seat(cli)
    ran = cli("session", "new", "--rules", "schafkopf", "--players", "Anna", "Anton", "Carl", "Dora")
    ran = cli("add", "ruf", "-p", "an", "-m", "ca", "-a", "75")
    assert ran.code == 2
    assert ran.err.strip() == "schreiber: --player: `an` could mean Anna or Anton; type more of the name."
    ran = cli("add", "farbs", "-p", "ann", "-a", "75", "--farbe", "herz")
    assert ran.code == 2
    assert (
        ran.err.strip() == "schreiber: TYPE: `farbs` could mean farbsolo or farbsolo-tout; type more of the hand type."
    )


# -- shell completion ---------------------------------------------------------------------------


def test_shell_completion_reads_the_active_table(cli, db_url):
    seat(cli)
    types = completions(db_url, "schreiber add ")
    assert types[:3] == ["rufspiel", "farbsolo", "wenz"] and "ramsch" in types
    assert completions(db_url, "schreiber add ruf --player ") == ["Anna", "Berta", "Carl", "Dora"]
    assert completions(db_url, "schreiber add ruf -p an --partner c") == ["Carl"]
    assert completions(db_url, "schreiber add ramsch --augen ") == ["Anna=", "Berta=", "Carl=", "Dora="]
    assert completions(db_url, "schreiber add ramsch --augen Anna=30 --augen b") == ["Berta="]
    assert completions(db_url, "schreiber session new --rules ") == [
        "schafkopf",
        "schafkopf-tarif",
        "buchstaben",
        "doppelkopf",
        "doppelkopf-turnier",
        "klassisch",
        "preisschafkopf",
        "skat",
    ]
    assert completions(db_url, "schreiber add farbsolo --farbe ") == ["eichel", "gras", "herz", "schellen"]
    assert completions(db_url, "schreiber list --session ") == ["1"]
    # The options that apply to the type typed so far, not all of them.
    wenz = completions(db_url, "schreiber add wenz --")
    assert "--augen" in wenz and "--laufende" in wenz and "--note" in wenz
    assert "--partner" not in wenz and "--sau" not in wenz and "--jungfrau" not in wenz
    assert "--partner" in completions(db_url, "schreiber add rufspiel --")


def test_shell_completion_without_a_ledger_offers_nothing_and_creates_none(tmp_path):
    db = str(tmp_path / "nowhere.db")
    assert completions(db, "schreiber add ") == []
    assert completions(db, "schreiber add ruf --player ") == []
    assert "rufspiel" not in completions(db, "schreiber add ru")
    assert completions(db, "schreiber session new --rules d") == ["doppelkopf", "doppelkopf-turnier"]
    assert not (tmp_path / "nowhere.db").exists()


def test_show_completion_prints_a_script_for_each_shell(tmp_path):
    # Typer otherwise ignores the shell named and detects the one it runs under from its parent
    # processes, which a test run started outside a shell does not have.
    scripts = {"bash": "_schreiber_completion()", "zsh": "#compdef schreiber", "fish": "complete --command schreiber"}
    for shell, start in scripts.items():
        ran = subprocess.run(
            [SCHREIBER, "--show-completion", shell],
            capture_output=True,
            text=True,
            timeout=60,
            env={
                **os.environ,
                "SCHREIBER_DB": str(tmp_path / "l.db"),
                "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1",
            },
        )
        assert ran.returncode == 0, ran.stderr
        assert "_SCHREIBER_COMPLETE" in ran.stdout and start in ran.stdout, (shell, ran.stdout[:80])


# -- a terminal ---------------------------------------------------------------------------------


def test_play_on_a_terminal(cli, db_url, tmp_path):
    seat(cli)
    child = pexpect.spawn(
        SCHREIBER, ["play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", dimensions=(30, 120), timeout=30
    )
    try:
        expect(child, "hand 1 · Anna deals")
        expect(child, "Anna 0  Berta 0  Carl 0  Dora 0")  # the status bar
        child.send("ruf\t")
        expect(child, "spiel")  # `ruf` became `rufspiel`
        child.send(" --player \t")
        expect(child, "Berta")  # the menu of names
        expect(child, "Dora")
        child.send("an -m ca -a 75\r")
        expect(child, "Hand 1: rufspiel Anna\\+Carl")
        expect(child, "hand 2 · Berta deals")
        expect(child, "Anna \\+1  Berta −1  Carl \\+1  Dora −1")
        child.send("wenz -p xaver -a 70\r")
        expect(child, "'xaver' is not a player at this table")
        expect(child, "wenz -p xaver -a 70")  # the refused line is back, to be corrected
        child.send("\x7f" * len("xaver -a 70") + "be -a 70\r")
        expect(child, "Hand 2: wenz Berta")
        expect(child, "hand 3 · ")
        child.send("farbsolo -p ca -a 80 --farbe")
        child.sendcontrol("c")  # Ctrl-C clears the line
        expect(child, "hand 3 · ")
        child.send("ramsch -a Anna=40 Be\t")  # after one NAME=N, Tab offers the next name
        expect(child, "Berta=")
        child.send("35 Carl=25 Dora=20\r")
        expect(child, "Hand 3: ramsch")
        expect(child, "hand 4 · ")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert [t for _, t, _ in hands(cli)] == ["rufspiel", "wenz", "ramsch"]
    history = (tmp_path / "schreiber" / "play_history").read_text(encoding="utf-8")
    assert "+wenz -p be -a 70" in history


# -- two terminals ------------------------------------------------------------------------------


def test_play_sees_each_hand_another_terminal_adds(cli, db_url, tmp_path):
    seat(cli)
    child = pexpect.popen_spawn.PopenSpawn(
        [SCHREIBER, "play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", timeout=60
    )
    try:
        for number in (1, 3, 5, 7):
            child.sendline("ruf -p an -m ca -a 75")
            child.expect(f"Hand {number}: rufspiel Anna\\+Carl")
            child.expect("total +(\\S+) +(\\S+) +(\\S+) +(\\S+)")
            seen = list(child.match.groups())
            listed = cli.ok("add", "wenz", "-p", "be", "-a", "80")
            assert f"Hand {number + 1}: wenz Berta" in listed
            # play's totals after hand N are those of the ledger after hand N.
            expected = cli.json("show", str(number), "--format", "json")["totals"]
            assert [int(x.replace("−", "-")) for x in seen] == [expected[p] for p in ("Anna", "Berta", "Carl", "Dora")]
        # A correction from the other terminal (hand 1 voided) changes what play builds on.
        cli.ok("void", "1")
        child.sendline("ruf -p an -m ca -a 75")
        child.expect("Hand 9: rufspiel Anna\\+Carl")
        child.expect("total +(\\S+) +(\\S+) +(\\S+) +(\\S+)")
        expected = cli.json("show", "9", "--format", "json")["totals"]
        assert [int(x.replace("−", "-")) for x in child.match.groups()] == [
            expected[p] for p in ("Anna", "Berta", "Carl", "Dora")
        ]
        child.sendline("list")
        child.expect("Next dealer")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.kill(9) if child.proc.poll() is None else None
    assert child.wait() == 0
    assert cli("show", "1").code == 2  # voided
    assert all(cli("show", str(n)).code == 0 for n in range(2, 10))


def test_nothing_of_play_is_imported_by_other_commands(tmp_path):
    probe = (
        "import sys; from schreiber.cli.app import main; main(sys.argv[1:]); "
        "print(sorted(m for m in sys.modules if m == 'schreiber.cli.play' or m.startswith(('prompt_toolkit', 'schreiber.cli.complete'))))"
    )
    db = str(tmp_path / "l.db")
    for args in (
        ["--help"],
        ["--db", db, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"],
        ["--db", db, "add", "ruf", "-p", "a", "-m", "b", "-a", "70"],
    ):
        ran = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, timeout=60)
        assert ran.stdout.strip().splitlines()[-1] == "[]"


def test_help_and_a_nested_play_in_play(cli, monkeypatch):
    seat(cli)
    ran = play(cli, monkeypatch, "help add\nhelp\n")
    assert ran.code == 0, ran.err
    assert "Usage: schreiber add" in ran.out and "-p, --player" in ran.out
    # A bare `help` lists play's own commands, not the command line's general help (issue 24).
    general = ran.out.split("-p, --player")[-1]
    assert "Usage: schreiber [OPTIONS] COMMAND" not in general
    for line in (
        "TYPE [OPTIONS]",
        "undo",
        "edit N",
        "show N",
        "help COMMAND",
        "quit",
        "Hand types at this table: rufspiel, farbsolo",
    ):
        assert line in general, line
    assert "serve" not in general and "export" not in general and "strokes" not in general
    ran = play(cli, monkeypatch, "ruf -p an -m ca -a 75\nplay\n")
    assert ran.code == 2
    assert ran.err.strip() == "line 2: play: this is play already; type a hand or a command (`help` lists them)."
    assert len(hands(cli)) == 1


# -- issue 24: what players tripped over in play ---------------------------------------------------


def test_a_mistyped_hand_type_gets_did_you_mean(cli, monkeypatch):
    seat(cli)
    ran = play(cli, monkeypatch, "rufspeil -p an -m ca -a 75\n")
    assert ran.code == 2
    assert ran.err.strip() == "line 1: TYPE: 'rufspeil' is not a hand type of schafkopf; did you mean rufspiel?"
    ran = cli("add", "bettle", "-p", "an", "--won")
    assert (
        ran.code == 2
        and ran.err.strip() == "schreiber: TYPE: 'bettle' is not a hand type of schafkopf; did you mean bettel?"
    )
    ran = cli("add", "xyz", "-p", "an", "-a", "70")  # nothing close: the types are listed
    assert ran.code == 2 and "use one of rufspiel, farbsolo" in ran.err
    assert hands(cli) == []


def test_fs_is_farbsolo_and_a_suit_takes_its_unique_start(cli, monkeypatch):
    seat(cli)
    ran = play(
        cli, monkeypatch, "fs -p an -a 70 --farbe ei\nruf -p be -m ca -a 80 --sau gr\nfs -p do -a 30 --farbe h\n"
    )
    assert ran.code == 0, ran.err
    assert "Hand 1: farbsolo Anna" in ran.out and "Hand 3: farbsolo Dora" in ran.out
    facts = [cli.json("show", str(n), "--format", "json")["facts"] for n in (1, 2, 3)]
    assert facts[0]["farbe"] == "eichel" and facts[1]["sau"] == "gras" and facts[2]["farbe"] == "herz"
    assert cli.ok("add", "fs", "-p", "ca", "-a", "90", "--farbe", "SCH").startswith("Hand 4: farbsolo Carl")
    assert cli.json("show", "4", "--format", "json")["facts"]["farbe"] == "schellen"
    # `fs --help` is farbsolo's help; a start of no suit is refused in the rule set's words.
    assert "farbsolo (schafkopf)" in cli.ok("add", "fs", "--help")
    ran = cli("add", "fs", "-p", "ca", "-a", "90", "--farbe", "x")
    assert ran.code == 2 and ran.err.strip() == "schreiber: --farbe must be eichel, gras, herz or schellen, not 'x'."
    ran = cli("add", "ruf", "-p", "ca", "-m", "an", "-a", "90", "--sau", "h")  # the Herz Sau is never called
    assert ran.code == 2 and "--sau must be eichel, gras or schellen" in ran.err
    assert len(hands(cli)) == 4


def test_tab_after_a_name_value_offers_only_players_not_yet_given(cli, db_url):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Sepp", "Anna", "Berta", "Carl")
    assert completions(db_url, "schreiber add ramsch --augen Sepp=30 --augen ") == ["Anna=", "Berta=", "Carl="]
    assert completions(db_url, "schreiber add ramsch --augen se=30 --augen Anna=20 --augen ") == ["Berta=", "Carl="]


def test_tab_in_play_offers_the_next_players_name(cli, db_url, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Sepp", "Anna", "Berta", "Carl")
    child = pexpect.spawn(
        SCHREIBER, ["play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", dimensions=(24, 80), timeout=30
    )
    try:
        expect(child, "hand 1 · Sepp deals")
        child.send("ramsch -a Sepp=30 Anna=20 Berta=10 \t")
        expect(child, "Carl=")  # the only player not given yet: Tab writes his NAME= at once
        child.send("60\r")
        expect(child, "Hand 1: ramsch")
        expect(child, "hand 2 · ")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert cli.json("show", "1", "--format", "json")["facts"]["augen_by_player"] == {
        "Sepp": 30,
        "Anna": 20,
        "Berta": 10,
        "Carl": 60,
    }


FIVE_WITH_BOCK = ("ruf -p be -m ca -a 70 --kontra --re", "ruf -p ca -m do -a 80 --kontra --re", "wenz -p do -a 80")


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_the_status_bar_shows_the_dealer_first_at_any_width(cli, db_url, tmp_path, columns):
    """Issue 24: at 100 columns with five players and a Bock queue the bar was cut at `next: Re`."""
    cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora", "Emil")
    for line in FIVE_WITH_BOCK:
        cli.ok("add", *line.split())
    child = pexpect.spawn(
        SCHREIBER, ["play"], env=terminal_env(db_url, tmp_path), encoding="utf-8", dimensions=(24, columns), timeout=30
    )
    try:
        expect(child, "hand 4 · Carl deals")
        expect(child, "next: Carl deals and sits out")  # at five the dealer sits out
        expect(child, "Bock ×2: 3 hands left, then ×2: 4 hands")
        expect(child, "Anna −12  Berta 0  Carl \\+12  Dora \\+16  Emil −16")
        child.sendcontrol("d")
        expect(child, pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("columns", [60, 80, 100, 140])
def test_every_line_of_the_status_bar_fits_and_keeps_its_order(columns):
    from schreiber.cli.play import bar

    carried = ["next: Bartholomäus deals and sits out", "Bock ×2: 3 hands left, then ×4: 4 hands", "Doppelt pending"]
    totals = {
        "Anastasia": -1200,
        "Annemarie": 300,
        "Bartholomäus": 100,
        "Cornelia": 5,
        "Dorothea": -12,
        "Maximilian": 812,
    }
    lines = bar(carried, totals, columns).split("\n")
    assert all(len(line) < columns for line in lines)
    text = " ".join(lines)
    assert text.index("next: Bartholomäus") < text.index("Bock ×2") < text.index("Doppelt") < text.index("+300")
    for shown in ("−1200", "+300", "+100", "+5", "−12", "+812"):
        assert shown in lines[-1]  # every total, on the last line, the names shortened as far as needed
    shortened = lines[-1].split()[::2]
    assert all(sum(n.startswith(w) for n in totals) == 1 for w in shortened)  # never to a start two names share
    short = bar(["next: Carl deals"], {"Anna": 1, "Berta": -1}, columns)
    assert short == "next: Carl deals │ Anna +1  Berta −1"  # all on one line when it fits
