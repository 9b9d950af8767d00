"""Given powers: the triggered and replacement powers that modifiers give cards (``grant_powers`` of a
resolved effect's modifier, or of an always-on ability), found where printed ones are looked for; and the
card whose text gives a card a restriction (``text_granting``: a refusal by it names that card).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from judge.engine.cards import Ability
from judge.engine.state import Obj, effect_key


class GivenPowersMixin:
    def given_powers(self, kind: str) -> list[tuple[Obj, Ability]]:
        """The powers of ``kind`` ("trigger", "replacement") that modifiers in force give cards
        (``grant_powers``, mechanic granted_powers): [(card, ability)], read from the cards' computed
        ``powers`` as a given action power is (chain.use), so that one functions like a printed one
        wherever printed ones are looked for. Nothing is computed when no modifier gives one (most
        replays)."""
        # a created modifier, or an always-on ability of a card (in play, or one that functions elsewhere); asked
        # at every batch of events: whether any gives one is kept for the state version it was read at (a new
        # modifier, a card entering or leaving play, an effect ending: each makes a new version)
        # (the number of effects too: a created trigger is added without a new version)
        at = (self.state.version, len(self.state.effects))
        seen = self._gives_any.get(kind)
        if seen is not None and seen[0] == at:
            gives = seen[1]
        else:
            gives = (any(e.kind == "modifier" and _gives(e.data, kind) for e in self.state.effects)
                     or any(_gives(ab.data, kind) for o in self.objects_with("gives_powers") for ab in o.card.gives_powers))
            self._gives_any[kind] = (at, gives)
        if not gives:
            return []
        out = []
        objects = self.state.objects
        for oid in list(self.characteristics()):  # the cards modifiers may reach (in play, unless ablated)
            o = objects.get(oid)
            if o is None:
                continue
            for ab in self.obj_attr(o, "powers") or ():
                if ab.kind == kind:
                    out.append((o, ab))
        return out

    def text_granting(self, obj: Obj, keyword: str) -> str | None:
        """The card whose text gives ``obj`` the restriction ``keyword`` ('cannot attack'): ``obj`` itself
        when printed on it, else the source of the continuous effect that grants it (a card that says
        'target unit cannot defend this turn' remembers it as the modifier's source). A refusal by that
        restriction names this card (refused_by_text). Asked only when the restriction refuses; it
        records nothing in the trace (working out which modifier reaches ``obj`` may fire mechanics)."""
        if keyword in obj.card.keywords:
            return self.pool.full_name(obj.card)
        fired, rules, barred = len(self._fired), list(self.step.rules), self.__dict__.get("_barred")
        try:
            view = self.characteristics()
            for m in self._modifiers():
                if keyword in (m["data"].get("grant") or ()) and obj in self._mod_targets(m, [obj], view):
                    if m["indefinite"]:
                        return self.card_name(m["src"])
                    eff = next((e for e in self.state.effects if effect_key(e) == m["key"]), None)
                    return self.card_name(eff.source_label) if eff else None
            return None
        finally:
            del self._fired[fired:]
            self.step.rules[:] = rules
            if barred is not None:
                self._barred = barred


def _gives(data: dict, kind: str) -> bool:
    """Does this modifier or always-on ability give a power of ``kind``? (Most give none: no loop.)"""
    powers = data.get("grant_powers")
    return bool(powers) and any(pw.get("kind", "action") == kind for pw in powers)
