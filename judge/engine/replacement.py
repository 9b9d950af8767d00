"""Replacement effects: 'would ... instead' abilities and modifiers applied to a batch of events (order chosen by the affected player, each at most once).

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations


from judge.engine.state import Obj


class ReplacementMixin:
    def _replacement_candidates(self) -> list[tuple]:
        out = []
        for o in self._in_play_kept():
            if not o.card.replacements or self.hooks.text_blank(self, o):
                continue  # most cards: nothing to replace with, no text box to ask about
            for ab in o.card.replacements:
                out.append((("a", o.oid, ab.index), o, o.controller, ab.data, o.timestamp, {}))
        # replacement powers modifiers give cards in play (granted_powers): as printed ones
        for o, ab in self.given_powers("replacement"):
            if self.is_in_play(o) and not self.hooks.text_blank(self, o):
                out.append((("a", o.oid, ab.index), o, o.controller, ab.data, o.timestamp, {}))
        for eff in self.state.effects:
            if eff.kind == "replacement":
                out.append((("e", eff.timestamp), self.state.objects.get(eff.source), eff.controller, eff.data,
                            eff.timestamp, eff.bindings))
        return out

    def _replace(self, ev: dict, candidates: list[tuple], used_once: dict) -> dict | None:
        if not self.on("replacement"):
            return ev
        while True:
            options = []
            for key, src, ctrl, data, ts, binds in candidates:
                if key in ev["applied"] and self.on("replacement_once"):
                    continue
                rep = data.get("replaces") or {}
                if rep.get("event") != ev["type"]:
                    continue
                if not self.on("replacement_every_instance") and used_once.get(key):
                    continue
                b = self.bindings_for(src, ctrl, {**binds, "event": ev})
                if rep.get("filter") and not self.eval(rep["filter"], b):
                    continue
                options.append((key, src, ctrl, data, ts, b))
            if not options:
                return ev
            if len(options) > 1:
                affected = self._affected_player(ev)
                labels = [self._rep_label(o) for o in options]
                if self.applies("replacement_order"):
                    pick = self.decide(affected, "pick", labels, "which replacement applies first")
                    chosen = options[labels.index(pick)]
                else:
                    chosen = sorted(options, key=lambda o: o[4])[0]
            else:
                chosen = options[0]
            key, src, ctrl, data, ts, b = chosen
            if not self.on("replacement_even_if_impossible"):
                steps = [st for st in data.get("instead") or [] if "proceed" not in st]
                if not all(self.can_do(st, {**b, "it": ev.get("obj")}) for st in steps):
                    ev["applied"] = ev["applied"] | {key}
                    continue
            if data.get("optional"):
                can = all(self.can_do(s, b) for s in data.get("cost") or [])
                if not can or not self.decide(ctrl, "yesno", ["yes", "no"],
                                              f"whether to apply {self._rep_label(chosen)}"):
                    ev["applied"] = ev["applied"] | {key}
                    continue
            self.fire("replacement")
            used_once[key] = used_once.get(key, 0) + 1
            if used_once[key] > 1:
                self.fire("replacement_every_instance")
            applied = ev["applied"] | {key}
            ev["applied"] = applied
            self.log("replaced", what=ev["type"], card=self._ev_label(ev), by=self._rep_label(chosen))
            steps = [st for st in data.get("instead") or [] if "proceed" not in st]
            if steps and not all(self.can_do(st, {**b, "it": ev.get("obj")}) for st in steps):
                self.fire("replacement_even_if_impossible")
            for cost in data.get("cost") or []:
                self.run_step(cost, b)
            if ev.get("applied") and len(applied) > 1:
                self.fire("replacement_once")
            proceed = None
            if len(self._repl_applied) > 40:
                self.fail("replacement loop: replacement modifiers keep replacing the events they produce",
                          kind="loop")
            self._repl_applied.append(applied)
            try:
                for st in data.get("instead") or []:
                    if "proceed" in st:
                        proceed = dict(st["proceed"] or {})
                    else:
                        self.run_step(st, {**b, "it": ev.get("obj")})
            finally:
                self._repl_applied.pop()
            if proceed is None:
                return None
            ev.update(proceed)

    def _affected_player(self, ev: dict) -> str:
        obj = ev.get("obj")
        if isinstance(obj, Obj):
            return obj.controller
        return ev.get("player") or self.state.vars.get("active") or self.state.players[0]

    def _rep_label(self, option: tuple) -> str:
        src = option[1]
        return src.label if isinstance(src, Obj) else str(option[0])

    @staticmethod
    def _ev_label(ev: dict) -> str | None:
        obj = ev.get("obj")
        return obj.label if isinstance(obj, Obj) else None
