"""Timestamps of Huntik modifiers that start to apply simultaneously (711.3)."""
from __future__ import annotations


def order_simultaneous_modifiers(engine, mods, matters):
    """711.3: modifiers that start to apply simultaneously: the lead player orders the
    timestamps of those he or she controls, all before the defending player's, who then
    orders his or hers. A player is asked only when the order changes something."""
    lead = engine.hooks.lead_player(engine)
    out = []
    for player in (lead, engine.state.opponent(lead)):
        own = [m for m in mods if m["controller"] == player]
        if len(own) > 1 and matters(own):
            labels = [getattr(m["src"], "label", None) or str(m["key"]) for m in own]
            memo_key = ("711.3", player, tuple(sorted(str(m["key"]) for m in own)))
            if memo_key in engine.memo:
                order = engine.memo[memo_key]
            elif engine.action_index is None or len(set(labels)) < len(labels):
                if engine.action_index is None:  # asked once the game is under way
                    engine.mark_provisional()
                order = labels
            else:
                order = engine.decide(player, "order", labels,
                                      "the order of the timestamps of your simultaneous modifiers")
                engine.memo[memo_key] = order
                engine.fire("simultaneous_modifier_order")
            own = [m for _, m in sorted(zip(labels, own), key=lambda lm: order.index(lm[0]))]
        out.extend(own)
    out.extend(m for m in mods if m not in out)
    return out


def state_checks(engine) -> bool:
    # continuous modifiers are in force at all times: evaluating them now makes players take
    # the decisions they need (711.3 timestamp order) as the game goes, not when read later
    engine.characteristics()
    return False
