"""Could a leave verb be done (a cost, 'may', 'or')? By default when it names something; a game's own
``can:VERB`` check, when it registers one, decides instead (Warhammer: a sacrifice cost needs a card the
player controls) -- before, the default silently overrode it and an unpayable sacrifice cost was accepted."""
from __future__ import annotations

from judge.engine.engine import Engine
from tests.engine.test_mechanics import Tiny, pool  # noqa: F401 - the module's card pool fixture


class Picky(Tiny):
    """Tiny, with a game check on its leave verb: only the player's own units can be destroyed."""
    id = "tiny-picky"

    def register_handlers(self) -> None:
        self.steps["can:destroy"] = lambda eng, st, b: any(
            o.controller == b["you"] for o in eng.resolve_ref(st["destroy"], b))


def _can_destroy(game, pool, side: str) -> bool:  # noqa: F811
    eng = Engine(game, pool, ())
    eng.create(pool.get("Grunt"), "Grunt", owner=side, side=side, zone="play")
    eng.begin_step(1, "test")
    return eng.can_do({"destroy": "Grunt"}, eng.bindings_for(None, "A"))


def test_a_leave_verb_names_something_by_default(pool):  # noqa: F811
    assert _can_destroy(Tiny(), pool, "B") and _can_destroy(Tiny(), pool, "A")


def test_the_games_own_check_decides_when_it_has_one(pool):  # noqa: F811
    assert _can_destroy(Picky(), pool, "A")
    assert not _can_destroy(Picky(), pool, "B")
