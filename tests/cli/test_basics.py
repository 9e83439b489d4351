"""The CLI contract end to end on both databases: tables, hands, undo, edit, refusals."""

from __future__ import annotations


def test_session_new_list_show_use_close(cli):
    out = cli.ok(
        "session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora", "--name", "Stammtisch"
    )
    assert "Session 1" in out and "Anna, Berta, Carl, Dora" in out
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "anna", "Erich", "Carl")
    listing = cli.ok("session", "list")
    assert "Stammtisch" in listing and "Erich" in listing
    # players are reused by name, case-insensitively: the second table seats the same Anna
    assert "anna" not in listing
    cli.ok("session", "use", "1")
    assert "Stammtisch" in cli.ok("session", "show")
    cli.ok("session", "close", "1")
    ran = cli("add", "solo", "--player", "Anna", "--augen", "30", "--session", "1")
    assert ran.code == 2 and "closed" in ran.err


def test_bad_input_is_one_sentence_exit_2_and_changes_nothing(cli):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "solo", "--player", "Anna", "--augen", "30")
    before = cli.ok("export", "csv")
    for args in (
        ["add", "solo", "--player", "Anna", "--augen", "49"],
        ["add", "solo", "--player", "Xaver", "--augen", "30"],
        ["add", "rufspiel", "--player", "Anna", "--partner", "Anna", "--augen", "30"],
        ["add", "nosuchgame"],
        ["add", "solo", "--player", "Anna", "--augen", "30", "--laufende", "x"],
        ["add", "solo", "--player", "Anna", "--augen", "30", "--no-such-option"],
        ["show", "9"],
        ["edit", "7", "solo", "--player", "Anna", "--augen", "30"],
        ["report", "--format", "xml"],
        ["session", "new", "--rules", "tarock", "--players", "A", "B", "C"],
        ["session", "new", "--rules", "buchstaben", "--players", "A", "B", "C", "--set", "gewinn_ab=x"],
    ):
        ran = cli(*args)
        assert ran.code == 2, (args, ran)
        assert "Traceback" not in ran.err and ran.err.count("\n") == 1, (args, ran.err)
        assert ran.err.startswith("schreiber: ")
    assert cli.ok("export", "csv") == before


def test_undo_keeps_the_hand_void_and_edit_rescores(cli):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "zusammengeworfen")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "30")
    assert cli.json("show", "2", "--format", "json")["payouts"] == {"Anna": 2, "Berta": 0, "Carl": 2, "Dora": 0}
    # editing the throw-in away removes the Doppelt of the later hand
    out = cli.ok("edit", "1", "solo", "--player", "Dora", "--augen", "20")
    assert "1 later hand pays differently now" in out
    assert cli.json("show", "2", "--format", "json")["payouts"] == {"Anna": 1, "Berta": 0, "Carl": 1, "Dora": 0}
    out = cli.ok("undo")
    assert "Hand 2" in out and "void" in out
    assert cli("show", "2").code == 2
    report = cli.json("report", "--format", "json")
    assert report["hands"] == 1
    assert {p["name"]: p["points"] for p in report["players"]} == {"Anna": 2, "Berta": 2, "Carl": 2, "Dora": 0}


def test_names_and_types_are_forgiving(cli):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora")
    out = cli.ok("add", "ruf", "--player", "an", "--partner", "CARL", "--augen", "40")
    assert "rufspiel Anna+Carl" in out


def test_export_is_spreadsheet_safe_and_imports_back(cli, tmp_path):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "@Anna", "Berta", "Carl", "Dora", "--tariff", "10")
    cli.ok("add", "solo", "--player", "@anna", "--augen", "40", "--note", "+1 beer for Berta")
    cli.ok("add", "zusammengeworfen")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "30", "--laufende", "3")
    target = tmp_path / "out.csv"
    cli.ok("export", "csv", "--output", str(target))
    text = target.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("session,table_uid,session_name,date,rules")
    assert "'@Anna" in text and "'+1 beer" in text
    assert len(text.splitlines()) == 1 + 3 * 4
    out = cli.ok("import", "csv", str(target))
    assert out == "Session 1 of the file is already in the ledger as session 1; nothing was changed.\n"
    assert len(cli.ok("session", "list").splitlines()) == 3  # header, rule, one table


def test_players_may_be_given_with_commas(cli):
    out = cli.ok("session", "new", "--rules", "schafkopf", "--players", "Anna,Berta,Carl", "Dora")
    assert "players: Anna, Berta, Carl, Dora" in out


def test_list_history_shows_what_undo_and_edit_kept(cli):
    cli.ok("session", "new", "--rules", "buchstaben", "--players", "Anna", "Berta", "Carl", "Dora")
    cli.ok("add", "solo", "--player", "Anna", "--augen", "30")
    cli.ok("add", "solo", "--player", "Berta", "--augen", "40")
    cli.ok("edit", "1", "solo", "--player", "Carl", "--augen", "35")
    cli.ok("undo")
    out = cli.ok("list", "--history")
    lines = [line for line in out.splitlines() if line.strip().startswith(("1 ", "2 "))]
    assert [line.split()[:3] for line in lines] == [
        ["1", "superseded", "solo"],
        ["2", "void", "solo"],
        ["1", "live", "solo"],
    ]
    assert "player: Anna" in out and "player: Berta" in out and "player: Carl" in out
    assert cli.json("show", "1", "--format", "json")["facts"]["player"] == "Carl"
