"""Game-agnostic rules engine: state, objects, events, chain, triggers, continuous modifiers,
replacement, targets, damage, rule registry and trace. See GUIDE.md in this folder."""
from judge.engine.engine import Engine, Step
from judge.engine.game import GameModule, get_game, known_games
from judge.engine.rules import CORE_MECHANICS, Registry
from judge.engine.state import ReplayError

__all__ = ["Engine", "Step", "GameModule", "get_game", "known_games", "CORE_MECHANICS", "Registry", "ReplayError"]
