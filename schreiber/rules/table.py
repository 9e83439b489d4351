"""The fold over a table's hands that every rule set shares: dealer, sitting out and the Bock queue."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from schreiber.i18n import _, ngettext
from schreiber.rules.model import Hand, HandError, Payout, Setting, Settings, SettingsError


@dataclass(frozen=True)
class BockRound:
    factor: int
    hands_left: int


@dataclass(frozen=True)
class BockQueue:
    """Bock rounds waiting in line; only the first one runs, so factors never multiply."""

    rounds: tuple[BockRound, ...] = ()

    @property
    def factor(self) -> int:
        return self.rounds[0].factor if self.rounds else 1

    def after_hand(self, *, consumed: bool, causes: int, length: int) -> BockQueue:
        """The queue after a hand: the running round loses a hand if the hand used one up, then
        one round per hand that caused Bock is appended (a Doppelbock when two causes met)."""
        if not causes and (not consumed or not self.rounds):
            return self  # most hands neither run nor make a Bock round: the queue stays as it is
        return _after_hand(self, consumed, causes, length)

    def describe(self) -> str:
        """ "Bock ×2: 3 hands left, then ×4: 4 hands" — or "no Bock"."""
        if not self.rounds:
            return _("no Bock")
        head, *rest = self.rounds
        text = ngettext(
            "Bock ×{factor}: {count} hand left", "Bock ×{factor}: {count} hands left", head.hands_left
        ).format(factor=head.factor, count=head.hands_left)
        for r in rest:
            text += ngettext(", then ×{factor}: {count} hand", ", then ×{factor}: {count} hands", r.hands_left).format(
                factor=r.factor, count=r.hands_left
            )
        return text


@lru_cache(maxsize=1024)
def _after_hand(queue: BockQueue, consumed: bool, causes: int, length: int) -> BockQueue:
    # A table only ever sees a few queues, and a queue is a value: the same queue after the same
    # hand is made once and shared, rather than once per hand a replay keeps in memory.
    rounds = list(queue.rounds)
    if consumed and rounds:
        head = rounds[0]
        rounds[0] = BockRound(head.factor, head.hands_left - 1)
        if rounds[0].hands_left <= 0:
            rounds.pop(0)
    if causes > 0:
        rounds.append(BockRound(4 if causes >= 2 else 2, length))
    return BockQueue(tuple(rounds))


# The states and results of a fold are made once per hand, so they are slotted dataclasses
# without `frozen` (whose __init__ pays for object.__setattr__ on every field); nothing
# changes them after they are made.


@dataclass(slots=True)
class TableState:
    """Everything the next hand needs to know that earlier hands decided.

    `carry` is the rule set's own state (a pending Doppelt, a 60:60, the strokes …).
    `players` are those seated now (joins and leaves change them between hands).
    `sitting_out` and `active` follow from the players, the seats per hand and the dealer, unless
    `out` names who really sat out (`--sits-out`).
    """

    players: tuple[str, ...]
    dealer: int
    seats_per_hand: int
    bock: BockQueue = field(default_factory=BockQueue)
    carry: Any = None
    hands: int = 0
    out: tuple[str, ...] | None = None
    sitting_out: tuple[str, ...] = field(init=False, repr=False, compare=False)
    active: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.out is None:
            self.sitting_out, self.active = _seating(self.players, self.seats_per_hand)[self.dealer]
        else:
            self.sitting_out = self.out
            self.active = tuple(p for p in self.players if p not in self.out)

    def __hash__(self) -> int:
        # A state is a value: hashable (when its carry is), though not frozen.
        return hash((self.players, self.dealer, self.seats_per_hand, self.bock, self.carry, self.hands, self.out))

    @property
    def dealer_name(self) -> str:
        return self.players[self.dealer]


@lru_cache(maxsize=64)
def _seating(players: tuple[str, ...], seats: int) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """(sitting out, active) for each dealer seat: with 5 at a 4-seat game the dealer sits out;
    with 6 also the seat opposite (dealer + 3). Worked out once per table, not once per hand."""
    n = len(players)
    extra = n - seats
    seating = []
    for dealer in range(n):
        if extra <= 0:
            out: tuple[str, ...] = ()
        elif extra == 1:
            out = (players[dealer],)
        else:
            out = (players[dealer], players[(dealer + 3) % n])
        seating.append((out, tuple(p for p in players if p not in out)))
    return tuple(seating)


@dataclass(slots=True)
class Result:
    """What a rule set says about one hand besides the points."""

    payout: Payout
    carry: Any = None
    same_dealer: bool = False
    bock_causes: int = 0
    consumes_bock: bool = True
    bock_length: int | None = None  # hands a Bock round it causes lasts; None: the active players


class RuleSet(Protocol):
    """A rule set is a value (its name, settings and types) plus pure functions.

    What only some games have is one of the small protocols below (`TeamPlay`, `PlayerExtras`,
    `Suits`, `RefusesTypes`, `Statistics`), asked with isinstance, never by name.
    """

    name: str
    summary: str
    settings: Mapping[str, Setting]
    types: Mapping[str, str]
    min_players: int
    max_players: int
    zero_sum: bool  # the points of every hand add up to 0
    augen_total: int  # the Augen of the whole deck, which the Augen of a hand add up to (the entry page's sum)

    def seats_per_hand(self, settings: Settings, players: int) -> int: ...

    def options_for(self, hand_type: str, settings: Settings | None = None) -> frozenset[str]:
        """The facts (Hand fields) `hand_type` may be entered with at a table of `settings`."""
        ...

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any: ...

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result: ...

    def status(self, settings: Settings, state: TableState) -> list[str]: ...


@runtime_checkable
class TeamPlay(Protocol):
    """A game of fixed teams (klassisch): the teams are stamped on each hand, can be redrawn and
    are drawn; the game pays per finished game of the teams, not per hand."""

    uses_teams: bool

    def redraw(self, settings: Settings, state: TableState, teams: Sequence[Sequence[str]]) -> TableState: ...

    def teams_view(self, settings: Settings, state: TableState) -> Any: ...


@runtime_checkable
class DefaultTariff(Protocol):
    """A game whose points are money already (cents): a new table pays this per point unless told."""

    default_tariff: int | None


@runtime_checkable
class PlayerExtras(Protocol):
    """A game that keeps counts per player beyond the points (a Musssolo owed, Schafköpfe …),
    which the report shows and which need the table folded."""

    def player_extras(self, settings: Settings, state: TableState) -> dict[str, dict[str, object]]: ...


@runtime_checkable
class Ranked(Protocol):
    """A game whose evening may be ranked, and its money paid, by another Wertung than its points (Skat:
    Seeger-Fabian), as the table's settings say: `ranked_by` and `paid_on` give the Wertung's name (None: the
    list's points), which the ledger finds in the registry of scoring/wertung.py. The scores such a Wertung
    needs come as the game's PlayerExtras, counted only where `extras_wanted` (a table without them is not
    folded for its report)."""

    def ranked_by(self, settings: Settings) -> str | None: ...

    def paid_on(self, settings: Settings) -> str | None: ...

    def extras_wanted(self, settings: Settings) -> bool: ...


@runtime_checkable
class WrittenList(Protocol):
    """A game kept on a printed list of fixed rows (Skat's list, rules/skat_list.py): the rows at a table of a
    size, and the list of a table from its players, its seats now, its hands and the next dealer."""

    def list_rows(self, table_size: int) -> int: ...

    def written_list(
        self, players: Sequence[str], seats: Sequence[str], hands: Iterable[Any], next_dealer: str | None, rows: int
    ) -> Any: ...


@runtime_checkable
class Suits(Protocol):
    """A game whose hands name a suit (`--farbe`), offered by Tab."""

    suits: tuple[str, ...]


@runtime_checkable
class CalledAces(Protocol):
    """A game whose partner is called by an ace (`--sau`), offered by Tab."""

    sauen: tuple[str, ...]


@runtime_checkable
class RefusesTypes(Protocol):
    """A game that names the types of its relatives it is played without ("played without Ramsch")."""

    def refusal(self, hand_type: str) -> str | None: ...


@runtime_checkable
class SheetValues(Protocol):
    """A game whose tournament sheets can be checked against its values: every result is a sum of
    hand values, so a multiple of `sheet_step`, and each won solo gives its declarer `least_solo`."""

    def sheet_step(self, settings: Settings) -> int: ...

    def least_solo(self, settings: Settings) -> int | None: ...


@runtime_checkable
class CheckedSettings(Protocol):
    """A game whose settings are checked together (one may not exceed another)."""

    def check_settings(self, settings: Settings) -> None: ...


@runtime_checkable
class Statistics(Protocol):
    """A game's own statistics (see rules/statistics.py): what it counts per player and hand, and
    the columns `stats` shows. Pure functions of the stored facts and payouts."""

    stat_title: str  # the heading of its own tables in `stats`
    stat_notes: tuple[str, ...]  # what a column counts where its name does not say it (N_ strings)

    def stat_counts(self) -> dict[str, Any]:
        """A player's own counts before any hand (every count a number, or a dict of them)."""
        ...

    def stat_roles(self, hand_type: str, facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
        """(declarer, his partners) of a hand from its facts; (None, ()) when nobody declared."""
        ...

    def stat_hand(
        self,
        counts: Mapping[str, dict[str, Any]],
        hand_type: str,
        facts: Mapping[str, Any],
        declarer: str | None,
        partners: tuple[str, ...],
        seated: Sequence[tuple[str, int]],
    ) -> None:
        """Add one hand to the counts (by player name) of the players it names; `seated` is (name,
        points) of every active player."""
        ...

    def stat_tables(self, players: Sequence[Mapping[str, Any]]) -> list[list[list[Any]]]:
        """The game's own tables for `stats`: each a header row of column keys, then a row per player."""
        ...

    def stat_from_report(self, counts: dict[str, Any], report_extras: Mapping[str, Any]) -> None:
        """Complete a player's counts from his line of the report (what only the fold knows)."""
        ...


@runtime_checkable
class OwnMoney(Protocol):
    """A game whose money is not points × tariff nor each player's distance from the average (Skat:
    "everyone pays everyone the difference"): the cents of a table from its players' point totals."""

    def money(self, points: Mapping[str, int], tariff: int) -> dict[str, int]: ...


@runtime_checkable
class Shorthands(Protocol):
    """A game whose players type words for options in `play` (Skat: `m2` for --spitzen 2, `h` for
    --hand): the arguments a word stands for, or None when it is no short form."""

    def shorthand(self, word: str) -> tuple[str, ...] | None: ...


@runtime_checkable
class EntryForm(Protocol):
    """A game whose entry page shows more than which facts a type takes: `choices` (fact -> the
    values offered as buttons), `hidden_if` (fact -> flags that hide it when one is on) and
    `shown_if` (fact -> flags of which one must be on to show it)."""

    def entry_form(self, hand_type: str) -> dict[str, dict[str, list[Any]]]: ...


@runtime_checkable
class TournamentPlay(Protocol):
    """What a tournament needs of a game besides the fold: the table sizes it seats (the first
    preferred), the hands of a series at a table of each size, and its default Wertung."""

    table_sizes: tuple[int, ...]
    # The Wertung a tournament ranks by unless `--set wertung=` chooses another; which others fit the game (its
    # table sizes and counts) the registry of scoring/wertung.py says, a floor up (ledger/series.py).
    default_wertung: str
    default_hands: int  # hands of a series at a table of the first size, unless `--hands` says
    # What the standings count per player beside score and points, in every form: "won" and "lost" (games as
    # declarer), "soli" (solos won); a count not named here is not shown, and is null in the JSON.
    standings_counts: tuple[str, ...]
    points_word: str  # the standings' word for the sum of the round results, marked with N_ ("Spielpunkte")

    def series_hands(self, table_size: int, hands: int) -> int:
        """Hands of a series at a table of `table_size` when a table of the first size plays `hands`;
        a SettingsError names `--hands` when that cannot be."""
        ...


@runtime_checkable
class TeamStatistics(Protocol):
    """A team game's statistics per team: what each team scored in a hand, and the group's lines."""

    def stat_team_points(self, facts: Mapping[str, Any], points: Mapping[str, int]) -> dict[str, int]: ...

    def stat_group(self, teams: Mapping[str, int]) -> dict[str, Any]: ...


@dataclass(slots=True)
class Step:
    """One hand of the fold: the hand, its payout and the table after it."""

    hand: Hand
    payout: Payout
    before: TableState
    after: TableState
    bock_causes: int = 0


def start(rules: RuleSet, settings: Settings, players: Sequence[str], dealer: int = 0) -> TableState:
    players = tuple(players)
    return TableState(
        players=players,
        dealer=dealer % len(players),
        seats_per_hand=rules.seats_per_hand(settings, len(players)),
        carry=rules.start(settings, players),
    )


def play(rules: RuleSet, settings: Settings, state: TableState, hand: Hand) -> Step:
    """Score one hand on the table as it stands; raises HandError and changes nothing on bad input.

    A hand that names its dealer (`--dealer`) or who sat out (`--sits-out`) is played on the table
    as it really was; the rotation continues from that dealer.
    """
    if hand.dealer is not None or hand.sits_out:
        state = dealt(state, hand.dealer, hand.sits_out)
    result = rules.score(settings, state, hand)
    payout = result.payout
    players = state.players
    # The payout names every player in seat order. Rule sets give the active players; when
    # those are already all of them in seat order there is nothing to add.
    if tuple(payout.points) != players:
        points = {p: payout.points.get(p, 0) for p in players}
        payout = Payout(
            points, payout.value, payout.terms, payout.formula, payout.split, payout.soloist, payout.winners
        )
    after = TableState(
        players,
        state.dealer if result.same_dealer else (state.dealer + 1) % len(players),
        state.seats_per_hand,
        state.bock.after_hand(
            consumed=result.consumes_bock, causes=result.bock_causes, length=result.bock_length or len(state.active)
        ),
        result.carry,
        state.hands + 1,
    )
    return Step(hand, payout, state, after, result.bock_causes)


def replay(
    rules: RuleSet, settings: Settings, players: Sequence[str], hands: Iterable[Hand], dealer: int = 0
) -> list[Step]:
    """Fold a table's hands through its rule set, in order: the only way a payout is made."""
    state = start(rules, settings, players, dealer)
    steps = []
    with _without_cycle_collection():
        for hand in hands:
            step = play(rules, settings, state, hand)
            steps.append(step)
            state = step.after
    return steps


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Run a fold without the garbage collector's cycle passes.

    A fold makes plain values that refer only to earlier ones, never a cycle, so reference
    counting frees all it throws away. The cycle passes, though, are set off by the number of
    objects made, and each full pass walks every step kept so far: over a long table they cost
    a third of the fold and find nothing. Collection is turned back on after the fold (by the
    fold that turned it off, so nested or concurrent folds leave it as they found it).
    """
    enabled = gc.isenabled()
    if enabled:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class FoldError(HandError):
    """A stored hand the table no longer accepts; `number` says which."""

    def __init__(self, number: int, reason: HandError) -> None:
        super().__init__(str(reason))
        self.number = number


def fold(
    rules: RuleSet,
    settings: Settings,
    players: Sequence[str],
    hands: Iterable[tuple[int, Hand]],
    dealer: int = 0,
    changes: Sequence[SeatChange] = (),
    dealers: Mapping[int, str] | None = None,
) -> tuple[list[Step], TableState]:
    """Fold numbered hands and the seat changes between them, in order; returns the steps and the table after all.

    A change `after_hand` K takes effect before the first hand numbered above K. `dealers` (number ->
    name) keeps the dealer a hand was recorded with: where the rotation now gives another and the hand
    names none, it is played with that dealer as its `--dealer` override (the step's hand says so).
    """
    state = start(rules, settings, players, dealer)
    pending = sorted(changes, key=lambda c: c.after_hand)
    i = 0
    steps = []
    with _without_cycle_collection():
        for number, hand in hands:
            while i < len(pending) and pending[i].after_hand < number:
                state = change_seats(rules, settings, state, pending[i])
                i += 1
            if dealers and hand.dealer is None and number in dealers and state.dealer_name != dealers[number]:
                hand = replace(hand, dealer=dealers[number])
            try:
                step = play(rules, settings, state, hand)
            except HandError as e:
                raise FoldError(number, e) from None
            steps.append(step)
            state = step.after
    for change in pending[i:]:
        state = change_seats(rules, settings, state, change)
    return steps, state


def dealt(state: TableState, dealer: str | None, sits_out: Sequence[str] = ()) -> TableState:
    """The table as it was when `dealer` dealt and `sits_out` sat out, where that differs from the rotation."""
    players = state.players
    index = state.dealer
    if dealer is not None:
        if dealer not in players:
            raise HandError(
                _("--dealer: {dealer} is not at the table for this hand; the players are {players}.").format(
                    dealer=dealer, players=", ".join(players)
                )
            )
        index = players.index(dealer)
    out: tuple[str, ...] | None = None
    if sits_out:
        extra = len(players) - state.seats_per_hand
        if extra <= 0:
            raise HandError(
                _("--sits-out: nobody sits out with {count} players at a {seats_per_hand}-player game.").format(
                    count=len(players), seats_per_hand=state.seats_per_hand
                )
            )
        for name in sits_out:
            if name not in players:
                raise HandError(
                    _("--sits-out: {name} is not at the table for this hand; the players are {players}.").format(
                        name=name, players=", ".join(players)
                    )
                )
        if len(set(sits_out)) != len(sits_out):
            raise HandError(_("--sits-out: a player is named twice; name each one once."))
        if len(sits_out) != extra:
            raise HandError(
                ngettext(
                    "--sits-out: with {count} players {extra} sits out, so name {extra}, not {given}.",
                    "--sits-out: with {count} players {extra} sit out, so name {extra}, not {given}.",
                    extra,
                ).format(count=len(players), extra=extra, given=len(sits_out))
            )
        out = tuple(p for p in players if p in sits_out)
    return TableState(players, index, state.seats_per_hand, state.bock, state.carry, state.hands, out)


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A player joins (at `seat`, 1 = the first seat; default: after the last) or leaves, between two hands."""

    after_hand: int
    join: str | None = None
    leave: str | None = None
    seat: int | None = None


def change_seats(rules: RuleSet, settings: Settings, state: TableState, change: SeatChange) -> TableState:
    """The table after a join or a leave: seat order kept, the same dealer deals next (or, when he
    left, his left-hand neighbour), seats per hand and who sits out worked out for the new count."""
    players = list(state.players)
    next_dealer = players[state.dealer]
    if change.join is not None:
        if change.join in players:
            raise SettingsError(_("session join: {join} sits at the table already.").format(join=change.join))
        seat = len(players) + 1 if change.seat is None else change.seat
        if not 1 <= seat <= len(players) + 1:
            raise SettingsError(
                _("--seat must be between 1 and {value}, not {seat}.").format(value=len(players) + 1, seat=seat)
            )
        players.insert(seat - 1, change.join)
    if change.leave is not None:
        if change.leave not in players:
            raise SettingsError(
                _("session leave: {leave} is not at the table; the players are {players}.").format(
                    leave=change.leave, players=", ".join(players)
                )
            )
        i = players.index(change.leave)
        if next_dealer == change.leave:
            next_dealer = players[(i + 1) % len(players)]
        players.pop(i)
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        count = (
            _("exactly {count}").format(count=rules.min_players)
            if rules.min_players == rules.max_players
            else f"{rules.min_players}–{rules.max_players}"
        )
        who = (
            _("with {name}").format(name=change.join)
            if change.join is not None
            else _("without {name}").format(name=change.leave)
        )
        verb = "join" if change.join is not None else "leave"
        raise SettingsError(
            _("session {verb}: {name} is played by {count} players; {who} there would be {n}.").format(
                verb=verb, name=rules.name, count=count, who=who, n=n
            )
        )
    return TableState(
        tuple(players),
        players.index(next_dealer),
        rules.seats_per_hand(settings, n),
        state.bock,
        state.carry,
        state.hands,
    )
