"""Vs. System: a pick outside the options a card's own words describe ('discards a card', 'KO a character
you control with a team affiliation other than X-Statix', 'choose any number of Underworld character cards
in your KO'd pile ...') is refused by that card's text (choice_rejected's refused_by_text), as the core
`choose` step's is; no rule is named. A malformed answer (a card named twice) is refused by nothing."""
from __future__ import annotations

from .test_vs_system import events, make


def rejected(eng):
    return [(e["choice"], e.get("refused_by_text"), e.get("rejected_by")) for e in events(eng, "choice_rejected")]


def test_discard_of_a_card_not_in_hand_is_refused_by_the_text_that_discards():
    # Gravesite's 'each player draws a card, then discards a card': a card still in the deck is no option
    eng = make(A_resource=["Gravesite"], A_hand=["Henchman"], A_deck=["Lilith"])
    eng.choices["A"] = [{"try": "Lilith"}, "Henchman"]
    assert eng.run_steps([{"discard_card": 1}], {"you": "A", "this": eng.obj("Gravesite")})
    assert rejected(eng) == [("Lilith", "Gravesite", None)]
    assert eng.obj("Henchman").zone == "kod" and eng.obj("Lilith").zone == "deck"


def test_discard_with_no_source_card_names_nothing():
    eng = make(A_hand=["Henchman", "Carrion"], A_deck=["Lilith"])
    eng.choices["A"] = [{"try": "Lilith"}, "Henchman"]
    assert eng.run_steps([{"discard_card": 1}], {"you": "A"})
    assert rejected(eng) == [("Lilith", None, None)]


def test_ko_of_a_character_its_filter_leaves_out_is_refused_by_that_text():
    # Never Give Up!: 'KO a character you control with a team affiliation other than X-Statix'
    eng = make(A_hand=["Never Give Up!"], A_visible=["Gin Genie", "Henchman", "Syndicate Thug"])
    eng.choices["A"] = [{"try": "Gin Genie"}, "Henchman"]
    step = {"ko_one": "it.type == 'character' and it.controller == you and it.traits != ['X-Statix']"}
    assert eng.run_steps([step], {"you": "A", "this": eng.obj("Never Give Up!")})
    assert rejected(eng) == [("Gin Genie", "Never Give Up!", None)]
    assert eng.obj("Henchman").zone == "kod" and eng.obj("Gin Genie").zone == "visible"


def test_any_number_naming_a_card_outside_the_text_is_refused_by_it():
    # Dr. Strange's 'move any number of characters you control': the opponent's character is no option
    eng = make(A_visible=["Dr. Strange", "Henchman"], B_visible=["Shang Chi"])
    eng.choices["A"] = [{"try": ["Henchman", "Shang Chi"]}, ["Henchman"]]
    b = {"you": "A", "this": eng.obj("Dr. Strange")}
    assert eng.run_steps([{"choose_any": {"filter": "it.type == 'character' and it.controller == you"},
                           "as": "picked"}], b)
    assert rejected(eng) == [("['Henchman', 'Shang Chi']", "Dr. Strange, Stephen Strange", None)]
    assert [o.label for o in b["picked"]] == ["Henchman"]


def test_any_number_naming_a_card_twice_is_malformed_not_refused_by_the_text():
    eng = make(A_visible=["Dr. Strange", "Henchman"])
    eng.choices["A"] = [{"try": ["Henchman", "Henchman"]}, ["Henchman"]]
    assert eng.run_steps([{"choose_any": {"filter": "it.type == 'character' and it.controller == you"},
                           "as": "picked"}], {"you": "A", "this": eng.obj("Dr. Strange")})
    assert rejected(eng) == [("['Henchman', 'Henchman']", None, None)]


def test_put_any_number_from_kod_outside_its_filter_is_refused_by_the_text():
    eng = make(A_hand=["Witching Hour"], A_kod=["Werewolf by Night", "Shang Chi"], A_deck=["Henchman"])
    eng.choices["A"] = [{"try": ["Shang Chi"]}, ["Werewolf by Night"]]
    step = {"put": "any", "from": "kod", "filter": "'Underworld' in it.traits", "to": "deck"}
    assert eng.run_steps([step], {"you": "A", "this": eng.obj("Witching Hour")})
    assert rejected(eng) == [("['Shang Chi']", "Witching Hour", None)]
    assert eng.obj("Werewolf by Night").zone == "deck" and eng.obj("Shang Chi").zone == "kod"


def test_reveal_of_a_card_its_filter_leaves_out_is_refused_by_the_text():
    # Lilith's cost 'reveal an Underworld character card from your hand'
    eng = make(A_visible=["Lilith"], A_hand=["Reaper", "Shang Chi"])
    eng.choices["A"] = [{"try": "Shang Chi"}, "Reaper"]
    step = {"reveal": "it.type == 'character' and 'Underworld' in it.traits"}
    assert eng.run_steps([step], {"you": "A", "this": eng.obj("Lilith")})
    assert rejected(eng) == [("Shang Chi", "Lilith, Daughter of Dracula", None)]


def test_search_for_a_card_its_filter_leaves_out_is_refused_by_the_text():
    eng = make(A_hand=["Witching Hour"], A_deck=["Reaper", "Werewolf by Night", "Shang Chi"])
    eng.choices["A"] = [{"try": "Shang Chi"}, "Reaper"]
    step = {"search": "deck", "filter": "'Underworld' in it.traits"}
    assert eng.run_steps([step], {"you": "A", "this": eng.obj("Witching Hour")})
    assert rejected(eng) == [("Shang Chi", "Witching Hour", None)]
    assert eng.obj("Reaper").zone == "hand"


def test_put_n_from_hand_outside_its_filter_is_refused_by_the_text():
    eng = make(A_hand=["Witching Hour", "Reaper", "Werewolf by Night", "Shang Chi"])
    eng.choices["A"] = [{"try": "Shang Chi"}, "Reaper"]
    step = {"put": 1, "from": "hand", "filter": "'Underworld' in it.traits", "to": "kod"}
    assert eng.run_steps([step], {"you": "A", "this": eng.obj("Witching Hour")})
    assert rejected(eng) == [("Shang Chi", "Witching Hour", None)]
    assert eng.obj("Reaper").zone == "kod"
