"""The fold over a table's hands that every rule set shares: dealer, sitting out and the Bock queue."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from schreiber.rules.model import Hand, Payout, Setting, Settings


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
        """"Bock ×2: 3 hands left, then ×4: 4 hands" — or "no Bock"."""
        if not self.rounds:
            return "no Bock"
        head, *rest = self.rounds
        text = f"Bock ×{head.factor}: {head.hands_left} {'hand' if head.hands_left == 1 else 'hands'} left"
        for r in rest:
            text += f", then ×{r.factor}: {r.hands_left} {'hand' if r.hands_left == 1 else 'hands'}"
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
    `sitting_out` and `active` follow from the players, the seats per hand and the dealer.
    """

    players: tuple[str, ...]
    dealer: int
    seats_per_hand: int
    bock: BockQueue = field(default_factory=BockQueue)
    carry: Any = None
    hands: int = 0
    sitting_out: tuple[str, ...] = field(init=False, repr=False, compare=False)
    active: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.sitting_out, self.active = _seating(self.players, self.seats_per_hand)[self.dealer]

    def __hash__(self) -> int:
        # A state is a value: hashable (when its carry is), though not frozen.
        return hash((self.players, self.dealer, self.seats_per_hand, self.bock, self.carry, self.hands))

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


class RuleSet(Protocol):
    """A rule set is a value (its name, settings and types) plus pure functions."""

    name: str
    summary: str
    settings: Mapping[str, Setting]
    types: Mapping[str, str]
    min_players: int
    max_players: int

    def seats_per_hand(self, settings: Settings, players: int) -> int: ...

    def start(self, settings: Settings, players: tuple[str, ...]) -> Any: ...

    def score(self, settings: Settings, state: TableState, hand: Hand) -> Result: ...

    def status(self, settings: Settings, state: TableState) -> list[str]: ...


@dataclass(slots=True)
class Step:
    """One hand of the fold: the hand, its payout and the table after it."""

    hand: Hand
    payout: Payout
    before: TableState
    after: TableState


def start(rules: RuleSet, settings: Settings, players: Sequence[str], dealer: int = 0) -> TableState:
    players = tuple(players)
    return TableState(
        players=players,
        dealer=dealer % len(players),
        seats_per_hand=rules.seats_per_hand(settings, len(players)),
        carry=rules.start(settings, players),
    )


def play(rules: RuleSet, settings: Settings, state: TableState, hand: Hand) -> Step:
    """Score one hand on the table as it stands; raises HandError and changes nothing on bad input."""
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
        state.bock.after_hand(consumed=result.consumes_bock, causes=result.bock_causes, length=len(state.active)),
        result.carry,
        state.hands + 1,
    )
    return Step(hand, payout, state, after)


def replay(
    rules: RuleSet, settings: Settings, players: Sequence[str], hands: Iterable[Hand], dealer: int = 0
) -> list[Step]:
    """Fold a table's hands through its rule set, in order: the only way a payout is made."""
    state = start(rules, settings, players, dealer)
    steps = []
    for hand in hands:
        step = play(rules, settings, state, hand)
        steps.append(step)
        state = step.after
    return steps
