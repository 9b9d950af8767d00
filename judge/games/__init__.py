"""Game modules for the rules engine: one module per game, ``judge/games/<id with _>.py``,
each defining ``GAME`` (a judge.engine.game.GameModule subclass). Found by
``judge.engine.game.get_game(id)``; see judge/engine/GUIDE.md."""
