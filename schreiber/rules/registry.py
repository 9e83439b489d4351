"""Rule sets by name, and the settings of a new table: defaults merged with `--set KEY=VALUE`."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules.model import Named, Setting, SettingsError
from schreiber.rules.table import CheckedSettings, RuleSet

# name -> (module, attribute); modules are imported only when a table uses them.
_WHERE: dict[str, tuple[str, str]] = {
    "schafkopf": ("schreiber.rules.schafkopf", "SCHAFKOPF"),
    "schafkopf-tarif": ("schreiber.rules.schafkopf", "SCHAFKOPF_TARIF"),
    "buchstaben": ("schreiber.rules.buchstaben", "BUCHSTABEN"),
    "doppelkopf": ("schreiber.rules.doppelkopf", "DOPPELKOPF"),
    "doppelkopf-turnier": ("schreiber.rules.doppelkopf", "DOPPELKOPF_TURNIER"),
    "klassisch": ("schreiber.rules.klassisch", "KLASSISCH"),
    "preisschafkopf": ("schreiber.rules.preisschafkopf", "PREISSCHAFKOPF"),
    "skat": ("schreiber.rules.skat", "SKAT"),
}


# Settings of every table whatever its rule set: the club's pot (Kasse). Stored only when given,
# so a table without them keeps exactly its rule set's settings.
TABLE_SETTINGS: dict[str, Setting] = {
    "kasse": Setting(
        0, N_("cents each player pays into the club's pot per hand played (or per point lost)"), minimum=0
    ),
    "kasse_per": Setting(
        "hand",
        N_("what the Kasse is counted by: hand (each hand played) or point (each point lost)"),
        choices=("hand", "point"),
    ),
}


def names() -> list[str]:
    return list(_WHERE)


def get(name: str) -> RuleSet:
    """The rule set called `name`; an unknown name is a SettingsError naming the ones there are."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise SettingsError(
            _("--rules: {name} is not a rule set; use one of {WHERE}.").format(name=repr(name), WHERE=", ".join(_WHERE))
        ) from None
    return getattr(importlib.import_module(module), attribute)


def settings_for(
    rules: RuleSet, assignments: Iterable[str] = (), names: Callable[[str], Sequence[str]] | None = None
) -> dict[str, Any]:
    """The full settings of a new table: every default, with each `KEY=VALUE` read and checked; a Wertung's
    name (a Named setting) against `names` of its kind, the registry above the rules (scoring/wertung.py)."""
    settings = {key: setting.default for key, setting in rules.settings.items()}
    for assignment in assignments:
        key, sep, text = assignment.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise SettingsError(_("--set takes KEY=VALUE, not {assignment}.").format(assignment=repr(assignment)))
        if key in TABLE_SETTINGS:
            settings[key] = TABLE_SETTINGS[key].parse(key, text)
            continue
        if key not in rules.settings:
            raise SettingsError(
                _("--set: {name} has no setting {key}; it has {names}.").format(
                    name=rules.name, key=repr(key), names=", ".join([*rules.settings, *TABLE_SETTINGS])
                )
            )
        setting = rules.settings[key]
        if isinstance(setting, Named):
            setting = setting.offered(names)
        settings[key] = setting.parse(key, text)
    if isinstance(rules, CheckedSettings):
        rules.check_settings(settings)
    return settings
