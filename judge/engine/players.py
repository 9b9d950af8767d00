"""A player's numbers (resources, attacks, endurance, a game's counters): read with the modifiers that
change them, and spent -- from his pool and from what he may spend as though it were resources.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``. The
numbers themselves are ``State.player_data`` (a PlayerData each: a change makes a new state version)."""
from __future__ import annotations

from typing import Any

from judge.engine.hooks import NOT_MINE


class PlayersMixin:
    def player_attr(self, player: str, name: str) -> Any:
        self._player_reads += 1  # (characteristics that read none stay valid across players' changes)
        got = self.hooks.player_attr(self, player, name)
        if got is not NOT_MINE:
            return got
        data = self.state.player_data.get(player, {})
        bonus, has_mod = 0, False
        for eff in self.state.effects:
            pm = eff.data.get("player_modify") if eff.kind == "modifier" else None
            if not pm or name not in pm:
                continue
            src = self.state.objects.get(eff.source)
            whose = eff.bindings.get("you")
            if src is not None and self.is_in_play(src) and src.controller != whose and player in (whose, src.controller):
                # its card changed hands since: the modifier stays its creator's (as _modifiers does), or
                # (off) follows the card's current controller
                if self.on("modifier_controller_at_creation"):
                    self.fire("modifier_controller_at_creation")
                else:
                    whose = src.controller
            if whose != player:
                continue
            if src is None or not self.is_in_play(src):
                if not self.on("definite_independent_of_source"):
                    continue
                self.fire("definite_independent_of_source")
            bonus += pm[name]
            has_mod = True
        if name in data or has_mod:
            return data.get(name, 0) + bonus
        if name == "opponent":
            return self.state.opponent(player)
        if name.startswith("count_"):
            return len(self.state.zones.get(self.zone_key(player, name[6:]), []))
        return 0

    def spendable_resources(self, player: str) -> int:
        """The resources ``player`` can spend now: his pool, and what he may spend as though it were
        resources (hook resources_elsewhere: a card's damage)."""
        have = self.player_attr(player, "resources") or 0
        if self.hooks.spends_elsewhere:
            have += sum(n for _card, n, _step in self.hooks.resources_elsewhere(self, player))
        return have

    def spend_elsewhere(self, player: str, amount: int) -> int:
        """How much of ``amount`` resources ``player`` spends from outside his pool (hook resources_elsewhere):
        asked for each source, from what his pool cannot cover up to what the source has; its spend step
        is run with that amount. Returns the amount spent so."""
        if not amount or not self.hooks.spends_elsewhere:
            return 0
        spent = 0
        sources = self.hooks.resources_elsewhere(self, player)
        for i, (card, n, step) in enumerate(sources):
            left = amount - spent
            later = sum(k for _c, k, _s in sources[i + 1:])
            least = max(0, left - (self.player_attr(player, "resources") or 0) - later)
            most = min(n, left)
            if most <= 0 or (not least and not self.number_scripted_next(player)):
                continue  # nothing it can pay, or his pool covers it and his script spends none of it ('may')
            pick = self.decide(player, "number", list(range(least, most + 1)),
                               f"{getattr(card, 'label', card)}: how much to spend as resources")
            if pick:
                self.run_step({**step, "amount": pick}, self.bindings_for(card, player))
                spent += pick
        return spent
