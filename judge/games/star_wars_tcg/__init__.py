"""Star Wars Trading Card Game: arenas, attacks with scripted dice, reroll and damage-prevention
chances, held triggered abilities, Lucky / Accuracy / Critical Hit / Stun / Deflect / Evade /
Intercept / Retaliate / Overload / Overkill / Bounty / Upkeep, pilots (build step, retreat, ready
phase, unique stacks), and Dark Side first for waiting triggered abilities.

Every mechanic is bound to the entry of rules_corpus/star-wars-tcg/ability-rulings-blog.txt that
states it (see ``rules.yaml``). Card behaviour comes from cards.yaml: keywords are strings such as
``"lucky 2"``, ``"intercept"``, ``"upkeep 1"``, ``"bounty 3"``, ``"overload 2 1"`` or ``"can't attack"``.
The keyword Overload X Y is the triggered ability its definition spells out ("When this unit attacks,
you may give it +X power ..."): attack.observe makes it trigger when the unit attacks; a card that
prints that ability in full writes it as a trigger of its own; either way its effect is the step
``overload`` (keyword:overload, attack.py).

Step verbs (general vocabulary of the game's card text, whatever card uses them): ``damage``
("does N damage"), ``dice_damage`` ("does N dice of damage", as Retaliate does: a chance to reroll them first),
``reroll`` (``attack: true``: attack dice only),
``prevent`` ("prevent N damage"), ``discard_card`` ("discard a card": from the hand), ``upkeep``,
``still`` (a triggered ability's "if", looked at again as it takes effect), ``overload`` (+X power
for the attack, Y damage to itself when it ends), and the core ones
(``exhaust`` = tap, ``return_to_hand`` ...). No card script. Expression functions: ``piloted(it)``,
``is_unit(it)``, ``is_pilot(it)`` ('a Pilot': a Character with a Pilot ability, on a unit or not),
``keyword(it, NAME)``, ``in_chance(KIND)`` (a chance to reroll dice / prevent damage is under way: the
condition of a card that says "(Play during a chance to ...)").

Attack sequence (the ``attack`` fixture verb), as far as the rulings need it:
  1. declare (attacker taps), ``attacks`` event; triggered abilities settle (Overload among them);
  2. the defending player's chance to use Intercept and Retaliate (each unit's once per attack);
  3. roll attack dice (one per power), ``attack_dice_rolled`` event;
  4. the chance to reroll dice: triggered reroll abilities, then "play or pass" (Dark Side first:
     Lucky, Battle cards and activated abilities that reroll dice -- each ability once); other
     triggered abilities are held until the chance is over;
  5. hits (die + Accuracy >= 4) and Critical Hit (natural sixes); Overkill divides excess hits;
  6. the chance to prevent damage for each damaged unit (Evade, Deflect, prevention triggers, and
     its player's Battle cards and activated abilities that prevent damage to it);
  7. damage is done (Stun: by and on units only, not a Pilot on a unit); Bounty is earned when the
     attack's damage discarded a unit (the defender or Overkill's other unit);
  8. the attack ends: Retaliate (each Retaliate ability of a unit used and paid on its own),
     Overload self-damage, "for this attack" bonuses expire.

Triggered abilities (``order_pending`` / ``state_checks`` / ``triggers_held``): a triggered ability whose steps reroll
dice (``reroll``) or prevent damage (``prevent``) is held until the next chance of that kind and
is not held during it; any other one waits while an ability or Battle card takes effect and
during chances to reroll or prevent (also where the core settles in the middle of one: a Battle
card played in the chance, ``triggers_held``). One that triggers while waiting abilities take effect joins
those still waiting (the core's pool, ``Engine.pool_joined``: in ``settle`` and in a chance's
release alike, timing._resolve_now).

Architecture: ``StarWarsTCG`` (below) holds the configuration; each mechanic is a module of this
package that takes part in the engine's hooks (judge/engine/hooks.py) by defining functions of
the hooks' names, in ``MODULES`` order, and adds its fixture verbs, effect steps and expression
functions in ``register(game)``:

    rules.yaml   mechanic key -> entry id of the rulings blog
    activated.py which cards have activated abilities (units only, not a Battle card's arrow)
    keywords.py  "Keyword X" values (stacked instances add up)
    memory.py    what the rules remember during a replay (engine.memory)
    timing.py    held triggered abilities, chances (and the Battle cards / activated
                 abilities played in them), effect depth, 'if' looked at again, Dark Side first
    build_zone.py  abilities of cards in the build zone (partially built)
    pilots.py    Pilots on units: setup, build step, their Pilot text (pilots-4) and 'this unit'
                 abilities (piloting-units-7), not_a_unit (piloting-units-1), state checks
    pilot_verbs.py  the retreat step, rearranging a unique Pilot's stack
    attack.py    the attack verb: Overload, Accuracy, Critical Hit, Overkill, Bounty, the end
    defense.py   Intercept and Retaliate
    dice.py      hits, rerolls, Lucky, the chance to reroll, damage dice
    damage.py    the chance to prevent damage (Evade, Deflect), damage, Stun
    upkeep.py    Upkeep and Bounty at the start of the build step
    costs.py     'Discard a card', paying Force, the cost before an activated ability's arrow (cost_steps)
                 and before an activated keyword's (arrow_steps: Force, Tap, Discard a card)
    phases.py    the begin / end verbs (ready phase, build step)
"""
from __future__ import annotations

from judge.engine.game import GameModule

from .pilots import ARENAS

G = "star-wars-tcg"
#: the mechanic modules, in the order they take part in hooks: only units have activated abilities,
#: then a Pilot's 'this unit' check, before the attack check (can_use); Pilot state checks run before held triggers are looked at
MODULES = ("activated", "pilots", "pilot_verbs", "keywords", "damage", "attack", "dice", "timing", "build_zone", "upkeep", "costs", "phases")


class StarWarsTCG(GameModule):
    id = G
    name = "Star Wars Trading Card Game"
    players = ("dark", "light")
    zones = ("deck", "hand", "discard", "build", "space", "ground", "character", "stacked", "stack")
    play_zones = ARENAS
    hidden_zones = ("deck", "hand")
    permanent_types = ARENAS
    damageable_types = ARENAS
    leave_verbs = {"discard": ("discard", "discard")}
    played_event_timing = "resolve"
    state_vars = {"active": "dark", "phase": "battle", "turn": 1}
    # the phases and steps, "setup" (before the first turn: no Pilot moves, pilots.py) and "end" (the
    # previous turn is over and the next ready phase not yet begun)
    state_phases = ("setup", "ready", "build", "retreat", "battle", "end")
    # "this attack", "until end of battle", of turn (attack.py, phases.py), each period inside the next: a
    # period that ends ends those inside it (phases.expire_through)
    durations = ("attack", "battle", "turn")
    player_fields = ("force",)
    object_flags = ("partial",)
    #: an ability used before an attack (a boost) takes effect before it, without a scripted pass
    resolve_chain_before_game_actions = True
    floor_zero = True
    #: 'Effects are cumulative' (ruling:abilities-2): power -2, -2 and +1 make -3 whatever order they came
    #: in; the floor at zero applies once, to the net (floor_on_net)
    floor_net = True
    floor_net_all = True
    #: triggered-abilities-3/-4: an ability that triggers joins the pool of those waiting, and all the Dark
    #: Side's waiting abilities take effect before the Light Side's -- those still waiting from a batch too
    pending_pool_reordered = True


GAME = StarWarsTCG
