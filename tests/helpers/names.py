"""Names a ledger refuses (a NUL, 200 characters, a right-to-left override, an escape) and the sentence each is refused with."""

from __future__ import annotations

NUL, LONG, RLO, ESC = "Zen\x00zi", "Zenzi" * 40, "Zen\u202ezi", "Zen\x1b[31mzi"
SAID = {
    ESC: "a name holds no control characters and no direction marks, and this one has U+001B.",
    NUL: "a name holds no control characters and no direction marks, and this one has U+0000.",
    LONG: "a name has at most 80 characters, not 200.",
    RLO: "a name holds no control characters and no direction marks, and this one has U+202E.",
}


# A hundred players of a Preisschafkopf desk (tests/cli/test_desk_*.py): every first name with every surname.
FIRST = ["Zenzi", "Anna", "Sepp", "Vroni", "Hias", "Resi", "Girgl", "Burgi", "Wast", "Kathi"]
LAST = ["Müller", "Huber", "Bauer", "Mayr", "Wimmer", "Eder", "Öttl", "Gruber", "Kern", "Lang"]
