"""Game state: objects, zones, created effects, the chain, the trace.

Small plain dataclasses; the Engine owns the logic. ``State.snapshot()`` is a deep copy, cheap
enough for stepping and explaining a replay.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from judge.engine.cards import Ability, CardDef
from judge.errors import JudgeError


class ReplayError(JudgeError):
    """A scripted action or choice that the rules do not allow, or a missing choice."""

    def __init__(self, message: str, *, action: int | None = None, kind: str = "illegal_action",
                 rules: list[str] | None = None, text: str | None = None):
        self.action = action
        self.kind = kind
        #: the rule ids that refuse the action or choice (empty when no bound rule took part)
        self.rules = list(rules or [])
        #: the card whose own text refuses it (its use limit, its condition, its target description), if any
        self.text = text
        self.problem = message
        super().__init__(message)


class TextReason(str):
    """A refusal's reason that a card's text states -- the card's own, or an effect a card created
    ('loses all Actions'): ``text`` is that card, named as refused_by_text. A hook (can_play, can_use)
    or a choice's check returns it where a plain reason would name no card."""

    text: str | None

    def __new__(cls, reason: str, text: str | None):
        s = super().__new__(cls, reason)
        s.text = text
        return s


class RulesReason(str):
    """A refusal's reason that several rules state alike (Hatalom's 8.1.1 for creatures and 8.5.1's catch-all
    for every type but the instant): ``keys`` are their mechanics, all named as rejected_by -- otherwise only
    the last mechanic that fired is. A hook (can_play) returns it."""

    keys: tuple[str, ...]

    def __new__(cls, reason: str, keys: tuple[str, ...]):
        s = super().__new__(cls, reason)
        s.keys = keys
        return s


def refusal_fields(rules: list[str], text: str | None) -> dict:
    """The fields a logged refusal (action_rejected, choice_rejected) carries about what refused it."""
    return {**({"rejected_by": rules} if rules else {}), **({"refused_by_text": text} if text else {})}


def flow_text(value) -> str:
    """A step or value as it is written in a card's YAML (flow style: {pay_endurance: 3}), for messages
    a player reads; not Python's repr ({'pay_endurance': 3})."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow_text(v) for v in value) + "]"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str) and (not value or any(c in value for c in ":{}[],#'\"")):
        return '"' + value.replace('"', '\\"') + '"'
    return str(value)


def refused_by_phrase(rules: list[str], text: str | None) -> str:
    """' (refused by RULE, the text of CARD)' for a message, or '' when nothing is named."""
    by = list(rules) + ([f"the text of {text}"] if text else [])
    return f" (refused by {', '.join(by)})" if by else ""


#: ``Obj.memory`` key: the oids of the cards a game's rule keeps this card's always-on abilities from
#: affecting while it stays in play (a new object, after a zone change, has none) -- Hatalom 8.4.3: the
#: card played is the source a body part was sacrificed against, "semmilyen hatása nem lesz" on that galetki
SPARED = "spared"


@dataclass(eq=False)
class Obj:
    """One game object. A card that changes zones becomes a new Obj (new oid), same label."""

    oid: int
    card: CardDef
    label: str
    owner: str
    controller: str
    side: str  # whose zone it sits in
    zone: str  # zone name without the player prefix
    timestamp: int
    damage: int = 0
    exhausted: bool = False
    flags: set[str] = field(default_factory=set)
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    uses: dict[tuple, int] = field(default_factory=dict)
    memory: dict[str, Any] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.side}.{self.zone}"

    def __repr__(self) -> str:  # short, for traces and messages
        return f"<{self.label} #{self.oid} {self.where}>"


@dataclass
class Effect:
    """Something a resolved ability created that lasts: continuous modifier, damage shield,
    triggered or replacement modifier."""

    kind: str  # "modifier" | "shield" | "trigger" | "replacement"
    source: int
    source_label: str
    controller: str
    timestamp: int
    data: dict
    duration: str | None = None  # None = until the game ends (or the condition is met)
    locked: frozenset[int] | None = None  # oids it applies to when it "flags" its cards
    bindings: dict = field(default_factory=dict)
    remaining: int | None = None
    source_ability: Ability | None = None
    started: dict = field(default_factory=dict)


def effect_key(eff: Effect) -> tuple:
    """How a continuous modifier of a resolved effect is told apart (characteristics' ``key``): its
    timestamp -- each effect is created at its own tick -- and, for one a game gave a timestamp it shares
    with others (the modifiers one power created, Huntik 711.2c), the tick it was created at
    (``started["tick"]``, zero-padded: keys are compared as text), which keeps them apart and in the order
    they were created."""
    tick = eff.started.get("tick")
    return ("e", eff.timestamp) if tick is None else ("e", eff.timestamp, f"{tick:020.6f}")


@dataclass(eq=False)
class ChainItem:
    cid: int
    controller: str
    source: int  # oid of the source object at the time it was played/used
    source_label: str
    ability: Ability
    card_obj: int | None  # for a played card: its object on the stack
    targets: dict[str, list[int]] = field(default_factory=dict)
    x: int = 0
    paid: list[tuple[str, int]] = field(default_factory=list)
    cancelled: bool = False
    bindings: dict = field(default_factory=dict)
    trigger_event: dict | None = None
    window: bool = False  # added while the chain resolves: it stops, players may act before this resolves
    #: a triggered ability put on the chain (a game whose triggers use it: ``triggers_on_chain``): it
    #: resolves as a triggered ability, with the targets chosen as it went on the chain
    pending: "Pending | None" = None


class Step:
    """One action of the script in the trace: the events it caused and the rule ids that applied.
    ``action`` may be given as a function that writes it: it is then written only when something
    reads the trace (a replay that only checks its expectations never does)."""

    __slots__ = ("index", "_action", "events", "rules")

    def __init__(self, index: int, action: str | Callable[[], str], events: list[dict] | None = None,
                 rules: list[str] | None = None):
        self.index = index
        self._action = action
        self.events: list[dict] = [] if events is None else events
        self.rules: list[str] = [] if rules is None else rules

    @property
    def action(self) -> str:
        if not isinstance(self._action, str):
            self._action = self._action()
        return self._action

    def __repr__(self) -> str:
        return f"Step({self.index}, {self.action!r}, rules={self.rules})"


@dataclass
class Pending:
    """A triggered ability waiting in the pool."""

    source: int
    source_label: str
    controller: str
    ability: Ability
    event: dict
    timestamp: int
    effect: Effect | None = None
    bindings: dict = field(default_factory=dict)
    source_type: str | None = None  # the source's card type (a game may order by it)


class PlayerData(dict):
    """One player's numbers (resources, attacks, a game's counters). Continuous modifiers read them
    ('+1 ATK for each attack you have': Huntik 708.2, 'the current game state'), so every change makes a new
    state version, counted apart (``State.player_changed``): characteristics that read a player's number are
    worked out again, those that read none are kept (CharacteristicsMixin.characteristics).
    A dict, so game code reads and writes it as before; the writes that bypass ``__setitem__`` in C
    (setdefault, update, pop, del) are covered too."""
    __slots__ = ("_state",)

    def __init__(self, state: "State", items: Any = ()):
        super().__init__(items)
        self._state = state

    def __setitem__(self, key, value):
        # a write of the value it has changes nothing: no new version (characteristics stay cached)
        if key not in self or dict.__getitem__(self, key) != value:
            super().__setitem__(key, value)
            self._state.player_changed()

    def __delitem__(self, key):
        super().__delitem__(key)
        self._state.player_changed()

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args, **kw):
        for key, value in dict(*args, **kw).items():
            self[key] = value

    def pop(self, key, *default):
        self._state.player_changed()
        return super().pop(key, *default)

    def __deepcopy__(self, memo):
        # the copy belongs to the copied state (in memo already: State is copied first); filled without
        # bumping a version, so a snapshot keeps the version it was taken at
        new = PlayerData(copy.deepcopy(self._state, memo))
        dict.update(new, {k: copy.deepcopy(v, memo) for k, v in self.items()})
        return new


class PlayersData(dict):
    """``State.player_data``: player -> PlayerData (a plain dict put in is wrapped)."""
    __slots__ = ("_state",)

    def __init__(self, state: "State", items: Any = ()):
        super().__init__()
        self._state = state
        for key, value in dict(items).items():
            self[key] = value

    def __setitem__(self, key, value):
        if not isinstance(value, PlayerData) or value._state is not self._state:
            value = PlayerData(self._state, value)
        super().__setitem__(key, value)
        self._state.player_changed()

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = {} if default is None else default
        return self[key]

    def __deepcopy__(self, memo):
        new = PlayersData.__new__(PlayersData)
        new._state = copy.deepcopy(self._state, memo)
        dict.update(new, {k: copy.deepcopy(v, memo) for k, v in self.items()})
        return new


@dataclass
class State:
    players: list[str]
    vars: dict[str, Any]
    objects: dict[int, Obj] = field(default_factory=dict)
    zones: dict[str, list[int]] = field(default_factory=dict)
    player_data: dict[str, dict[str, Any]] = field(default_factory=dict)  # a PlayersData (__post_init__)
    effects: list[Effect] = field(default_factory=list)
    chain: list[ChainItem] = field(default_factory=list)
    clock: int = 0
    next_oid: int = 1
    version: int = 0
    #: how many of the versions were a change of a player's numbers only (PlayerData): characteristics
    #: that read none of them stay valid across such changes (CharacteristicsMixin.characteristics)
    player_writes: int = 0
    name_uses: dict[tuple, int] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)
    #: game memory by namespace (``Engine.memory(ns)``): what a game's mechanics remember
    memory: dict[str, dict] = field(default_factory=dict)

    def player_changed(self) -> None:
        self.version += 1
        self.player_writes += 1

    def __post_init__(self):
        self.player_data = PlayersData(self, self.player_data)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def opponent(self, player: str) -> str:
        players = self.players
        if len(players) == 2:  # every bundled game: asked for every expression's bindings
            return players[1] if player == players[0] else players[0]
        others = [p for p in players if p != player]
        return others[0] if others else player

    def snapshot(self) -> "State":
        return copy.deepcopy(self)
