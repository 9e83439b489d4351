"""The docs stay true by construction: the README's tour and every example line shown in a help
text are run here, so a renamed option or a changed output cannot leave them behind."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def tour_lines() -> list[tuple[str, list[str], list[str]]]:
    """(line, words after `schreiber`, texts quoted in its comment) of the `sh` blocks of "A short tour"."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## A short tour", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S):
        for line in block.splitlines():
            if not line.strip():
                continue
            command, _, comment = line.partition("  #")
            words = shlex.split(command)
            assert words[0] == "schreiber", line
            lines.append((line, words[1:], re.findall(r'"([^"]+)"', comment)))
    return lines


def test_the_readme_has_a_tour():
    lines = tour_lines()
    assert len(lines) >= 10
    assert lines[0][1][:2] == ["session", "new"]


def test_the_readme_tour_runs(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # `export csv --output abend.csv` writes here
    for line, words, shown in tour_lines():
        ran = cli(*words)
        assert ran.code == 0, f"{line}\n{ran.err}"
        for text in shown:  # what the README quotes in a comment is what schreiber prints
            assert text in ran.out, f"{line}: {text!r} not in\n{ran.out}"


def help_examples(cli, *command: str) -> list[str]:
    """The example lines (`schreiber …`) a command's --help shows."""
    out = cli.ok(*command, "--help")
    return [line.strip() for line in out.splitlines() if line.strip().startswith("schreiber ")]


def _table(cli, rules: str = "schafkopf") -> None:
    from schreiber.cli.helptext import EXAMPLE_PLAYERS

    cli.ok("session", "new", "--rules", rules, "--players", *EXAMPLE_PLAYERS)


@pytest.mark.parametrize("command", [("add",), ("edit",)])
def test_every_example_of_add_and_edit_help_runs(cli, command):
    _table(cli)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "50")
    examples = help_examples(cli, *command)
    assert examples, "no examples in the help"
    for line in examples:
        ran = cli(*shlex.split(line)[1:])
        assert ran.code == 0, f"{line}\n{ran.err}"


def test_add_help_names_the_active_tables_types(cli):
    _table(cli, "buchstaben")
    out = cli.ok("add", "--help")
    assert (
        "Hand types of the active table" in out
        and "jeder-gegen-jeden" in out
        and "wenz" not in out.split("Hand types")[1]
    )


@pytest.mark.parametrize(
    "rules",
    ["schafkopf", "schafkopf-tarif", "buchstaben", "doppelkopf", "doppelkopf-turnier", "klassisch", "preisschafkopf"],
)
def test_every_hand_type_help_shows_its_options_and_a_working_example(cli, rules):
    from schreiber.rules import registry

    _table(cli, rules)
    ruleset = registry.get(rules)
    for hand_type in ruleset.types:
        out = cli.ok("add", hand_type, "--help")
        assert out.startswith(f"Usage: schreiber add {hand_type} [OPTIONS]"), out
        options = set(re.findall(r"^  (?:-[a-z], )?(--[a-z-]+)", out, flags=re.M))  # `-p, --player`
        allowed = {"--" + f.replace("_by_player", "").replace("_", "-") for f in ruleset.options_for(hand_type)}
        allowed = {"--won" if o == "--won" else o for o in allowed}
        assert options - {"--note", "--dealer", "--sits-out", "--session", "--force", "--help", "--won"} == allowed - {
            "--won"
        }, hand_type
        for line in [line.strip() for line in out.splitlines() if line.strip().startswith("schreiber add")]:
            ran = cli(*shlex.split(line)[1:])
            assert ran.code == 0, f"{line}\n{ran.err}"
        # the same help from `rules show RULESET TYPE`
        assert cli.ok("rules", "show", rules, hand_type).splitlines()[2:] == out.rstrip("\n").splitlines()[2:]
