"""What a new user met in `judge ask` (NEWUSER44): a bare 'The engine confirmed: Yes.' answered the scenario's
question, not the user's; a question naming 'hatalom' alone went to another game. Fast: no model."""
from __future__ import annotations

from judge.search.lexical import game_aliases
from judge.verdicts import Marks, one_line, question_line


def test_a_bare_yes_or_no_takes_its_next_sentence():
    assert one_line("Yes. During his recruit step he may recruit it. More.") == \
        "Yes. During his recruit step he may recruit it."
    assert one_line("No. It cannot attack.") == "No. It cannot attack."
    # a first sentence of more than two words stands alone, as before
    assert one_line("Yes, a burning zone can be attacked. More.") == "Yes, a burning zone can be attacked."
    assert one_line("Lucky stacks: the Podracer has Lucky 3. More.") == "Lucky stacks: the Podracer has Lucky 3."
    assert one_line("Yes.") == "Yes."


def test_the_question_line_is_the_sentence_that_asks_with_the_scene_that_fits():
    q = ("Player A plays Witching Hour and chooses Werewolf by Night in his KO'd pile. Can he recruit it "
         "this turn? Explain.")
    assert question_line(q) == ("Player A plays Witching Hour and chooses Werewolf by Night in his KO'd pile. "
                                "Can he recruit it this turn?")
    assert question_line(q, limit=40) == "Can he recruit it this turn?"  # the scene does not fit: the asking
    assert question_line("Does the Pilot untap?") == "Does the Pilot untap?"
    assert question_line("A unit attacks. Nothing asks.") == "A unit attacks."  # no '?': the first sentence
    assert question_line("Why? " + "x" * 300 + "?", limit=50).startswith("…")


def test_the_confirmed_line_carries_the_question_it_answers():
    marks = Marks({"rulings/g/a/x.ruling.yaml": {
        "ruling": "g:faq:x", "cites": [], "passed": True, "variant": False, "texts": {},
        "question": "B controls two units. Can A attack the zone?", "answer": "Yes. The zone is not burning."}})
    v = marks.verified("g:faq:x", lambda _i: None)
    assert v["confirmed"] == "Yes. The zone is not burning."
    assert v["question"] == "B controls two units. Can A attack the zone?"


def test_a_long_first_word_of_a_games_name_names_it():
    assert "hatalom" in game_aliases("hatalom-kartyai", "Hatalom Kártyái (M.A.G.U.S. card game)")
    assert "warhammer" in game_aliases("warhammer-invasion", "Warhammer: Invasion LCG")
    # a generic or short first word does not name a game alone
    assert "star" not in game_aliases("star-wars-tcg", "Star Wars Trading Card Game")
    assert "trading" not in game_aliases("x", "Trading Card Duel")
    assert game_aliases("huntik", "Huntik: Secrets & Seekers TCG") == ["huntik"]


def test_a_question_naming_hatalom_searches_hatalom(searcher):
    # the real index and model: 'in hatalom' was one English word among others and the question went to
    # Warhammer's instants; naming the game now searches it, as 'in vs system' already did
    hits = searcher.ask("when can I play an instant spell in hatalom", k=3).hits
    assert {h.record["game"] for h in hits} == {"hatalom-kartyai"}
    assert hits[0].record["id"] == "hatalom-kartyai:8.5.1"
    # without the name, an English question about instants is not taken for Hatalom
    assert searcher.ask("when can I play an instant spell", k=1).hits[0].record["game"] != "hatalom-kartyai"
