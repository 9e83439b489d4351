"""schreiber.entry, the one way in: a JSON body and the command line's words make the same Hand,
and a bad value is refused with the sentence `add` says; the browser's language is read as asked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schreiber import i18n
from schreiber.entry import body_keys, build_hand, from_body
from schreiber.rules.model import HandError

NAMES = st.sampled_from(["Anna", "Berta", "Carl", "Dora", "an", "ca"])


@given(
    player=st.none() | NAMES,
    partner=st.none() | NAMES,
    augen=st.none() | st.integers(-5, 250),
    laufende=st.none() | st.integers(0, 14),
    klopfen=st.lists(NAMES, max_size=3),
    kontra=st.booleans(),
    re=st.booleans(),
    schwarz=st.booleans(),
    won=st.none() | st.booleans(),
    re_absage=st.none() | st.sampled_from(["90", "60", "30", "0", "schwarz"]),
    fuchs_re=st.none() | st.integers(0, 2),
    note=st.none() | st.text(max_size=20),
)
def test_a_body_makes_the_hand_the_options_make(
    player, partner, augen, laufende, klopfen, kontra, re, schwarz, won, re_absage, fuchs_re, note
):
    options = dict(
        player=player,
        partner=partner,
        laufende=laufende,
        klopfen=klopfen,
        kontra=kontra,
        re=re,
        schwarz=schwarz,
        won=won,
        re_absage=re_absage,
        fuchs_re=fuchs_re,
        note=note or None,
    )
    # a flag not given is left out of the body; `won` false is said (`--lost`)
    body = {
        "type": "rufspiel",
        **{k: v for k, v in options.items() if v is not None and v != [] and (v is not False or k == "won")},
    }
    if augen is not None:
        body["augen"] = augen
    # The same hand, or the same refusal (a note that holds a NUL is refused by both).
    typed = _outcome(lambda: build_hand("rufspiel", augen=[str(augen)] if augen is not None else [], **options))
    assert _outcome(lambda: from_body(body)) == (typed if isinstance(typed, str) else (typed, {}))


def _outcome(make):
    try:
        return make()
    except HandError as refused:
        return str(refused)


def test_augen_and_tricks_per_player_and_the_extras():
    hand, extras = from_body(
        {
            "type": "ramsch",
            "augen_by": {"Anna": 40, "Berta": "35"},
            "stiche_by": {"Anna": 3},
            "jungfrau": "Carl",
            "expect_number": "12",
            "lost": True,
        }
    )
    assert hand == build_hand("ramsch", augen=["Anna=40", "Berta=35"], stiche=["Anna=3"], jungfrau=["Carl"], won=False)
    assert extras == {"expect_number": 12}


@pytest.mark.parametrize(
    "body, sentence",
    [
        ({"type": "wenz", "laufende": "drei"}, "--laufende takes a whole number, not 'drei'."),
        ({"type": "wenz", "laufende": -1}, "--laufende must be 0 or more, not -1."),
        ({"type": "wenz", "kontra": "vielleicht"}, "--kontra is a flag: true or false, not 'vielleicht'."),
        ({"type": "wenz", "augen": "x"}, "--augen takes a whole number or NAME=N, not 'x'."),
        ({"type": "normal", "re_absage": "45"}, "--re-absage takes 90, 60, 30 or 0 (schwarz), not '45'."),
        ({"type": "normal", "karlchen": "anna"}, "--karlchen takes re or kontra, not 'anna'."),
        ({"type": "ramsch", "augen_by": {"Anna": "viel"}}, "--augen takes a whole number, not 'viel'."),
        ({"type": "ramsch", "augen_by": ["Anna=40"]}, "--augen takes NAME=N, like --augen Anna=40, not ['Anna=40']."),
        ({"type": "wenz", "player": ["Carl"]}, "--player takes one name or word, not ['Carl']."),
        ({"player": "Carl"}, "type is missing: name the hand type, like rufspiel."),
        (
            {"type": "wenz", "spieler": "Carl"},
            "'spieler' is not an option of add; use the long option names without dashes (player, partner, augen, augen_by, laufende, klopfen, …).",
        ),
        ({"type": "wenz", "note": "x" * 2001}, "--note takes at most 2000 characters."),
    ],
)
def test_a_bad_value_is_one_sentence_naming_the_option(body, sentence):
    with pytest.raises(HandError) as refused:
        from_body(body)
    assert str(refused.value) == sentence


def test_every_long_option_of_add_is_a_body_key():
    from schreiber.cli.app import app
    from schreiber.cli.tree import build

    # --session and --force say where and whether, not what happened at the table: no hand fact, no body key.
    add = build(app).commands["add"]  # as typer builds it, with the declared facts' options
    options = {p.name for p in add.params if p.name not in ("type_", "session", "force")}
    assert options <= set(body_keys())


@pytest.mark.parametrize(
    "header, language",
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.5", "de"),
        ("en;q=0.2, de-AT;q=0.6", "de"),
        ("de;q=0, en", "en"),
        ("fr-FR", i18n.LANGUAGE),
        ("", i18n.LANGUAGE),
        (None, i18n.LANGUAGE),
    ],
)
def test_the_browsers_language(header, language):
    assert i18n.from_browser(header) == language


def test_speaking_a_language_for_one_request_only():
    with i18n.speaking("de"):
        assert i18n._("Next dealer: {name}") == "Nächster Geber: {name}"
        with i18n.speaking("en"):
            assert i18n._("Next dealer: {name}") == "Next dealer: {name}"
    assert i18n._("Next dealer: {name}") == ("Nächster Geber: {name}" if i18n.GERMAN else "Next dealer: {name}")


def test_add_edit_and_build_hand_take_the_same_options_in_the_same_order():
    # One option for each fact of the table (rules/declared.py; --augen gives two), in its order, in all three.
    from schreiber.cli.app import app
    from schreiber.cli.tree import build
    from schreiber.rules.declared import DECLARED

    root = build(app)  # as typer builds them, with the table's options
    options = list(dict.fromkeys(d.param for d in DECLARED))
    own = ("type_", "number", "session", "force")
    assert [p.name for p in root.commands["add"].params if p.name not in own] == options
    assert [p.name for p in root.commands["edit"].params if p.name not in own] == options
    assert build_hand("ramsch", **dict.fromkeys(options)) == build_hand("ramsch")
    with pytest.raises(TypeError):
        build_hand("ramsch", spieler="Anna")


def test_the_options_build_the_hand_the_words_describe():
    from schreiber.rules.model import Hand

    hand = build_hand(
        " Rufspiel ", player="Anna", partner="Carl", augen=["75"], laufende=3, klopfen=["Berta"], sits_out=["Dora,Emil"]
    )
    assert (hand.type, hand.player, hand.partner, hand.augen, hand.laufende) == ("rufspiel", "Anna", "Carl", 75, 3)
    assert hand.klopfen == ("Berta",) and hand.sits_out == ("Dora", "Emil")
    assert build_hand("ramsch") == Hand(type="ramsch")
