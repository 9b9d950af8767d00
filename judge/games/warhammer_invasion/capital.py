"""The capital: three sections (kingdom, quest, battlefield) of 8 hit points each, created for
both players at setup; a section burns when its damage reaches its hit points (extra damage has
no effect, combat damage beyond it is still dealt); a player wins when the sections of his opponent's
capital that burn reach the number he must burn (2, or 3 after a legend raised it for the rest of the
game); the capital's racial affiliation."""
from __future__ import annotations

from judge.engine.cards import CardDef
from judge.errors import BadInputError

from .common import CAPITAL_HP, SECTIONS, faction_of, race_name

CAPITAL = CardDef("Capital", "capital", "capital", (), (), {"hp": CAPITAL_HP}, None, "", ())

#: traits whose cards share the racial affiliation of their capital (clarification: racial affiliation)
SHARED_RACE_TRAITS = ("Skaven", "Undead", "Lizardmen", "Wood Elf")


def register(game) -> None:
    game.functions.update({"capital": lambda eng, player, zone: eng.obj(f"{player} capital {zone}"),
                           "shares_capital_race": _shares_capital_race})


def section_labels(players) -> dict[str, str]:
    return {f"{p} capital {z}": "Capital" for p in players for z in SECTIONS}


def create_sections(eng, players, spec: dict) -> None:
    """Each player's three capital sections, with the damage (or ``burning``) and race the fixture gives
    (``capital: {kingdom: 3, quest: burning, race: orc}``). Also notes whose deck the fixture lists (see
    deck_out)."""
    _listed_decks(eng)[:] = [p for p in players if "deck" in (spec.get(p) or {})]
    for p in players:
        given = (spec.get(p) or {}).get("capital") or {}
        eng.state.player_data[p].pop("capital", None)
        for z in SECTIONS:
            obj = eng.create(CAPITAL, f"{p} capital {z}", owner=p, side=p, zone="capital")
            obj.memory["section"] = z
            obj.memory["race"] = _capital_race(p, given.get("race"))
            val = given.get(z, 0)
            if val == "burning":
                obj.damage = CAPITAL_HP
                obj.flags.add("burning")
            else:
                obj.damage = int(val or 0)


def burn_sections(eng) -> bool:
    """State check: a section with damage equal to its hit points burns; damage beyond has no effect."""
    changed = False
    if eng.on("zone_burns"):
        for o in eng.zone_objs("A", "capital") + eng.zone_objs("B", "capital"):
            if o.damage > CAPITAL_HP:  # damage beyond a burned zone has no effect
                o.damage = CAPITAL_HP
                eng.touch()
                eng.fire("zone_burns")
            if o.damage >= CAPITAL_HP and "burning" not in o.flags:
                o.flags.add("burning")
                eng.touch()
                eng.fire("zone_burns")
                eng.log("zone_burned", card=o.label)
                changed = True
    return changed


#: the player counter a legend's "Forced: When this legend enters play, you must burn 3 zones instead of 2
#: in order to win for the rest of the game" writes (keyword:for-the-rest-of-the-game: every such legend's
#: first line), read by victory()
BURN_ALL_THREE = "burn_all_three"


def _raised_by_legend_in_play(eng, player: str) -> bool:
    """Does the player control, in play, a legend whose text raises the sections he must burn?"""
    return any(o.controller == player and eng.obj_attr(o, "type") == "legend" and any(
        any(isinstance(st, dict) and st.get("player_counter") == BURN_ALL_THREE for st in ab.get("steps") or ())
        for ab in o.card.abilities) for o in eng.in_play())


def sections_to_burn(eng, player: str) -> int:
    """How many sections of his opponent's capital a player must burn to win: 2; 3 once a legend with the
    'for the rest of the game' text entered play under his control, even if it has left play since
    (mechanic burn_three_rest_of_game; off: only while such a legend of his is in play)."""
    if not (eng.state.player_data.get(player) or {}).get(BURN_ALL_THREE):
        return 2
    if _raised_by_legend_in_play(eng, player):
        return 3
    if eng.on("burn_three_rest_of_game"):
        eng.fire("burn_three_rest_of_game")  # traced where the legend has left play: the rule decides
        return 3
    return 2


def victory(eng) -> bool:
    """State check: a player whose opponent has as many burning sections as he must burn wins the game
    (logged ``game_won``, state ``game_over``): the game ends there (engine.end_game: nothing more
    resolves, later scripted actions are refused)."""
    if eng.game_over:
        return False
    for p in eng.turn_order():
        burning = sum(1 for o in eng.zone_objs(eng.state.opponent(p), "capital") if "burning" in o.flags)
        if burning >= 2 and burning >= sections_to_burn(eng, p):
            eng.end_game(p)
            eng.log("game_won", player=p, sections=burning)
            return True
    return False


def _listed_decks(eng) -> list[str]:
    """The players whose deck the fixture lists (replay memory "whi.capital")."""
    return eng.memory("whi.capital", {"decks": []})["decks"]


def deck_out(eng) -> bool:
    """State check: a player with no cards in his deck loses the game, his opponent wins (logged
    ``game_lost`` and ``game_won``, state ``game_over``), whatever number of sections he must burn
    (keyword:for-the-rest-of-the-game: a raised number "does not prevent a player from losing the game if
    that player has no cards in his deck"). Only a deck the fixture lists counts: a state that names no
    deck for a player does not say his deck is empty, it leaves the deck out of the scenario."""
    if eng.game_over:
        return False
    for p in _listed_decks(eng):
        if not eng.zone_objs(p, "deck") and eng.applies("empty_deck_loses"):
            winner = eng.state.opponent(p)
            eng.end_game(winner)
            eng.log("game_lost", player=p, reason="no cards in his deck")
            eng.log("game_won", player=winner, reason="his opponent has no cards in his deck")
            return True
    return False


def excess_to_zone(eng, total: dict[int, int]) -> None:
    """Combat damage beyond what burns a capital section: dealt in full (its excess has no effect)."""
    for k in list(total):
        o = eng.state.objects.get(k)  # None: a card assigned damage that has left play since
        if o is not None and o.card.type == "capital" and total[k] > CAPITAL_HP - o.damage:
            if not eng.applies("excess_zone_damage_dealt"):
                total[k] = max(0, CAPITAL_HP - o.damage)


def _capital_race(player: str, race) -> str | None:
    """The capital's race a scenario gives (``capital: {race: orc}``), in the spelling cards' factions are
    compared in (common.race_name: 'high-elf' is 'high elf')."""
    if race is not None and not isinstance(race, str):
        raise BadInputError(f"{player}.capital.race must be the name of a race, e.g. race: high elf, not {race!r}")
    return race_name(race)


def _shares_capital_race(eng, obj) -> bool:
    """Does this card share the racial affiliation of its controller's capital?"""
    if obj is None or not hasattr(obj, "controller"):
        return False
    cap = eng.obj(f"{obj.controller} capital kingdom")
    race = cap.memory.get("race") if cap is not None else None
    if race is None:
        return False
    if faction_of(obj) == race:
        return True
    # "Cards with Trait Skaven, Undead, Lizardmen and Wood Elf share racial affilation of their RESPECTIVE
    # capitals": each trait the capital of its own name (the Undead and Wood Elf capital boards, FAQ), not any
    # capital -- a Skaven unit does not share an Empire capital's affiliation (blind round 45)
    traits = eng.obj_attr(obj, "traits") or []
    if any(t in traits and race_name(t) == race for t in SHARED_RACE_TRAITS):
        if eng.applies("racial_affiliation_traits"):
            return True
    return False


# -- a burning zone still functions (faq: use abilities, draw cards, get resources) ------------------

def zone_functions(eng, player: str, zone: str) -> bool:
    """Does ``player``'s ``zone`` function (its power counts for resources and the quest draw, the Actions of
    its cards may be used)? Always when not burning; when burning, because the rule says it still functions
    (traced then: burning_zone_functions). Off: a burning zone contributes nothing."""
    section = eng.obj(f"{player} capital {zone}")
    if section is None or "burning" not in section.flags:
        return True
    return eng.applies("burning_zone_functions")


def why_burning_zone(eng, obj, ability) -> str | None:
    """Why an Action of a card in a burning zone can't be used (only with the rule off), or None."""
    if ability.kind != "action" or obj.zone not in SECTIONS or not eng.is_in_play(obj):
        return None
    if zone_functions(eng, obj.side, obj.zone):
        return None
    return f"{obj.label} is in a burning zone"
