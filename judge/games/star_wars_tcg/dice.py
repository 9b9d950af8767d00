"""Dice: hits (4+), rerolls and the chance to reroll (triggered rerolls first, then the Dark Side
first 'play or pass' with Lucky), damage dice of abilities."""
from __future__ import annotations

from functools import partial

from .damage import do_damage
from .keywords import has_keyword, keyword_value
from .memory import memory
from .timing import (chance_plays, chance_refusing_text, close_chance, hold_triggers, open_chance, play_in_chance,
                     release)


HIT = 4  # a die showing 4 or more (after bonuses) is a hit


def _reroll(eng, roll: dict, positions: list[int], player: str | None) -> None:
    for i in positions:
        old = roll["dice"][i]
        new = eng.roll()
        roll["dice"][i] = new
        eng.log("die_rerolled", player=player, position=i + 1, old=old, new=new)


def pick_dice(eng, player: str | None, n: int, k: int, what: str, among: list[int] | None = None,
              refusing_text: str | None = None) -> list[int]:
    """The player picks k of the n dice, one at a time: their positions (0-based). ``among``: the positions
    the card's text lets him pick from ('one of those dice'; a pick outside is refused by ``refusing_text``)."""
    positions: list[int] = []
    # a die the text leaves out ('one of those dice') named by a {try: ..} is refused by that text
    out = [f"die {i + 1}" for i in range(n) if among is not None and i not in among]
    for _ in range(k):
        opts = [f"die {i + 1}" for i in range(n) if i not in positions and (among is None or i in among)]
        if not opts:
            break
        positions.append(int(eng.decide(player, "pick", opts, what, refusing_text=refusing_text,
                                        left_out=out).split()[1]) - 1)
    return positions


def count_hits(dice: list[int], accuracy: int = 0) -> int:
    return sum(1 for d in dice if d + accuracy >= HIT)


def _lucky_choice(eng, atk, player: str, unit, side: str) -> bool:
    """Use one Lucky effect: reroll exactly X dice (X capped by the attacker's power)."""
    eng.fire("lucky")
    x = keyword_value(eng, unit, "lucky")
    n = len(atk["dice"])
    if x > n:
        if not eng.on("lucky_capped_by_power"):
            eng.log("choice_rejected", player=player, choice=unit.label,
                    reason=f"Lucky {x} needs {x} dice to reroll, only {n} were rolled")
            return False
        eng.fire("lucky_capped_by_power")
        x = n
    if eng.on("lucky_reroll_exact"):
        if x < n:
            eng.fire("lucky_reroll_exact")
            positions = pick_dice(eng, player, n, x, f"which die {unit.label}'s Lucky rerolls")
        else:
            if any((d + atk["accuracy"] >= HIT) == (side == "attacker") for d in atk["dice"]):
                eng.fire("lucky_reroll_exact")
            positions = list(range(n))
    else:
        wanted = [i for i, d in enumerate(atk["dice"]) if (d + atk["accuracy"] >= HIT) != (side == "attacker")]
        positions = wanted[:x]
    eng.log("lucky_used", player=player, card=unit.label, value=x, rerolls=len(positions))
    _reroll(eng, atk, positions, player)
    eng.emit([{"type": "dice_rerolled", "obj": unit, "player": player, "count": len(positions),
               "dice": [p + 1 for p in positions], "attack": True}])
    return True


def reroll_chance(eng, roll: dict, atk: dict | None) -> None:
    """A chance to reroll dice: triggered reroll abilities first, then (for attack dice) the
    'play or pass' chance; other triggered abilities are held until it is over."""
    sw = memory(eng)
    prev_roll = sw["roll"]
    sw["roll"] = roll
    before = open_chance(eng, "reroll")
    try:
        # ablated: triggered rerolls wait until the play-or-pass chance is over
        if eng.on("triggered_rerolls_first") and release(eng, "reroll"):
            eng.fire("triggered_rerolls_first")
        if atk is not None:
            _play_or_pass_rerolls(eng, atk)
        elif eng.on("chances_mid_effect"):
            # abilities-and-battle-cards-with-multiple-2: an ability that rolls dice (dice of damage)
            # has its chance to reroll them too -- Battle cards and activated abilities that reroll
            # dice, not Lucky ('for attack dice') nor those that reroll attack dice only
            _play_or_pass_rerolls(eng, None)
        release(eng, "reroll")
    finally:
        sw["roll"] = prev_roll
        close_chance(eng, before)


def _lucky_refusing(eng, player: str, labels: list, atk: dict | None) -> str | None:
    """The rule that keeps the card the player tries next out of the chance's Lucky options: the
    Lucky mechanic (faq:reroll-dice: a static effect the player of the attacking or defending unit
    "can choose whether to use" in the chance to reroll attack dice -- used, it is not there to use
    again: its example's "any unused Lucky effects are lost for that attack"), for a card in play
    with Lucky that is not offered: used already in this chance, another unit's, the other player's,
    or dice that are not attack dice. None for anything else (a Battle card not offered, a typo)."""
    nxt = eng.next_choice(player)
    tried = eng.obj(nxt[0]) if nxt and isinstance(nxt[0], str) else None
    if (tried is None or tried.label in labels or not eng.is_in_play(tried)
            or not has_keyword(eng, tried, "lucky")):
        return None
    return "lucky"


def _play_or_pass_rerolls(eng, atk: dict | None) -> None:
    """The reroll 'play or pass' chance: Dark Side first; ends when both pass in a row. Each player
    may use Lucky (an attacking or defending unit's, once: attack dice only, ``atk``) or play a
    Battle card or an activated ability that rerolls dice."""
    order = list(eng.game.players)
    dark_first = eng.on("reroll_dark_first")
    if not dark_first:
        order.reverse()
    used: set[int] = set()
    abilities_used: set = set()  # activated abilities used in this chance (once each)
    passes, turn = 0, 0
    while passes < 2:
        player = order[turn % 2]
        turn += 1
        units = []
        for key, side in (("attacker", "attacker"), ("defender", "defender")) if atk else ():
            u = eng.state.objects.get(atk[key])
            if (u is not None and u.controller == player and u.oid not in used and has_keyword(eng, u, "lucky")
                    and eng.on("lucky")):
                units.append((u, side))
        # Battle cards and activated abilities that reroll dice, before or after Lucky (faq:reroll-dice:
        # "a chance to play dice reroll abilities"; its example: "Battle cards ... can also be played
        # during the dice reroll play or pass sequence"). Switched off, Lucky is the only option.
        cards = chance_plays(eng, player, "reroll", abilities_used) if (
            atk is None or eng.on("reroll_cards_in_chance")) else {}
        if not units and not cards:
            passes += 1
            continue
        labels = [u.label for u, _ in units]
        if dark_first:
            eng.fire("reroll_dark_first")
        pick = eng.decide(player, "pick", labels + list(cards) + ["pass"],
                          "a reroll effect to play (or pass)", forced_single=False,
                          refusing=_lucky_refusing(eng, player, labels, atk),
                          refusing_text=partial(chance_refusing_text, eng, player, "reroll", abilities_used))
        if pick == "pass":
            eng.log("passed", player=player, chance="reroll")
            passes += 1
            continue
        if pick not in labels:
            eng.fire("reroll_cards_in_chance" if atk else "chances_mid_effect")
            play_in_chance(eng, player, cards[pick], used=abilities_used)
            passes = 0
            hold_triggers(eng)
            release(eng, "reroll")
            continue
        unit, side = units[labels.index(pick)]
        used.add(unit.oid)
        if _lucky_choice(eng, atk, player, unit, side):
            passes = 0
            hold_triggers(eng)
            release(eng, "reroll")
        else:
            passes += 1


def step_reroll(eng, st, b) -> bool:
    """{reroll: all | N}: reroll the dice being rolled (only during a chance to reroll dice);
    ``attack: true``: attack dice only ('Reroll one attack die'); ``of: EXPR``: only among the dice EXPR
    numbers (1-based: 'reroll one of those dice' -- ``of: event.dice``, the dice a reroll event rerolled)."""
    sw = memory(eng)
    roll = sw["roll"]
    if (sw["chance"] != "reroll" or not roll or not roll.get("dice")
            or st.get("attack") and "attacker" not in roll):  # 'reroll one attack die': none here
        eng.log("nothing_to_reroll", source=getattr(b.get("this"), "label", None))
        return False
    n = len(roll["dice"])
    among = None
    if st.get("of") is not None:  # 'one of those dice': the dice the text names, still in this roll
        among = [int(d) - 1 for d in (eng.eval(st["of"], b) or []) if 1 <= int(d) <= n]
        if not among:
            eng.log("nothing_to_reroll", source=getattr(b.get("this"), "label", None))
            return False
    want = st["reroll"]
    if want == "all":
        positions = list(range(n)) if among is None else among
    else:
        k = min(n if among is None else len(among), int(eng.eval(want, b)))
        positions = pick_dice(eng, b.get("you"), n, k, "which die to reroll", among,
                              refusing_text=eng.card_name(b.get("this")) if among is not None else None)
    _reroll(eng, roll, positions, b.get("you"))
    # a triggered (or played) reroll rerolls the dice as Lucky does: "when you / an opponent reroll(s)
    # attack dice" abilities trigger on it too (Jar Jar's reroll answered by the Jamming Droid)
    src = b.get("this")
    eng.emit([{"type": "dice_rerolled", "obj": src if hasattr(src, "oid") else None, "player": b.get("you"),
               "count": len(positions), "dice": [p + 1 for p in positions], "attack": "attacker" in roll}])
    return True


def step_dice_damage(eng, st, b) -> bool:
    """{dice_damage: REF, dice: N}: roll N dice (a chance to reroll them), each 4+ is a hit, then the
    hits are done as damage (with the chance to prevent it)."""
    objs = eng.resolve_ref(st["dice_damage"], b)
    if not objs:
        return False
    n = int(eng.eval(st.get("dice", 1), b))
    roll = {"dice": [eng.roll() for _ in range(n)], "accuracy": 0}
    eng.log("damage_dice", dice=list(roll["dice"]), source=getattr(b.get("this"), "label", None))
    reroll_chance(eng, roll, None)
    hits = count_hits(roll["dice"])
    src = b.get("this") if hasattr(b.get("this"), "oid") else None
    do_damage(eng, src, objs[0], hits, attack=False)
    return True


def register(game) -> None:
    game.steps.update({"reroll": step_reroll, "dice_damage": step_dice_damage})
