"""An evening typed into `schreiber play` on a pipe, and the hands it recorded as `show` tells them."""

from __future__ import annotations

import io
import sys


def play(cli, monkeypatch, text: str):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return cli("play")


def hands(cli) -> list[tuple[int, str, dict[str, int]]]:
    out = []
    for number in range(1, 50):
        ran = cli("show", str(number), "--format", "json")
        if ran.code:
            break
        import json

        shown = json.loads(ran.out)
        out.append((number, shown["type"], shown["payouts"]))
    return out
