"""The entry page on a phone in chromium, tapped as a player taps, and `schreiber` run beside it."""

from __future__ import annotations

import json
from tests.helpers import chromium
from tests.helpers.schreiber import run
from tests.helpers.web import Served


class Phone:
    """The entry page open in chromium at 390×844, tapped as a player taps."""

    def __init__(self, browser: chromium.Browser, url: str) -> None:
        self.b = browser
        browser.size(390, 844, mobile=True)
        browser.open(url)
        browser.wait(lambda: browser.js("!!document.querySelector('#types .type')"), "the hand types")

    def tap(self, selector: str) -> None:
        found = self.b.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return false; e.click(); return true; }})()"
        )
        assert found, f"nothing to tap at {selector}"

    def type_in(self, selector: str, text: str) -> None:
        self.b.js(f"document.querySelector({json.dumps(selector)}).focus()")
        self.b.call("Input.insertText", session=True, text=text)

    def choose(self, hand_type: str) -> None:
        self.tap(f'.type[data-type="{hand_type}"]')

    def name(self, option: str, name: str) -> None:
        self.tap(f'[data-option="{option}"] .chip[data-name="{name}"]')

    def value(self, option: str, value: str) -> None:
        self.tap(f'[data-option="{option}"] .chip[data-value="{value}"]')

    def flag(self, flag: str) -> None:
        self.tap(f'[data-flag="{flag}"]')

    def record(self, number: int) -> str:
        self.tap("#record")

        def done() -> bool:
            refused = self.b.js(
                "document.getElementById('refusal').hidden ? '' : document.getElementById('refusal').textContent"
            )
            assert not refused, refused
            return f"Hand {number}:" in (self.b.js("document.getElementById('result').innerText") or "")

        self.b.wait(done, f"hand {number} recorded")
        return self.b.js("document.getElementById('result').innerText").replace("\u00ad", "")

    def shown_options(self) -> list[str]:
        return self.b.js("Array.from(document.querySelectorAll('#fields [data-option]'), e => e.dataset.option)")


def listed_hands(url: str) -> list[dict]:
    return json.loads(run(url, "list", "--format", "json"))["hands"]


def serve_entry(url: str) -> tuple[Served, str]:
    served = Served(url, "--entry")
    line = served.readline()
    return served, line.split(": ", 1)[1].strip()
