"""Registration: who plays, with which start number, and who withdrew."""

from __future__ import annotations

from collections.abc import Sequence

from schreiber.ledger import prizes, registration
from schreiber.ledger.registration import EntrantView, Registered


class Entrants:
    """The entrants of a tournament: registered, unregistered, withdrawn."""

    def entrants(self, tournament_id: int | None = None) -> list[EntrantView]:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            return [registration.view(e) for e in self._entrants(s, t)]

    # -- registration ---------------------------------------------------------------------------

    def register(self, names: Sequence[str], number: int | None = None, tournament_id: int | None = None) -> Registered:
        with self.ledger.transaction() as s:
            return registration.register(s, self._tournament(s, tournament_id), names, number, self.ledger.player)

    def unregister(self, typed: str, tournament_id: int | None = None) -> Registered:
        with self.ledger.transaction() as s:
            return registration.unregister(s, self._tournament(s, tournament_id), typed)

    def withdraw(
        self, typed: str, undo: bool = False, tournament_id: int | None = None, force: bool | None = None
    ) -> Registered:
        with self.ledger.transaction() as s:
            t = self._tournament(s, tournament_id)
            done = registration.withdraw(s, t, typed, undo)
            prizes.guard(s, "tournament withdraw", force=force, tournament_id=t.id)
            return done
