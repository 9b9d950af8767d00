"""Warhammer: Invasion: a Forced Effect is an ability whose text says 'Forced:', whatever kind of ability its data
is written as ('Card effects is a game term that includes Actions, Forced Effects, Constant Effects, and
Keywords', clarification:card-effects). War Hydra's 'Forced: Each time this unit is assigned 1 damage, remove a
resource token ... to cancel that damage' is data of kind replacement: 'lose all Actions and Forced Effects'
(Eataine Harbour) must take it as it takes the triggered ones (triggered.replacement_candidates), and leave it
where the unit's zone has a development. The scenes are tests/engine/data/card-text/whi-eataine-harbour-*."""
from __future__ import annotations

import re

from judge.games.warhammer_invasion import triggered
from judge.scenarios.loader import card_pool, default_corpus

G = "warhammer-invasion"


def _versions():
    pool = card_pool(G, str(default_corpus()))
    for slug, versions in pool.versions.items():
        for ver, card in versions.items():
            yield pool.display.get(slug, slug), ver, card


def test_every_forced_text_has_a_forced_ability():
    """A card version whose text says 'Forced:' (and whose effect after it is modelled) has an ability marked
    `timing: forced` -- a trigger or any other kind -- so that losing the Forced Effects reaches it."""
    missing = []
    for name, ver, card in _versions():
        if not re.search(r"\bForced:", card.text or "") or not card.abilities:
            continue
        if not any(triggered._is_forced(ab) for ab in card.abilities):
            missing.append((name, ver))
    assert not missing, missing


def test_a_replacement_marked_forced_is_a_forced_effect():
    pool = card_pool(G, str(default_corpus()))
    hydra = pool.get("War Hydra", "errata")
    [ab] = [ab for ab in hydra.abilities if ab.kind == "replacement"]
    assert triggered._is_forced(ab) and triggered._is_forced(ab.data)


def test_an_action_is_no_forced_effect():
    # the Actions are lost by why_lost; an Action (timing a dict, or none) is not taken as a Forced Effect
    pool = card_pool(G, str(default_corpus()))
    for ab in pool.get("Mage of Loec", "errata").abilities:
        assert not triggered._is_forced(ab)
