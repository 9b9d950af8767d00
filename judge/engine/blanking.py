"""Text boxes the characteristics themselves blank: a card whose text box is blank has no always-on
ability, so the modifiers those abilities generate are not in force. Whether a text box is blank can
depend on what other continuous modifiers do -- a type change that leaves a card no text box (Warhammer:
a card a continuous effect makes a faceup development, Judgement of Loec), or a 'blank text box' a
modifier sets -- so it is known only once the view they make is worked out. ``_modifiers`` asks the
game's ``text_blank`` hook before any modifier has applied (the view being worked out is then the cards'
own); ``_without_blanked`` asks it again with the computed view as the reading view, drops the modifiers
of the always-on abilities of every card it finds blank there, and works the view out again, until the
cards found blank are those whose modifiers were dropped (a fixpoint).

It runs only when a modifier in force sets an attribute the game names in
``GameModule.view_blanking_attrs`` (Warhammer: ``faceup_development``): most computations of most games
cost nothing more. Split from characteristics.py, which calls it.

Part of the Engine (judge/engine/engine.py composes it); methods use the engine's state via ``self``."""
from __future__ import annotations

from judge.engine.state import Obj

#: rounds of the fixpoint before it is reported as a loop: each round drops or restores the modifiers
#: of at least one card (a card blanking one that would blank another settles in two)
MAX_BLANK_ROUNDS = 8


class BlankingMixin:
    def blank_rules(self, o: Obj) -> tuple[str, ...] | None:
        """None when ``o``'s text box is not blank (hook ``text_blank``); else the mechanics that blank it
        (empty when no bound rule does), taken back out of the trace: the caller records them only where
        a power of that text would have applied (a modifier reaching a card, a trigger or replacement
        matching an event), since looking at a blank text box decides nothing by itself. A mechanic the
        hook fires for a text it keeps (Hatalom 8.9.5: a location's) stays recorded. The hook only reads
        the state (it works out no characteristics, whose rules would be taken back with its own)."""
        fired, rules = len(self._fired), len(self.step.rules)
        if not self.hooks.text_blank(self, o):
            return None
        keys = tuple(dict.fromkeys(self._fired[fired:]))
        del self._fired[fired:]
        del self.step.rules[rules:]
        return keys

    def _bar_blanked(self, o: Obj, keys: tuple[str, ...], mods: list[dict] | None = None) -> None:
        """Keep the modifiers of ``o``'s blanked always-on abilities (``mods``, or those it would generate)
        aside with the rules that blank them: _trace_reach records a rule where one would reach a card."""
        if not keys:
            return
        if mods is None:
            mods = [self._indefinite(o, ab) for ab in o.card.continuous
                    if ab.get("modify") or ab.get("set") or ab.get("grant") or ab.get("grant_traits")]
        self._barred.extend((key, m) for m in mods for key in keys)

    def _text_boxes(self, sources: list[Obj], objs: list[Obj] | None) -> list[Obj]:
        """The cards of ``sources`` whose text box is not blank (hook ``text_blank``); with ``objs``, read
        in the view those cards have before any modifier applies (the characteristics being worked out)."""
        def kept() -> list[Obj]:
            out = []
            for o in sources:
                keys = self.blank_rules(o)
                if keys is None:
                    out.append(o)
                else:
                    self._bar_blanked(o, keys)
            return out
        return kept() if objs is None else self.in_view(self._plain_view(objs), kept)

    def _may_blank(self, mods: list[dict]) -> bool:
        """Does a modifier in force set an attribute the game says can leave a text box blank?"""
        attrs, kws = self.game.view_blanking_attrs, self.game.view_blanking_keywords
        if not attrs and not kws:
            return False
        for m in mods:
            sets, grants = m["data"].get("set"), m["data"].get("grant")
            if sets and any(a in sets for a in attrs) or grants and any(k in grants for k in kws):
                return True
        return False

    def _blanked_in(self, mods: list[dict], view: dict) -> dict[int, tuple[str, ...]]:
        """The cards with an always-on ability among ``mods`` whose text box is blank in ``view`` (the
        game's ``text_blank`` hook, reading that view as an expression evaluated in it would), each with
        the rules that blank it (``blank_rules``)."""
        sources = {m["src"].oid: m["src"] for m in mods if m["indefinite"]}  # each card once

        def blanked() -> dict[int, tuple[str, ...]]:
            out = {}
            for oid, src in sources.items():
                keys = self.blank_rules(src)
                if keys is not None:
                    out[oid] = keys
            return out
        return self.in_view(view, blanked)

    def _without_blanked(self, every: list[dict], ordered: list[dict], objs: list[Obj], view: dict,
                         mark: tuple[int, int, int], bare: dict) -> tuple[list[dict], dict]:
        """(the modifiers in force in their order, the view they make) once those of cards whose text
        box is blank in that view are left out. ``every``: the modifiers ``_modifiers`` found, ``ordered``
        and ``view``: what they make; ``mark``: the trace and the first values as they were before
        ``view`` was worked out (a view found wrong decided nothing: what it recorded is taken back)."""
        if not self._may_blank(every):
            return ordered, view
        dropped: frozenset[int] = frozenset()
        tried = [dropped]
        for _ in range(MAX_BLANK_ROUNDS):
            rules = self._blanked_in(every, view)
            blanked = frozenset(rules)
            if blanked == dropped:
                for oid, keys in rules.items():  # traced where a dropped modifier would reach a card
                    self._bar_blanked(self.state.objects[oid], keys,
                                      [m for m in every if m["indefinite"] and m["src"].oid == oid])
                return ordered, view
            if blanked in tried:
                break  # the cards blanked alternate: no view is consistent with its own blank text boxes
            tried.append(blanked)
            self._take_back(mark)
            dropped = blanked
            kept = [m for m in every if not (m["indefinite"] and m["src"].oid in dropped)]
            ordered, view = self._view_with(kept, objs, bare)
        names = ", ".join(sorted(self.state.objects[oid].label for oid in blanked | dropped
                                 if oid in self.state.objects))
        self.stop_loop(f"the text boxes continuous effects blank never agree with the view they make: {names}")
        raise AssertionError("stop_loop returns only by raising")  # pragma: no cover

    def _take_back(self, mark: tuple[int, int, int]) -> None:
        fired, rules, first = mark
        del self._fired[fired:]
        del self.step.rules[rules:]
        if len(self._first_values) > first:
            for key in list(self._first_values)[first:]:
                del self._first_values[key]

    def _blank_keyword_cards(self, objs: list[Obj], reading: dict) -> dict[int, tuple[str, ...]]:
        """The cards of ``objs`` with printed keywords whose text box is blank read in view ``reading`` (hook
        ``text_blank``, as ``_blanked_in`` reads it), each with the rules that blank it (``blank_rules``);
        none where the game does not print keywords in the text box (``GameModule.keywords_in_text_box``)."""
        if not self.game.keywords_in_text_box:
            return {}
        worded = [o for o in objs if o.card.keywords and o.oid in reading]
        if not worded:
            return {}

        def blanked() -> dict[int, tuple[str, ...]]:
            out = {}
            for o in worded:
                keys = self.blank_rules(o)
                if keys is not None:
                    out[o.oid] = keys
            return out
        return self.in_view(reading, blanked)

    def _without_keywords_of(self, view: dict, found: dict[int, tuple[str, ...]]) -> dict:
        """``view`` without the printed keywords of the cards in ``found``: one copy of each printed keyword
        goes, so one a modifier gave the card stays. A new view (entries copied before a change: a plain
        view is kept and given again)."""
        if not found:
            return view
        view = dict(view)
        for oid in found:
            kws = list(view[oid].get("keywords") or ())
            for kw in self.state.objects[oid].card.keywords:
                if kw in kws:
                    kws.remove(kw)
            view[oid] = {**view[oid], "keywords": kws}
        return view

    def _without_printed_keywords(self, objs: list[Obj], view: dict, before: dict[int, tuple[str, ...]]) -> dict:
        """``view`` without the printed keywords of the cards whose text box is blank in it, those of
        ``before`` excepted (blank before any modifier applied: the base the modifiers read had none of
        them already, so a constant effect reaching 'a unit with Toughness' never saw them; only a text box
        a modifier blanks is found here). The rules that blank a card's keywords are recorded where its
        keywords are read (``blank_keywords_read``), since a blank text box decides nothing by itself."""
        found = self._blank_keyword_cards(objs, view)
        later = {oid: keys for oid, keys in found.items() if oid not in before}
        view = self._without_keywords_of(view, later)
        every = {**before, **later}
        self._kw_blank = (view, every) if every else None
        return view

    def _trace_bare_reach(self, mods: list[dict], objs: list[Obj], view: dict, bare: dict) -> None:
        """Record the rules that blank a card's printed keywords where a modifier would have reached it
        with them (a constant effect on 'each unit with Counterstrike'): there they decided something."""
        if not bare:
            return
        cards = [o for o in objs if o.oid in bare]
        printed = {o.oid: {**view[o.oid], "keywords": list(view[o.oid]["keywords"]) + list(o.card.keywords)}
                   for o in cards}
        worded = {**view, **printed}
        for m in mods:
            if "loop" in m or not m["data"].get("applies_to"):
                continue
            for o in self._mod_targets(m, cards, worded):
                if o not in self._mod_targets(m, [o], view, first=True):
                    for key in bare[o.oid]:
                        self.fire(key)

    def blank_keywords_read(self, o: Obj) -> None:
        """Record the rules that blank ``o``'s printed keywords (``_without_printed_keywords``) as they are
        read from the characteristics worked out with them."""
        keys = self._kw_blank[1].get(o.oid) if self._kw_blank is not None else None
        for key in keys or ():
            self.fire(key)
