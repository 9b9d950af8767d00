"""Game-agnostic rules engine (see GUIDE.md in this folder).

Architecture, in reading order:

* ``state.py`` -- plain data: Obj, Effect, ChainItem, Pending, Step, State (incl. ``memory``, the
  games' memory by namespace).
* ``cards.py`` / ``expr.py`` / ``yamlload.py`` -- cards.yaml, the safe expression language, YAML
  with line numbers.
* ``rules.py`` (CORE_MECHANICS, Registry: mechanic key -> rule ids) and ``bindings.py`` (a game's
  rules.yaml, checks, where each key is implemented).
* ``hooks.py`` -- the one contract between the engine and a game: each hook and its combining rule.
  ``game.py`` -- GameModule (a game's configuration and own hooks), ``get_game``.
* ``engine.py`` -- ``Engine``, composed of one part per concept: zones, characteristics (continuous
  modifiers), choices, events, replacement, triggers, targets, steps (the one verb registry) with
  verbs and effects, damage, chain; ``context.py`` reads expressions (the one function registry).

Dependencies point one way: games import the engine; the engine never imports a game or
``game.py`` (only for type hints).
"""
from judge.engine.engine import Engine, Step
from judge.engine.game import GameModule, get_game, known_games
from judge.engine.rules import CORE_MECHANICS, Registry
from judge.engine.state import ReplayError

__all__ = ["Engine", "Step", "GameModule", "get_game", "known_games", "CORE_MECHANICS", "Registry", "ReplayError"]
