"""Choices: the scripted decisions of players (yes/no, pick, option, order, assign, number) and dice.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any



class ChoicesMixin:
    # -- choices --------------------------------------------------------------------------------
    def decide(self, player: str, kind: str, options: list, what: str, *, forced_single: bool = True) -> Any:
        """Take the player's next scripted choice. ``options`` are labels (or names)."""
        if forced_single and kind in ("pick", "order", "option") and len(options) == 1:
            return options[0] if kind != "order" else list(options)
        if kind == "order" and len(set(options)) <= 1:
            return list(options)
        queue = self.choices.get(player, [])
        if not queue:
            self.fail(f"missing choice: {player} must choose {what} (options: {', '.join(map(str, options))})",
                      kind="missing_choice")
        value = queue.pop(0)
        return self._interpret(player, kind, options, what, value)

    def decide_checked(self, player: str, kind: str, options: list, what: str, check) -> Any:
        """Like decide, for choices the rules may reject: ``check(value)`` returns a reason or None.
        A scripted ``{try: value}`` that is rejected is logged (choice_rejected) and the next
        scripted choice is taken; any other rejected choice is an error."""
        while True:
            queue = self.choices.get(player, [])
            if not queue:
                self.fail(f"missing choice: {player} must choose {what} (options: {', '.join(map(str, options))})",
                          kind="missing_choice")
            raw = queue.pop(0)
            tentative = isinstance(raw, dict) and set(raw) == {"try"}
            value = self._interpret(player, kind, options, what, raw["try"] if tentative else raw)
            reason = check(value)
            if reason is None:
                return value
            if tentative:
                self.log("choice_rejected", player=player, choice=str(raw["try"]), reason=reason)
                continue
            self.fail(f"illegal choice for {what}: {reason}", kind="bad_choice")

    def _interpret(self, player: str, kind: str, options: list, what: str, value: Any) -> Any:
        if kind == "yesno":
            if value in (True, "yes", "y"):
                return True
            if value in (False, "no", "n"):
                return False
            self.fail(f"choice for {what} must be yes or no, got {value!r}", kind="bad_choice")
        if kind == "option":
            if isinstance(value, int) and 1 <= value <= len(options):
                return options[value - 1]
            if value in options:
                return value
            self.fail(f"choice for {what} must be one of {options} (or 1..{len(options)}), got {value!r}",
                      kind="bad_choice")
        if kind == "pick":
            if value in options:
                return value
            self.fail(f"choice for {what}: {value!r} is not a legal option ({', '.join(map(str, options))})",
                      kind="bad_choice")
        if kind == "order":
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or any(v not in options for v in value):
                self.fail(f"choice for {what}: {value!r} is not an order of {options}", kind="bad_choice")
            rest = list(options)
            for v in value:
                rest.remove(v)
            return list(value) + rest
        if kind == "number":
            if isinstance(value, int) and value in options:
                return value
            self.fail(f"choice for {what} must be one of {options}, got {value!r}", kind="bad_choice")
        if kind == "assign":
            if not isinstance(value, dict):
                self.fail(f"choice for {what} must be a mapping target: amount", kind="bad_choice")
            return value
        return value

    def roll(self) -> int:
        if not self.state.dice:
            self.fail("missing dice result: the scenario must script every roll (state.dice)", kind="missing_choice")
        value = self.state.dice.pop(0)
        self.log("die_rolled", value=value)
        return value
