"""Issue 24, item 12: the smaller things players tripped over, each through the command line (and
the page), in English and German."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCHREIBER = str(Path(sys.executable).parent / "schreiber")
FOUR = ["--players", "Anna", "Berta", "Carl", "Dora"]


def german(db_url: str, *args: str) -> str:
    """What `schreiber ARGS` prints to a German table."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(SCHREIBER_LANG="de", COLUMNS="100", NO_COLOR="1")
    ran = subprocess.run([SCHREIBER, "--db", db_url, *args], capture_output=True, text=True, env=env, timeout=60)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


def test_list_marks_the_hands_played_in_a_bock_round(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok(
        "add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "70", "--kontra", "--re"
    )  # Bock ×2, 4 hands
    for _ in range(5):
        cli.ok("add", "rufspiel", "--player", "Carl", "--partner", "Anna", "--augen", "80")
    rows = {line.split()[0]: line for line in cli.ok("list").splitlines() if line.strip()[:1].isdigit()}
    marked = sorted(int(n) for n, line in rows.items() if " Bock " in line)
    assert marked == [3, 4, 5, 6]  # the four hands after the Re, not the Re itself, not hand 7
    assert rows["3"].split()[4:6] == ["2", "Bock"]  # the value, doubled, and why
    assert rows["7"].split()[4] == "1"


def test_the_klassisch_report_names_its_columns_in_the_language_spoken(cli, db_url):
    cli.ok("session", "new", "--rules", "klassisch", *FOUR, "--set", "einsatz=50")
    cli.ok("add", "spiel", "--player", "Anna", "--augen", "70")
    head = cli.ok("report").splitlines()[1]
    assert "Schafköpfe" in head and "strokes" in head and "schafkoepfe" not in head
    head = german(db_url, "report").splitlines()[1]
    assert "Schafköpfe" in head and "Striche" in head and "schafkoepfe" not in head
    assert '"schafkoepfe": 0' in cli.ok("report", "--format", "json")  # the JSON key stays


def test_german_show_labels_the_facts_in_german_and_json_keeps_its_keys(cli, db_url):
    cli.ok("session", "new", "--rules", "schafkopf", *FOUR)
    cli.ok("add", "farbsolo", "--player", "Dora", "--augen", "45", "--farbe", "herz", "--kontra", "--note", "knapp")
    shown = german(db_url, "show", "1").splitlines()
    for line in ("  Spieler: Dora", "  Augen: 45", "  Kontra: ja", "  Farbe: herz", "  Notiz: knapp"):
        assert line in shown, shown
    assert not any(line.startswith(("  player:", "  augen:", "  kontra:", "  farbe:")) for line in shown)
    english = cli.ok("show", "1").splitlines()
    assert "  player: Dora" in english and "  augen: 45" in english
    facts = cli.json("show", "1", "--format", "json")["facts"]
    assert facts["player"] == "Dora" and facts["augen"] == 45 and facts["farbe"] == "herz"


def test_the_german_page_labels_the_facts_in_german(cli, db_url):
    import re
    import urllib.request

    cli.ok("session", "new", "--rules", "schafkopf", *FOUR)
    cli.ok("add", "ramsch", "--augen", "Anna=50", "Berta=40", "Carl=30", "Dora=0", "--jungfrau", "Dora")
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["SCHREIBER_LANG"] = "de"
    served = subprocess.Popen(
        [SCHREIBER, "--db", db_url, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        first = served.stdout.readline()  # type: ignore[union-attr]
        address = re.search(r"http://\S+", first).group(0)
        page = urllib.request.urlopen(address, timeout=30).read().decode()
    finally:
        served.terminate()
        served.communicate(timeout=30)
    assert "Augen: Anna=50, Berta=40, Carl=30, Dora=0; Jungfrau: Dora" in page
    assert "augen:" not in page and "jungfrau:" not in page
