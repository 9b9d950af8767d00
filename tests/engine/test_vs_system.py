"""Unit tests for the Vs. System game module's mechanics (independent of the ruling fixtures):
areas, concealed, proposed defenders and direct attacks, equipment, moving, control, team
attacks, 'while' bonuses, 'may ... for each', and loop detection."""
from __future__ import annotations

from functools import partial

import pytest

from judge.engine.engine import Engine
from judge.engine.game import get_game
from judge.engine.rules import rule_id
from judge.engine.state import ReplayError
from judge.scenarios.loader import card_pool, default_corpus

G = "vs-system"
rid = partial(rule_id, G)


def make(ablate=(), versions=None, phase=None, **zones):
    """Engine with cards placed: make(A_visible=["Shang Chi"], B_hidden=["Death-Stalker"]);
    a card may be "Name@Host" to be attached to Host. ``phase``: the phase it is in (the game's default,
    the build phase, without it; attacks are made in the combat phase, phase="combat")."""
    game = get_game(G)
    pool = card_pool(G, str(default_corpus()))
    eng = Engine(game, pool, set(ablate))
    if phase:
        eng.state.vars["phase"] = phase
    for p in game.players:
        eng.state.player_data[p] = {"endurance": 20}
    seen: dict[str, int] = {}
    attach = []
    for key, cards in zones.items():
        player, zone = key.split("_", 1)
        for name in cards:
            name, _, host = name.partition("@")
            seen[name] = seen.get(name, 0) + 1
            label = name if seen[name] == 1 else f"{name}#{seen[name]}"
            card = pool.get(name, (versions or {}).get(name))
            eng.create(card, label, owner=player, side=player, zone=zone)
            if host:
                attach.append((label, host))
    for label, host in attach:
        eng.obj(label).attached_to = eng.obj(host).oid
    eng.begin_step(1, "test")
    return eng


def act(eng, verb, player="A", **kw):
    kw[verb] = kw.pop("what", None) if "what" in kw else kw.get(verb)
    get_game(G).actions[verb](eng, player, kw)
    eng.settle()
    if eng.state.chain and all(i.pending is not None for i in eng.state.chain):
        eng.pass_until_empty()  # the players pass: the powers it triggered wait on the chain until then


def events(eng, name):
    return [e for e in eng.events if e["event"] == name]


# -- areas and concealed ----------------------------------------------------------------------

def test_concealed_character_comes_into_play_hidden():
    eng = make(A_hand=["Blackout", "Shang Chi"])
    act(eng, "recruit", what="Blackout")
    act(eng, "recruit", what="Shang Chi")
    assert eng.obj("Blackout").zone == "hidden"
    assert eng.obj("Shang Chi").zone == "visible"
    assert eng.obj_attr(eng.obj("Blackout"), "hidden") is True


def test_concealed_ablated_comes_into_play_visible():
    eng = make(ablate=[rid("707.9")], A_hand=["Blackout"])
    act(eng, "recruit", what="Blackout")
    assert eng.obj("Blackout").zone == "visible"


def test_moving_between_areas_keeps_identity():
    eng = make(A_visible=["Death-Stalker"])
    from judge.games.vs_system.moving import relocate
    before = eng.obj("Death-Stalker").oid
    relocate(eng, eng.obj("Death-Stalker"), "A", "hidden", "front")
    assert eng.obj("Death-Stalker").oid == before
    assert eng.obj("Death-Stalker").zone == "hidden"


def test_moving_between_areas_ablated_makes_new_object():
    eng = make(ablate=[rid("212.5a")], A_visible=["Death-Stalker"])
    from judge.games.vs_system.moving import relocate
    before = eng.obj("Death-Stalker").oid
    relocate(eng, eng.obj("Death-Stalker"), "A", "hidden", "front")
    assert eng.obj("Death-Stalker").oid != before


# -- attacking -----------------------------------------------------------------------------------

def test_hidden_character_cannot_be_proposed_as_defender():
    eng = make(phase="combat", A_visible=["Shang Chi"], B_hidden=["Death-Stalker"])
    with pytest.raises(ReplayError, match="hidden"):
        act(eng, "attack", what="Death-Stalker", **{"with": ["Shang Chi"]})


def test_hidden_defender_allowed_when_rule_ablated():
    eng = make(phase="combat", ablate=[rid("601.3e")], A_visible=["Shang Chi"], B_hidden=["Death-Stalker"])
    act(eng, "attack", what="Death-Stalker", **{"with": ["Shang Chi"]})
    assert "defending" in eng.obj("Death-Stalker").flags


def test_direct_attack_over_hidden_only_character():
    eng = make(phase="combat", A_visible=["Luke Cage"], B_hidden=["Death-Stalker"])
    act(eng, "attack", what="B", **{"with": ["Luke Cage"]})
    act(eng, "strike", what="attack")
    assert eng.state.player_data["B"]["endurance"] == 14


def test_direct_attack_blocked_by_visible_character():
    eng = make(phase="combat", A_visible=["Luke Cage"], B_visible=["Henchman"])
    with pytest.raises(ReplayError, match="visible"):
        act(eng, "attack", what="B", **{"with": ["Luke Cage"]})


def test_can_attack_hidden_attacker_cannot_attack_player_with_hidden_character():
    eng = make(phase="combat", A_visible=["Luke Cage"], B_hidden=["Death-Stalker"])
    eng.use("A", "Luke Cage", {})
    eng.resolve_chain()
    assert "can attack hidden characters" in eng.obj_attr(eng.obj("Luke Cage"), "keywords")
    with pytest.raises(ReplayError, match="no unstunned character"):
        act(eng, "attack", what="B", **{"with": ["Luke Cage"]})
    act(eng, "attack", what="Death-Stalker", **{"with": ["Luke Cage"]})
    assert "defending" in eng.obj("Death-Stalker").flags


def test_team_attack_defender_once_and_ablated_per_attacker():
    for ablate, times in (((), 1), ((rid("ruling:becomes-a-defender"),), 2)):
        eng = make(phase="combat", ablate=ablate, A_visible=["Henchman", "Henchman"], B_visible=["Carrion"])
        act(eng, "attack", what="Carrion", **{"with": ["Henchman", "Henchman#2"]})
        assert len([e for e in events(eng, "triggered") if e["source"] == "Carrion"]) == times
        assert eng.state.player_data["B"]["endurance"] == 20 + 2 * times


def test_while_bonus_applies_once_against_team():
    eng = make(phase="combat", A_visible=["Henchman", "Henchman"], B_visible=["Shang Chi"])
    assert eng.obj_attr(eng.obj("Shang Chi"), "atk") == 2
    act(eng, "attack", what="Shang Chi", **{"with": ["Henchman", "Henchman#2"]})
    assert eng.obj_attr(eng.obj("Shang Chi"), "atk") == 4  # a 'while' condition: met or not, never twice


def test_while_bonus_not_against_flight():
    eng = make(phase="combat", A_visible=["Lilith"], B_visible=["Shang Chi"])
    act(eng, "attack", what="Shang Chi", **{"with": ["Lilith"]})
    assert eng.obj_attr(eng.obj("Shang Chi"), "atk") == 2


# -- equipment -----------------------------------------------------------------------------------

def test_equipment_only_on_visible_character():
    eng = make(A_hidden=["Death-Stalker"], A_hand=["Power Gauntlet"])
    with pytest.raises(ReplayError, match="hidden"):
        act(eng, "recruit", what="Power Gauntlet", targets=["Death-Stalker"])
    eng2 = make(ablate=[rid("302.3a")], A_hidden=["Death-Stalker"], A_hand=["Power Gauntlet"])
    act(eng2, "recruit", what="Power Gauntlet", targets=["Death-Stalker"])
    eng2.resolve_chain()
    assert eng2.obj("Power Gauntlet").attached_to == eng2.obj("Death-Stalker").oid


def test_equipment_recruit_goes_on_the_chain():
    """302.3: recruited by the steps for playing effects -- on the chain until it resolves; the
    attachment is checked again then (302.3a). Switched off: attached at once."""
    eng = make(A_visible=["Henchman"], A_hand=["Power Gauntlet"])
    act(eng, "recruit", what="Power Gauntlet", targets=["Henchman"])
    assert eng.obj("Power Gauntlet").zone == "stack" and eng.obj("Power Gauntlet").attached_to is None
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Henchman").oid
    eng2 = make(A_visible=["Henchman"], A_hand=["Power Gauntlet"])
    act(eng2, "recruit", what="Power Gauntlet", targets=["Henchman"])
    eng2.obj("Henchman").flags.add("stunned")  # no longer a legal character to attach it to
    eng2.resolve_chain()
    assert eng2.obj("Power Gauntlet").attached_to is None and events(eng2, "attach_failed")
    eng4 = make(A_visible=["Henchman"], A_hand=["Power Gauntlet"])
    eng4.obj("Henchman").flags.add("untargetable")  # chosen with Untouchable: recruiting is not a plot
    eng4.obj("Henchman").memory["flag_turn"] = {"untargetable": eng4.state.vars.get("turn")}  # twist,
    act(eng4, "recruit", what="Power Gauntlet", targets=["Henchman"])  # payment or triggered effect
    eng4.resolve_chain()
    assert eng4.obj("Power Gauntlet").attached_to == eng4.obj("Henchman").oid
    eng3 = make(ablate=[rid("302.3")], A_visible=["Henchman"], A_hand=["Power Gauntlet"])
    act(eng3, "recruit", what="Power Gauntlet", targets=["Henchman"])
    assert eng3.obj("Power Gauntlet").attached_to == eng3.obj("Henchman").oid


def test_formation_positions_unique():
    """405.3: a swap is legal; a position another character took in this formation, or the dividing
    column, is refused; switched off, both are accepted."""
    from judge.games.vs_system.moving import position_text
    eng = make(A_visible=["Henchman", "Shang Chi"])
    eng.choices["A"] = ["visible front 2", {"try": "visible front 2"}, {"try": "column front"}, "visible front 1"]
    act(eng, "formation", what=True)
    assert [position_text(eng, eng.obj(x)) for x in ("Henchman", "Shang Chi")] == ["visible front 2",
                                                                                 "visible front 1"]
    assert len(events(eng, "choice_rejected")) == 2
    eng2 = make(ablate=[rid("405.3")], A_visible=["Henchman", "Shang Chi"])
    eng2.choices["A"] = ["visible front 2", "column front"]
    act(eng2, "formation", what=True)
    assert position_text(eng2, eng2.obj("Shang Chi")) == "column front"


def test_equipment_falls_off_when_character_changes_area():
    from judge.games.vs_system.moving import relocate
    eng = make(A_visible=["Death-Stalker", "Power Gauntlet@Death-Stalker"])
    relocate(eng, eng.obj("Death-Stalker"), "A", "hidden", "front")
    assert eng.obj("Power Gauntlet").zone == "kod"
    eng2 = make(ablate=[rid("302.9")], A_visible=["Death-Stalker", "Power Gauntlet@Death-Stalker"])
    relocate(eng2, eng2.obj("Death-Stalker"), "A", "hidden", "front")
    assert eng2.obj("Power Gauntlet").attached_to == eng2.obj("Death-Stalker").oid


def test_equipment_stays_when_moving_within_area():
    from judge.games.vs_system.moving import relocate
    eng = make(A_visible=["Death-Stalker", "Power Gauntlet@Death-Stalker"])
    relocate(eng, eng.obj("Death-Stalker"), "A", "visible", "support")
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Death-Stalker").oid


def test_no_transfer_across_areas():
    eng = make(A_hidden=["Death-Stalker", "Power Gauntlet@Death-Stalker"], A_visible=["Henchman"])
    eng.use("A", "Power Gauntlet", {"targets": ["Henchman"]})
    eng.resolve_chain()
    assert eng.obj("Power Gauntlet").attached_to == eng.obj("Death-Stalker").oid
    eng2 = make(ablate=[rid("512.4")], A_hidden=["Death-Stalker", "Power Gauntlet@Death-Stalker"],
                A_visible=["Henchman"])
    eng2.use("A", "Power Gauntlet", {"targets": ["Henchman"]})
    eng2.resolve_chain()
    assert eng2.obj("Power Gauntlet").attached_to == eng2.obj("Henchman").oid


# -- moving and control --------------------------------------------------------------------------

def test_unspecified_move_keeps_area():
    from judge.games.vs_system.moving import _move_one
    eng = make(A_hidden=["Death-Stalker"])
    eng.choices["A"] = [{"try": "visible front"}, "hidden support"]
    assert _move_one(eng, eng.obj("Death-Stalker"), "A", None, None)
    assert eng.obj("Death-Stalker").zone == "hidden"
    assert eng.obj_attr(eng.obj("Death-Stalker"), "row") == "support"
    assert events(eng, "choice_rejected")


def test_same_position_move_legal_unless_ablated():
    from judge.games.vs_system.moving import _move_one
    eng = make(A_hidden=["Blackout"])
    eng.choices["A"] = ["hidden front"]
    assert _move_one(eng, eng.obj("Blackout"), "A", "either", None)
    eng2 = make(ablate=[rid("512.3")], A_hidden=["Blackout"])
    eng2.choices["A"] = ["hidden front"]
    with pytest.raises(ReplayError):
        _move_one(eng2, eng2.obj("Blackout"), "A", "either", None)


def test_moving_to_your_row_gains_control():
    from judge.games.vs_system.moving import _move_one
    for ablate, ctrl in (((), "A"), ((rid("212.5c"),), "B")):
        eng = make(ablate=ablate, B_visible=["Valeria Richards"])
        _move_one(eng, eng.obj("Valeria Richards"), "A", None, "front")
        v = eng.obj("Valeria Richards")
        assert v.side == "A" and v.zone == "visible" and v.controller == ctrl


# -- triggers, choices, loops -------------------------------------------------------------------------

def test_may_for_each_none_or_all():
    eng = make(phase="combat", A_visible=["Gin Genie", "Gin Genie", "Henchman"], A_resource=["Henchman", "Henchman"],
               A_deck=["Shang Chi", "Carrion"], B_visible=["Lilith"])
    act(eng, "attack", what="Lilith", **{"with": ["Gin Genie"]})
    eng.choices["A"] = [{"try": 1}, 2, "Henchman#2"]
    act(eng, "strike", what="attack")
    assert len(events(eng, "resource_replaced")) == 2
    assert len(events(eng, "choice_rejected")) == 1


def test_reaper_kos_himself():
    # 'a character you control' includes the source: a lone Reaper KOs himself
    eng = make(A_hidden=["Reaper"])
    act(eng, "begin", what="build")
    assert eng.obj("Reaper").zone == "kod"


def test_two_old_stilt_men_loop_is_a_draw():
    eng = make(versions={"Stilt-Man": "printed"}, A_hand=["Stilt-Man"], B_visible=["Stilt-Man"])
    act(eng, "recruit", what="Stilt-Man", **{"with": ["boost"]})
    assert events(eng, "game_drawn")
    assert eng.state.vars.get("game_over") == "draw"


def test_old_stilt_men_loop_is_a_draw():
    # the printed text: two Stilt-Men put counters on each other for ever, a mandatory loop: a draw
    eng = make(versions={"Stilt-Man": "printed"}, A_hand=["Stilt-Man"], B_visible=["Stilt-Man"])
    act(eng, "recruit", what="Stilt-Man", **{"with": ["boost"]})
    assert eng.state.vars.get("game_over") == "draw"


def test_new_stilt_men_do_not_loop():
    eng = make(A_hand=["Stilt-Man"], B_visible=["Stilt-Man"])
    act(eng, "recruit", what="Stilt-Man", **{"with": ["boost"]})
    assert not events(eng, "game_drawn")
    assert eng.obj("Stilt-Man").counters == {"+1/+1": 1}
    assert eng.obj("Stilt-Man#2").counters.get("+1/+1", 0) == 0


def test_move_from_hidden_cost_needs_hidden_character():
    eng = make(A_visible=["Mr. Code"], B_hidden=["Death-Stalker"])
    with pytest.raises(ReplayError, match="cost"):
        eng.use("A", "Mr. Code", {})
    eng2 = make(ablate=[rid("512.3")], A_visible=["Mr. Code"], B_hidden=["Death-Stalker"])
    eng2.choices["A"] = ["visible support"]
    eng2.choices["B"] = ["visible front"]
    eng2.use("A", "Mr. Code", {})
    eng2.resolve_chain()
    assert eng2.obj("Death-Stalker").zone == "visible"


# -- mechanics added for the rest of the Marvel Knights FAQ ----------------------------------------

def _queue(eng, player, *values):
    eng.choices[player].extend(values)


def test_unless_lets_the_player_decline():
    # 'X unless you do Y': the player may choose not to do Y (X happens) or to do it (X does not)
    for answer, expected_zone in (("no", "deck"), ("yes", "resource")):
        eng = make(A_resource=["Geraci Family Estate"], A_hand=["Henchman"], A_deck=["Carrion"])
        _queue(eng, "A", answer)
        if answer == "yes":
            _queue(eng, "A", "Henchman")
        act(eng, "begin", what="recovery")
        assert eng.obj("Geraci Family Estate").zone == expected_zone


def test_any_number_may_be_zero_unless_ablated():
    eng = make(A_visible=["Dr. Strange", "Henchman"])
    _queue(eng, "A", [])
    act(eng, "begin", what="combat")
    assert eng.obj("Henchman").zone == "visible"
    eng = make(ablate=[rid("ruling:brother-voodoo-jericho-drumm")], A_visible=["Dr. Strange", "Henchman"])
    _queue(eng, "A", [])
    with pytest.raises(ReplayError):
        act(eng, "begin", what="combat")


def test_stun_lookback_and_stunned_powers():
    def run(ablate=()):
        eng = make(phase="combat", ablate=ablate, A_visible=["Dracula, Lord of the Damned", "Luke Cage", "Henchman"],
                   B_visible=["Professor X"])
        act(eng, "attack", what="Professor X", **{"with": ["Dracula, Lord of the Damned", "Luke Cage", "Henchman"]})
        _queue(eng, "B", "Dracula, Lord of the Damned")
        act(eng, "strike", what="attack")
        return eng.obj("Dracula, Lord of the Damned")
    assert run().counters.get("+1/+1") == 2  # stunned in the same batch: its power still looks back


def test_state_trigger_fires_whenever_its_condition_holds():
    eng = make(versions={"Daredevil, Guardian Devil": "printed"}, A_hidden=["Daredevil, Guardian Devil"])
    eng.state.player_data["A"]["endurance"] = 10
    _queue(eng, "A", "visible front")
    eng.settle()
    eng.settle()  # waiting on the chain (triggers_on_chain), it does not trigger again
    assert [i.source_label for i in eng.state.chain] == ["Daredevil, Guardian Devil"]
    eng.pass_priority("all")
    assert eng.obj("Daredevil, Guardian Devil").zone == "visible" and not eng.state.chain
    eng = make(versions={"Daredevil, Guardian Devil": "printed"}, A_hidden=["Daredevil, Guardian Devil"])
    eng.state.player_data["A"]["endurance"] = 11  # the condition is false: no trigger
    eng.settle()
    assert eng.obj("Daredevil, Guardian Devil").zone == "hidden"


def test_new_defender_is_not_rechecked():
    for ablate, defender in (((), "Jaime Ortiz <> Damage"), ((rid("ruling:changing-defenders"),), "Henchman")):
        eng = make(phase="combat", ablate=ablate, A_visible=["Shang Chi"], B_visible=["Henchman"],
                   B_hidden=["Jaime Ortiz <> Damage"])
        act(eng, "attack", what="Henchman", **{"with": ["Shang Chi"]})
        eng.use("B", "Jaime Ortiz <> Damage", {})
        eng.pass_priority("all")
        assert eng.state.objects[eng.state.vars["combat"]["defender"]].label == defender


def test_bare_name_shared_by_two_cards_is_ambiguous():
    pool = card_pool(G, str(default_corpus()))
    with pytest.raises(KeyError):
        pool.get("Dracula")
    assert pool.get("Dracula, Vlad Dracula").cost == 5


def test_granted_affiliations_feed_a_modifier_reading_affiliations():
    # Honor Among Thieves: characters with Crime Lords or Sinister Syndicate have both (grant_traits);
    # Owl's 'Crime Lords characters you control have flight' then reaches the Syndicate character too
    eng = make(A_visible=["Owl", "Syndicate Thug", "Dr. Doom"])
    eng.run_steps([{"modify": {"applies_to": "it.type == 'character' and it.controller == you and "
                                             "('Crime Lords' in it.traits or 'Sinister Syndicate' in it.traits)",
                               "grant_traits": ["Crime Lords", "Sinister Syndicate"]}}],
                  eng.bindings_for(None, "A"))
    thug, doom = eng.obj("Syndicate Thug"), eng.obj("Dr. Doom")
    assert "Crime Lords" in eng.obj_attr(thug, "traits") and "flight" in eng.obj_attr(thug, "keywords")
    assert "Crime Lords" not in eng.obj_attr(doom, "traits") and "flight" not in eng.obj_attr(doom, "keywords")
    assert list(thug.card.traits) == ["Sinister Syndicate"]  # the printed card is untouched


def test_ongoing_abilities_function_in_the_resource_row_whatever_the_restriction():
    # Honor Among Thieves placed face up in the resource row: its continuous abilities function there
    # ('functions_in: [resource]'); its play restriction (a Crime Lords and a Sinister Syndicate
    # character) only limits when it can be played, not what its abilities apply to
    eng = make(A_resource=["Honor Among Thieves"], A_visible=["Owl", "Syndicate Thug", "Shang Chi"])
    thug = eng.obj("Syndicate Thug")
    assert eng.obj_attr(thug, "atk") == 3 and "flight" in eng.obj_attr(thug, "keywords")
    alone = make(A_resource=["Honor Among Thieves"], A_visible=["Shang Chi"])
    assert alone.obj_attr(alone.obj("Shang Chi"), "atk") == 3


def test_atk_def_counters_add_to_atk_and_def():
    """'+1 ATK / +1 DEF' counters (kind "+1/+1") raise ATK and DEF while on the character; other
    counters change neither."""
    eng = make(A_visible=["Death-Stalker", "Shang Chi"])
    ds, sc = eng.obj("Death-Stalker"), eng.obj("Shang Chi")
    ds.counters["+1/+1"] = 2
    sc.counters["-1/+2"] = 1
    sc.counters["resource"] = 3
    assert (eng.obj_attr(ds, "atk"), eng.obj_attr(ds, "def")) == (6, 7)
    assert (eng.obj_attr(sc, "atk"), eng.obj_attr(sc, "def")) == (1, 3)


def test_recruiting_a_character_with_targets_is_an_unused_target_error(tmp_path):
    """GUIDE 4: a scripted target never used is an error -- recruiting a character targets nothing (a
    boost's target is a choice); equipment names its character with targets."""
    from judge.scenarios.loader import load_fixture
    from judge.scenarios.replay import replay

    f = tmp_path / "recruit.yaml"
    f.write_text("game: vs-system\nstate:\n  active: A\n  phase: build\n  A:\n    hand: [Shang Chi]\n"
                 "    resource: [Henchman, Henchman]\n  B:\n    visible: [Henchman]\n"
                 "actions:\n  - {player: A, recruit: Shang Chi, targets: [Henchman#3]}\n")
    out = replay(load_fixture(f))
    assert out.status == "error" and "takes no targets" in out.error
