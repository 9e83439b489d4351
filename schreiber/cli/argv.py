"""The words of a command line before click reads them: `--db` after the command, and
`--augen Anna=40 Berta=35` spread into one `--augen` each. Shared by the command line, `play` and
completion (no typer here)."""

from __future__ import annotations

import re


def db_first(args: list[str]) -> list[str]:
    """`--db TARGET` is accepted after the command too (`schreiber add … --db x.db`): moved to the front."""
    for i, word in enumerate(args):
        if word == "--":
            break
        if i > 0 and (word == "--db" and i + 1 < len(args) or word.startswith("--db=")):
            if args[i - 1] in ("--note", "-n"):
                continue  # a note that says --db is the note's text
            taken = args[i : i + (1 if "=" in word else 2)]
            return [*taken, *args[:i], *args[i + len(taken) :]]
    return args


# Options that take NAME=N and may be repeated; `--augen Anna=40 Berta=35` means both.
NAME_VALUE_OPTIONS = ("--augen", "-a", "--stiche")
NAME_VALUE = re.compile(r"[^-=\s][^=]*=[+-]?\d+")


def spread_name_values(args: list[str]) -> list[str]:
    """`--augen Anna=40 Berta=35 Carl=25` as typed at the table: each NAME=N after the first gets
    its own `--augen`, as click wants the option repeated."""
    out: list[str] = []
    repeat: str | None = None  # the option whose NAME=N values are being read
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            return out + args[i:]
        if repeat is not None and NAME_VALUE.fullmatch(word):
            out += [repeat, word]
        else:
            repeat = None
            out.append(word)
            option, equals, value = word.partition("=")
            if equals and option in NAME_VALUE_OPTIONS and NAME_VALUE.fullmatch(value):
                repeat = option
            elif word in NAME_VALUE_OPTIONS and i + 1 < len(args) and NAME_VALUE.fullmatch(args[i + 1]):
                out.append(args[i + 1])
                repeat = word
                i += 1
        i += 1
    return out
