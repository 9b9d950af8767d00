"""Choices: the scripted decisions of players (yes/no, pick, option, order, assign, number) and dice.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from typing import Any, Callable

from judge.engine.state import ReplayError, refusal_fields


#: words a script may offer as a choice that name nothing in the game ({try: none} -- may I pick none?)
_SCRIPT_WORDS = frozenset({"none", "yes", "no", "all", "pass"})


class ChoicesMixin:
    # -- choices --------------------------------------------------------------------------------
    def decide(self, player: str, kind: str, options: list, what: str, *, forced_single: bool = True,
               refusing: str | None = None, refusing_text: str | Callable | None = None,
               left_out: list | tuple = ()) -> Any:
        """Take the player's next scripted choice. ``options`` are labels (or names). ``refusing``: the
        mechanic whose rule makes the options what they are (e.g. target legality): a scripted choice
        outside them is refused by it, and the refusal names its rule. ``refusing_text``: the card whose
        own text makes the options what they are (a `choose` step's filter): the refusal names it; a
        function of the refused value where that depends on the value (a target fails the card's own target
        description, or a rule keeps it out: triggers._pick_targets). ``left_out``: options of the card's text
        that ``refusing``'s rule took out (an 'or' option that cannot be resolved completely): a script may
        still name one, which is then refused by that rule -- not read as a misspelling, nor kept for a later
        decision where one option is left."""
        if forced_single and kind in ("pick", "order", "option") and len(options) == 1:
            self._take_forced(player, kind, options, what, refusing, refusing_text, left_out)
            return options[0] if kind != "order" else list(options)
        if kind == "order" and len(set(options)) <= 1:
            self._take_forced(player, kind, options)
            return list(options)
        queue = self.choices.get(player, [])
        if not queue:
            return self._missing_choice(player, kind, options, what)
        value = queue.pop(0)
        if isinstance(value, dict) and set(value) == {"try"}:
            # a tentative choice ({try: X}): X not among the options the rules offer is logged as rejected
            # and the next scripted choice is taken, as decide_checked does for a value its check refuses;
            # the refusing rule is ``refusing``'s (what fired earlier in the action does not refuse it)
            self.begin_check()
            try:
                return self._interpret(player, kind, options, what, value["try"], refusing, refusing_text, left_out)
            except ReplayError as err:
                self._tentative_refused(player, kind, value["try"], options, what, err, left_out)
                return self.decide(player, kind, options, what, forced_single=forced_single, refusing=refusing,
                                   refusing_text=refusing_text, left_out=left_out)
        if self.lenient:  # under ablation a scripted choice the rules no longer allow is taken as missing
            try:
                return self._interpret(player, kind, options, what, value)
            except ReplayError:
                return self._missing_choice(player, kind, options, what)
        return self._interpret(player, kind, options, what, value, refusing, refusing_text, left_out)

    def next_choice(self, player: str) -> tuple[Any, bool] | None:
        """The player's next scripted choice, not taken: (value, tentative) -- ``tentative`` for a
        ``{try: X}`` (value X) -- or None when nothing is scripted. For a rule that asks only when the
        script says something about it (a choice the rules leave to a default otherwise)."""
        queue = self.choices.get(player)
        if not queue:
            return None
        value = getattr(queue[0], "value", queue[0])  # a replay keeps the action that scripted it beside it
        if isinstance(value, dict) and set(value) == {"try"}:
            return value["try"], True
        return value, False

    def _take_forced(self, player: str, kind: str, options: list, what: str = "", refusing: str | None = None,
                     refusing_text: str | Callable | None = None, left_out: list | tuple = ()) -> None:
        """The rules leave one option, so nothing is asked. A scenario that scripted that very option
        as the player's next choice (a player naming the only card he may pick) has it taken here,
        rather than left over as a choice never used; any other next choice stays for a later decision."""
        nxt = self.next_choice(player)
        if nxt is None:
            return
        value, tentative = nxt
        only = options[0]
        if kind == "order":
            wanted = value if isinstance(value, list) else [value]
            match = wanted == list(options) or wanted == [only]
        else:
            match = value == only or (kind == "option" and value == 1)
        if match:
            self.choices[player].pop(0)
        elif (tentative and kind in ("pick", "option") and (refusing or refusing_text)
              and (self._names_in_game(value) or value in left_out) and value not in _SCRIPT_WORDS):  # a str first: an assignment is a dict
            # a scripted attempt at something a rule (or a card's text) leaves out of this decision ({try: X}
            # where one option is left): refused as if the player had been asked, and the only option
            # taken. Only where the caller names what narrows the options: a try meant for a later decision
            # stays queued past a single-option decision that has nothing to do with it
            self.choices[player].pop(0)
            self.begin_check()
            try:
                self._interpret(player, kind, options, what, value, refusing, refusing_text, left_out)
            except ReplayError as err:
                self._tentative_refused(player, kind, value, options, what, err, left_out)
                # as if asked again: the only option, scripted next ({try: X}, then it), is the one taken
                self._take_forced(player, kind, options, what, refusing, refusing_text, left_out)

    def _missing_choice(self, player: str, kind: str, options: list, what: str, check=None,
                        fallbacks: list | None = None) -> Any:
        """No scripted choice is left. A lenient replay (ablation) takes the first legal option, so a
        switched-off rule shows in the outcome rather than as a script error; otherwise, when the
        rules' ``check`` leaves exactly one option, that one is taken, and else it is an error.
        ``fallbacks`` are whole values (an assignment, a set of cards) the caller offers for kinds
        whose options are not values themselves; the first one ``check`` accepts is taken."""
        if self.lenient and fallbacks:
            for value in fallbacks:
                if check is None or check(value) is None:
                    self.log("choice_defaulted", player=player, what=what, choice=str(value))
                    return value
        if self.lenient and options and kind in ("yesno", "pick", "option", "order", "number"):
            for option in options:
                value = self._interpret(player, kind, options, what, option if kind != "order" else [option])
                if check is None or check(value) is None:
                    self.log("choice_defaulted", player=player, what=what, choice=str(option))
                    return value
        if self.lenient and kind == "any":  # 'any number of': none, else the first single option the rules allow
            for value in [[]] + [[option] for option in options]:
                if check is None or check(value) is None:
                    self.log("choice_defaulted", player=player, what=what, choice=str(value))
                    return value
        shown = ", ".join(map(str, options))
        if not self.lenient and check is not None and options and kind in ("yesno", "pick", "option"):
            # the rules' check leaves one option: as with a single option, nothing needs asking
            values = [self._interpret(player, kind, options, what, o) for o in options]
            allowed = [check(v) is None for v in values]
            if sum(allowed) == 1:
                return values[allowed.index(True)]
            if any(allowed) and not all(allowed):  # the error offers what the rules allow, not every option
                shown = (", ".join(str(o) for o, ok in zip(options, allowed) if ok) + "; the rules refuse "
                         + ", ".join(str(o) for o, ok in zip(options, allowed) if not ok))
        # a choice scripted for another player that names one of these options was likely meant here
        other = next(((p, v) for p, q in self.choices.items() if p != player for item in q
                      if isinstance(v := getattr(item, "value", item), str) and v in map(str, options)), None)
        hint = (f"; {other[0]} has an unused scripted choice {other[1]!r}: was it {player}'s? (the player who "
                f"decides scripts it: {{player: {player}, choose: [..]}})") if other else ""
        self.fail(f"missing choice: {player} must choose {what} (options: {shown}){hint}", kind="missing_choice")

    def number_scripted_next(self, player: str) -> bool:
        """Is the player's next scripted choice a number ({try: N} too)? For an optional number the rules
        let him skip (he may spend something else as resources where his pool covers the payment): asked
        only when his script answers it, else he spends none of it."""
        queue = self.choices.get(player) or []
        if not queue:
            return False
        value = getattr(queue[0], "value", queue[0])  # (a replay's queue keeps the action with each choice)
        if isinstance(value, dict) and set(value) == {"try"}:
            value = value["try"]
        return isinstance(value, int) and not isinstance(value, bool)

    def decide_checked(self, player: str, kind: str, options: list, what: str, check,
                       fallbacks: list | None = None, refusing: str | None = None,
                       refusing_text: str | Callable | None = None) -> Any:
        """Like decide, for choices the rules may reject: ``check(value)`` returns a reason or None.
        A scripted ``{try: value}`` that is rejected is logged (choice_rejected) and the next
        scripted choice is taken; any other rejected choice is an error. ``fallbacks``: see
        _missing_choice (lenient replays only). ``refusing`` / ``refusing_text``: as for decide, what
        refuses a value that is not even among ``options``."""
        while True:
            queue = self.choices.get(player, [])
            if not queue:
                return self._missing_choice(player, kind, options, what, check, fallbacks)
            raw = queue.pop(0)
            tentative = isinstance(raw, dict) and set(raw) == {"try"}
            self.begin_check()
            try:
                value = self._interpret(player, kind, options, what, raw["try"] if tentative else raw,
                                        *((refusing, refusing_text) if tentative or not self.lenient else ()))
            except ReplayError as err:
                if tentative:  # a {try: value} that is not even among the options is rejected the same way
                    self._tentative_refused(player, kind, raw["try"], options, what, err)
                    continue
                if not self.lenient:
                    raise
                continue  # lenient: a scripted value that no longer fits is skipped
            reason = check(value)
            if reason is None:
                return value
            text = getattr(reason, "text", None)  # a TextReason: the card whose text refuses it
            if tentative or self.lenient:
                self._choice_rejected(player, raw["try"] if tentative else raw, reason, self.refusing_rules(), text)
                continue
            self.fail(f"illegal choice for {what}: {reason}", kind="bad_choice", text=text)

    def decide_only(self, player: str, only: Any, options: list, check) -> Any:
        """A checked decision (an assignment) the rules leave one legal value for, ``only``: nothing is
        asked, ``only`` is taken. A scenario that scripted an attempt at it anyway has it read as if the
        player had been asked: a ``{try: X}`` whose keys are among ``options`` is refused by ``check``
        (choice_rejected) or, legal, taken; the only value scripted as the next choice is taken rather
        than left over. Any other next choice stays for a later decision."""
        return self._only_value(player, only, check,
                                is_only=lambda v: isinstance(v, dict) and {k: x for k, x in v.items() if x} == only,
                                is_attempt=lambda v: isinstance(v, dict) and all(k in options for k in v))

    def decide_only_pick(self, player: str, only: Any, options: list, check) -> Any:
        """A checked pick the rules leave one legal option for, ``only`` (among ``options``, what a script
        may name): nothing is asked, ``only`` is taken. As decide_only for an assignment: a scripted
        ``{try: X}`` naming another of ``options`` is read as if the player had been asked -- refused by
        ``check`` (choice_rejected, naming the rules it fired) -- and ``only``, scripted next, is taken
        rather than left over. Any other next choice stays for a later decision."""
        return self._only_value(player, only, check, is_only=lambda v: v == only,
                                is_attempt=lambda v: v in options)

    def _only_value(self, player: str, only: Any, check, *, is_only, is_attempt) -> Any:
        """decide_only / decide_only_pick: take the scripted ``only`` value, refuse scripted attempts
        (``{try: X}`` that ``is_attempt``) by ``check``, leave any other next choice for later."""
        while True:
            nxt = self.next_choice(player)
            if nxt is None:
                return only
            value, tentative = nxt
            if is_only(value):
                self.choices[player].pop(0)
                return only
            if not tentative or not is_attempt(value):
                return only
            self.choices[player].pop(0)
            self.begin_check()
            reason = check(value)
            if reason is None:  # a check that allows it after all: the player's choice
                return value
            self._choice_rejected(player, value, reason, self.refusing_rules(), getattr(reason, "text", None))

    def _tentative_refused(self, player: str, kind: str, value: Any, options: list, what: str,
                           err: ReplayError, left_out: list | tuple = ()) -> None:
        """A {try: value} not among the options: an error if it names nothing in the game (nor an option a
        rule left out), else logged as refused (choice_rejected) with what refused it."""
        if value not in left_out:
            self._unknown_name(kind, value, options, what)
        self._choice_rejected(player, value, err.problem, err.rules, err.text)

    def _unknown_keys(self, value: dict, options: list, what: str) -> None:
        """An assignment (target: amount) whose key names no option and no card of the game is a
        misspelling, not a choice the rules refuse."""
        for key in value:
            if key not in options and not self._names_in_game(key):
                self.fail(f"choice for {what}: {key!r} names no card or option in this game (a misspelling?); "
                          f"options: {', '.join(map(str, options))}", kind="bad_choice")

    def _card_names(self) -> set[str]:
        """The labels and names of the game's cards (what a scripted value may name)."""
        names = set()
        for o in self.state.objects.values():
            names.add(o.label)
            names.add(o.card.name)
        return names

    def _names_in_game(self, value: Any) -> bool:
        """Does a scripted value name a card (name or label) of this game?"""
        return isinstance(value, str) and value in self._card_names()

    def _unknown_name(self, kind: str, value: Any, options: list, what: str) -> None:
        """A tentative pick or option that names nothing in the game is a misspelling in the script, not
        a choice the rules refuse: an expectation of that rejection would hold on the typo. Accepted: an
        option, a card's name or label, a player, a zone, a script word (none, yes, no, all, pass), or a
        phrase with a card's name or an option in it ('reroll Imperial Gunnery Officer'); a player or zone
        word alone does not make a phrase ('Grnut A' is still a misspelling)."""
        if kind == "assign" and isinstance(value, dict) and not self.lenient:
            self._unknown_keys(value, options, what)
            return
        if kind not in ("pick", "option") or not isinstance(value, str) or self.lenient:
            return  # lenient (ablation): a script meant for other decisions meets this one; that is no typo
        names = {str(o) for o in options} | self._card_names()
        if value in names or value in _SCRIPT_WORDS or value in self.game.players or value in self.game.zones:
            return
        if not any(len(n) > 2 and f" {n} " in f" {value} " for n in names):
            self.fail(f"choice for {what}: {{try: {value!r}}} names no card, option, player or zone in this "
                      f"game (a misspelling?); options: {', '.join(map(str, options))}", kind="bad_choice")

    def _choice_rejected(self, player: str, choice: Any, reason: str, rules: list[str],
                         text: str | None = None) -> None:
        """Log a scripted choice the rules refused (choice_rejected), with the rules refusing it, if any,
        and the card whose own text refuses it (``refused_by_text``), if any."""
        self.log("choice_rejected", player=player, choice=str(choice), reason=reason, **refusal_fields(rules, text))

    def _interpret(self, player: str, kind: str, options: list, what: str, value: Any,
                   refusing: str | None = None, refusing_text: str | Callable | None = None,
                   left_out: list | tuple = ()) -> Any:
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
            if callable(refusing_text):  # read before the refusing rule fires, which stays the one named
                refusing_text = refusing_text(value)
            if refusing is not None and self.on(refusing):
                self.fire(refusing)  # the rule that left this choice out of the options refuses it
            self.fail(f"choice for {what} must be one of {options} (or 1..{len(options)}), got {value!r}",
                      kind="bad_choice", text=refusing_text)
        if kind == "pick":
            if value in options:
                return value
            if callable(refusing_text):  # read before the refusing rule fires, which stays the one named
                refusing_text = refusing_text(value)
            if refusing is not None and self.on(refusing):
                self.fire(refusing)  # the rule that left this choice out of the options refuses it
            self.fail(f"choice for {what}: {value!r} is not a legal option ({', '.join(map(str, options))})",
                      kind="bad_choice", text=refusing_text)
        if kind == "order":
            if isinstance(value, str):
                value = [value]
            # each option named at most as often as it is offered (a card with one power waiting is named
            # once; two instances of one power, twice)
            if not isinstance(value, list) or any(value.count(v) > options.count(v) for v in value):
                # another player's power or modifier named in a player's order (``left_out``: the other
                # players' items of this ordering): the rule that made the options this player's refuses it.
                # Any other name (a card with nothing waiting, a misspelling) is a malformed order: no rule
                foreign = [v for v in value if v not in options] if isinstance(value, list) else []
                if (refusing is not None and foreign and all(v in left_out for v in foreign)
                        and self.on(refusing)):
                    self.fire(refusing)
                self.fail(f"choice for {what}: {value!r} is not an order of {options} (each named at most as "
                          f"often as it is listed)", kind="bad_choice")
            rest = list(options)
            for v in value:
                rest.remove(v)
            return list(value) + rest
        if kind == "number":
            if isinstance(value, int) and value in options:
                return value
            text = None
            if isinstance(value, int) and not isinstance(value, bool):  # a number the options leave out (not a
                # malformed answer): refused by what made the options what they are, as a pick is
                text = refusing_text(value) if callable(refusing_text) else refusing_text
                if refusing is not None and self.on(refusing):
                    self.fire(refusing)
            self.fail(f"choice for {what} must be one of {options}, got {value!r}", kind="bad_choice", text=text)
        if kind == "assign":
            if not isinstance(value, dict):
                self.fail(f"choice for {what} must be a mapping target: amount", kind="bad_choice")
            if not self.lenient:
                self._unknown_keys(value, options, what)
            return value
        return value

    def roll(self) -> int:
        if not self.state.dice:
            if self.lenient:  # under ablation a roll the rules would not have made takes the lowest face,
                # as a missing choice takes the first legal option: an outcome, not a script error
                self.log("choice_defaulted", player=None, what="a die roll", choice="1")
                self.log("die_rolled", value=1)
                return 1
            self.fail("missing dice result: the scenario must script every roll (state.dice)", kind="missing_choice")
        value = self.state.dice.pop(0)
        self.log("die_rolled", value=value)
        return value

    def random_index(self, n: int) -> int:
        """Which of ``n`` items (n > 0: callers pick only among some) is picked 'at random': a scripted die r
        picks the r-th, counted from 1 in the order the effect lists them (past the last it wraps round:
        r = n + 1 is the first again)."""
        return (self.roll() - 1) % n
