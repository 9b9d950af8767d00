"""The games: one package per game, ``judge/games/<id with _>/`` (a one-file ``<id>.py`` still
loads while games move to packages). A package's ``__init__.py`` defines ``GAME`` (a
judge.engine.game.GameModule subclass) and ``MODULES`` (its mechanic modules, named by mechanic,
in the order they take part in hooks: judge/engine/hooks.py); ``rules.yaml`` binds its mechanic
keys to rule ids (judge/engine/bindings.py). Found by ``judge.engine.game.get_game(id)``; see
judge/engine/GUIDE.md section 2."""
