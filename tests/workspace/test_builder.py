"""The action builder speaks the game: the action list as sentences, the costs and targets a card's
file asks for (Peten the Dark Clown's banish cost offered and filled), targets as checkboxes,
menus in words, zone rules said next to the field as the board is built, a folded mat."""

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client

from rulings.workspace.document import form_values
from rulings.workspace.sentences import sentence
from rulings.workspace.zones import zone_checks

pytestmark = pytest.mark.django_db

CORPUS = Path(__file__).resolve().parents[1] / "scenarios"

# The tester's dispute: A's Dark Hole destroys B's Sangan and Peten the Dark Clown; both trigger.
DARK_HOLE = {
    "format": "ygo-scenario/1",
    "title": "Dark Hole with Sangan and Peten the Dark Clown",
    "board": {
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {
            "A": {"lp": 8000, "deck": 20, "hand": ["Dark Hole"]},
            "B": {
                "lp": 8000,
                "deck": {"cards": ["Peten the Dark Clown", "Mystic Tomato"], "unknown": 10},
                "monsters": [
                    {"card": "Sangan", "zone": 1, "position": "attack"},
                    {"card": "Peten the Dark Clown", "zone": 2, "position": "attack"},
                ],
            },
        },
    },
    "actions": [
        {"player": "A", "do": "activate", "card": "A:Dark Hole"},
        {"do": "resolve"},
        {"player": "B", "do": "activate", "card": "B:Sangan"},
    ],
}
PETEN = "B:Peten the Dark Clown"


def form(doc: dict[str, Any], **changes: str) -> dict[str, str]:
    return {**form_values(doc), **changes}


def part(html: str, start: str, end: str) -> str:
    """The HTML from the first `start` to the next `end` after it."""
    assert start in html, f"{start!r} is not drawn"
    return html.split(start, 1)[1].split(end, 1)[0]


def checked(html: str, name: str) -> list[str]:
    """The values of the ticked checkboxes named `name`."""
    return re.findall(rf'<input type="checkbox" name="{re.escape(name)}" value="([^"]+)" checked>', html)


def test_the_action_list_reads_as_sentences_with_edit_and_remove(client: Client, seeded: None) -> None:
    doc = {**DARK_HOLE, "actions": [*DARK_HOLE["actions"], {"player": "B", "do": "activate", "card": PETEN,
                                                            "cost": {"banish": [PETEN]}}]}  # fmt: skip
    html = client.post("/editor/", form(doc)).content.decode()
    sentences = re.findall(r'<p class="action-sentence"[^>]*>.*?</span> (.*?)</p>', html)
    assert sentences == [
        "A activates Dark Hole",
        "Both players pass: the chain resolves",
        "B activates Sangan",
        "B activates Peten the Dark Clown, banishing Peten the Dark Clown",
    ]
    for n in range(4):
        assert f'id="op-edit-{n}" name="op" value="edit:{n}"' in html
        assert f'id="op-delete-{n}" name="op" value="delete:{n}"' in html
    text = part(html, '<details class="action-text"', "</details>")  # the YAML, folded away
    assert text.startswith(' id="action-text" data-ui="actions_text">') and "Edit as text" in text
    assert 'name="action-3" value="{player: B, do: activate' in text
    # Edit opens the builder on that action, filled in.
    edit = client.post("/editor/", {**form(doc), "op": "edit:3"})
    assert edit.context["builder"]["editing"] == 3
    assert checked(edit.content.decode(), "b-cost-banish") == [PETEN]


def test_sentences_name_the_opponents_cards_and_the_moment() -> None:
    names = {"B:Vorse Raider": "Vorse Raider", "A:Sangan": "Sangan"}
    attack = {"player": "B", "do": "attack", "attacker": "B:Vorse Raider", "target": "A:Sangan"}
    assert sentence(attack, names) == "B attacks A's Sangan with Vorse Raider"
    moon = {"player": "A", "do": "activate", "card": "A:Book of Moon", "targets": ["B:Vorse Raider"],
            "at": "damage_step_start"}  # fmt: skip
    assert (
        sentence(moon, names)
        == "A activates Book of Moon, targeting B's Vorse Raider, at the start of the Damage Step"
    )
    assert sentence({"player": "A", "do": "phase", "to": "battle"}, {}) == "A moves to the Battle Phase"
    assert sentence("not: [an action", {}).startswith("A line that is not an action")


def test_every_corpus_action_has_a_sentence_in_words() -> None:
    for path in sorted(CORPUS.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]
        for action in doc.get("actions") or []:
            text = sentence(action, {})
            assert "_" not in text.replace("A:", "").replace("B:", ""), (path.name, text)  # no raw words
            assert not text.startswith("A line"), (path.name, action)


def test_peten_banish_cost_is_offered_and_filled_from_its_card_file(client: Client, seeded: None) -> None:
    data = {**form(DARK_HOLE), "b-player": "B", "b-do": "activate", "b-card": PETEN}
    html = client.post("/editor/builder/", data).content.decode()
    cost = part(html, 'id="b-cost-banish"', "</fieldset>")
    assert "Banish 1 card(s)" in cost and "only this can pay it: filled in" in cost
    assert checked(html, "b-cost-banish") == [PETEN], "Peten banishes itself from the GY: filled in"
    assert "B:Sangan" not in cost, "only the card itself pays a banish from the GY (as the engine pays it)"
    card = part(html, '<select id="b-card"', ">")
    assert 'hx-post="/editor/builder/"' in card, "choosing the card redraws the builder for its effect"
    # The form as drawn (the cost ticked) adds a legal action.
    added = client.post("/editor/", {**data, "op": "add-action", "b-cost-banish": PETEN})
    values = added.context["values"]
    assert yaml.safe_load(values["action-3"]) == {"player": "B", "do": "activate", "card": PETEN,
                                                  "cost": {"banish": [PETEN]}}  # fmt: skip
    steps = [s for s in added.context["result"]["steps"] if s.get("action") == 3]
    assert steps and steps[0]["accepted"], steps


def test_a_card_with_several_effects_offers_them_in_words(client: Client, seeded: None) -> None:
    doc = {**DARK_HOLE, "actions": []}
    doc["board"] = {**DARK_HOLE["board"], "players": {**DARK_HOLE["board"]["players"]}}
    doc["board"]["players"]["A"] = {"lp": 8000, "deck": 20, "monsters": [{"card": "Linkuriboh", "zone": 3}]}
    data = {**form(doc), "b-player": "A", "b-do": "activate", "b-card": "A:Linkuriboh"}
    html = client.post("/editor/builder/", data).content.decode()
    effect = part(html, '<select id="b-effect"', "</select>")
    assert re.findall(r'<option value="(\d*)"', effect)[0] == "", (
        "the engine's pick, unless the judge names one"
    )
    assert "1. Trigger Effect" in effect and "2. Quick Effect" in effect
    assert "Tribute this card: this card itself" in part(html, 'id="b-cost"', "</fieldset>"), "effect 1's"
    chosen = client.post("/editor/builder/", {**data, "b-effect": "2"}).content.decode()
    assert '<option value="2" selected>' in chosen
    assert "Tribute 1 card(s)" in part(chosen, 'id="b-cost"', "</fieldset>"), "effect 2's own cost"


def test_an_effect_with_choices_offers_each_choice_and_adds_it_as_a_mode(
    client: Client, seeded: None
) -> None:
    """Lightning Storm is one effect with two choices (scenario format: `effect` counts the text's
    effects): the menu offers "1., choice 1" and "1., choice 2", and the second becomes `effect: 1`
    with `choices: {mode: 2}`, which the engine replays as that choice."""
    doc = {**DARK_HOLE, "actions": []}
    doc["board"] = {**DARK_HOLE["board"], "players": {**DARK_HOLE["board"]["players"]}}
    doc["board"]["players"]["A"] = {"lp": 8000, "deck": 20, "hand": ["Lightning Storm"]}
    doc["board"]["players"]["B"] = {"lp": 8000, "deck": 20, "spell_traps": [{"card": "Trap Hole", "zone": 1}]}
    data = {**form(doc), "b-player": "A", "b-do": "activate", "b-card": "A:Lightning Storm"}
    effect = part(
        client.post("/editor/builder/", data).content.decode(), '<select id="b-effect"', "</select>"
    )
    assert re.findall(r'<option value="([\d.]*)"', effect) == ["", "1.1", "1.2"]
    assert "1. the card&#x27;s activation, choice 2" in effect
    added = client.post("/editor/", {**data, "b-effect": "1.2", "op": "add-action"})
    action = yaml.safe_load(added.context["values"]["action-0"])
    assert action == {"player": "A", "do": "activate", "card": "A:Lightning Storm", "effect": 1,
                      "choices": {"mode": 2}}  # fmt: skip
    assert sentence(action, {}) == "A activates Lightning Storm (effect 1, choice 2)"
    steps = [s for s in added.context["result"]["steps"] if s.get("action") == 0]
    assert steps and steps[0]["accepted"] and steps[0]["chain"][0]["mode"] == 2, steps


def test_a_cost_the_card_pays_with_lp_is_said_not_asked(client: Client, seeded: None) -> None:
    doc = {**DARK_HOLE, "actions": DARK_HOLE["actions"][:1]}
    doc["board"] = {**DARK_HOLE["board"], "players": {**DARK_HOLE["board"]["players"]}}
    solemn = {"card": "Solemn Judgment", "zone": 1, "face": "down"}
    doc["board"]["players"]["B"] = {**doc["board"]["players"]["B"], "spell_traps": [solemn]}
    data = {**form(doc), "b-player": "B", "b-do": "activate", "b-card": "B:Solemn Judgment"}
    html = client.post("/editor/builder/", data).content.decode()
    assert "Pay LP: half your LP" in html and 'name="b-pay_lp"' not in html
    assert "Solemn Judgment targets nothing, says its card file." in html


def test_targets_are_checkboxes_monsters_first(client: Client, seeded: None) -> None:
    doc = {**DARK_HOLE, "actions": []}
    doc["board"] = {**DARK_HOLE["board"], "players": {**DARK_HOLE["board"]["players"]}}
    doc["board"]["players"]["A"] = {
        "lp": 8000,
        "deck": 20,
        "hand": ["Book of Moon"],
        "graveyard": ["Kuriboh"],
    }
    data = {**form(doc), "b-player": "A", "b-do": "activate", "b-card": "A:Book of Moon"}
    html = client.post("/editor/builder/", data).content.decode()
    assert "<select" not in part(html, 'id="b-targets"', "</fieldset>") and "multiple" not in html
    targets = part(html, 'id="b-targets"', "</fieldset>")
    assert "(choose 1)" in targets
    assert targets.index('value="B:Sangan"') < targets.index('value="A"'), "monsters before players"
    assert "Kuriboh" not in targets, "Book of Moon targets a monster: the GY is under Other cards"
    assert 'value="A:Kuriboh"' in part(html, 'id="b-targets-other"', "</fieldset>")
    two = client.post(
        "/editor/", {**data, "op": "add-action", "b-targets": ["B:Sangan", "B:Peten the Dark Clown"]}
    )
    assert yaml.safe_load(two.context["values"]["action-0"])["targets"] == ["B:Sangan", PETEN]


def test_attack_targets_the_opponents_monsters_first(client: Client, seeded: None) -> None:
    doc = {**DARK_HOLE, "actions": []}
    doc["board"] = {**DARK_HOLE["board"], "phase": "battle", "players": {**DARK_HOLE["board"]["players"]}}
    doc["board"]["players"]["A"] = {"lp": 8000, "deck": 20, "monsters": [{"card": "Vorse Raider", "zone": 3}]}
    html = client.post("/editor/builder/", {**form(doc), "b-player": "A", "b-do": "attack"}).content.decode()
    target = part(html, 'id="b-target"', "</select>")
    options = re.findall(r'<option value="([^"]+)"', target)
    assert options == ["B:Sangan", PETEN, "direct"], "a direct attack is listed last while B has monsters"
    assert "Direct attack (the opponent controls monsters)" in target
    doc["board"]["players"]["B"] = {"lp": 8000, "deck": 10}
    html = client.post("/editor/builder/", {**form(doc), "b-player": "A", "b-do": "attack"}).content.decode()
    assert re.findall(r'<option value="([^"]+)"', part(html, 'id="b-target"', "</select>")) == ["direct"]


def test_menus_are_in_words(client: Client, seeded: None) -> None:
    data = {**form(DARK_HOLE), "b-player": "B", "b-do": "activate", "b-card": PETEN}
    html = client.post("/editor/builder/", data).content.decode()
    when = part(html, 'id="b-at"', "</select>")
    assert ">The start of the Damage Step</option>" in when and ">Damage calculation</option>" in when
    assert not re.search(r">[a-z0-9]+_[a-z_]+<", html), "no raw word (damage_step_start, send_to_gy) is shown"
    assert ">Send to the GY</option>" in part(html, 'id="b-cost_kind"', "</select>")
    summon = client.post("/editor/builder/", {**form(DARK_HOLE), "b-do": "special_summon"}).content.decode()
    assert ">Link Summon</option>" in summon and ">Xyz Summon</option>" in summon
    board = client.get("/editor/").content.decode()
    assert ">Tribute Summon</option>" in board and ">tribute</option>" not in board


def test_zone_rules_are_said_next_to_the_field_as_the_board_is_built(client: Client, seeded: None) -> None:
    values = form(
        DARK_HOLE, **{"A-hand-1": "Accesscode Talker", "A-extra_deck-0": "Sangan", "A-m2-card": "Dark Hole"}
    )
    html = client.post("/editor/validate/", values).content.decode()  # the live check, on change

    def slot(name: str) -> str:
        return part(html, f'id="err-{name}" aria-live="polite" hx-swap-oob="true">', "</div>")

    assert "Accesscode Talker is an Extra Deck monster: it is kept in the Extra Deck, not the hand" in slot(
        "A-hand"
    )
    assert "Sangan is not an Extra Deck monster" in slot("A-extra_deck")
    assert "&#x27;Dark Hole&#x27; is not a monster" in slot("A-m2")
    # A Link Monster where no Link Arrow points is a note, not a problem: the board still replays.
    link = form(DARK_HOLE, **{"A-m3-card": "Accesscode Talker"})
    html = client.post("/editor/validate/", link).content.decode()
    assert 'class="field-note"' in slot("A-m3") and "no Link Arrow points here" in slot("A-m3")
    assert "Replays" in html
    defense = form(DARK_HOLE, **{"A-m3-card": "Accesscode Talker", "A-m3-position": "defense"})
    html = client.post("/editor/validate/", defense).content.decode()
    assert "always in Attack Position" in slot("A-m3") and "Replays" not in html


def test_the_mat_is_folded_by_player_and_says_what_each_part_holds(client: Client, seeded: None) -> None:
    html = client.post("/editor/", form(DARK_HOLE)).content.decode()
    parts = re.findall(r'<details class="mat-part mat-part-(\w+)" data-ui="\w+"( open)?>', html)
    assert parts == [("B", ""), ("emz", ""), ("A", "")], "closed, B's half on top"
    assert "on the field: Sangan, Peten the Dark Clown" in part(html, 'id="part-B"', "</summary>")
    assert "Hand 1" in part(html, 'id="part-A"', "</summary>")
    # A part the judge left open stays open; a part with a problem opens.
    kept = client.post("/editor/", {**form(DARK_HOLE), "ui-open": "A"}).content.decode()
    assert '<details class="mat-part mat-part-A" data-ui="A" open>' in kept
    bad = client.post("/editor/", form(DARK_HOLE, op="check", **{"B-m4-card": "Summoned Skul"}))
    html = bad.content.decode()
    assert '<details class="mat-part mat-part-B" data-ui="B" open>' in html
    assert "1 problem" in part(html, 'id="part-B"', "</summary>")


def test_a_link_arrow_of_either_player_counts_for_the_zone_note() -> None:
    """B's Accesscode Talker in the left Extra Monster Zone points down (to B) and up (to A): its Top
    Link Arrow points to A's Main Monster Zone 2, so A's Link Monster there needs no note; in zone 3,
    where no arrow points, it gets one (the engine's own arrows: `engine.rules.kinds`)."""

    def notes(zone: int) -> list[str]:
        board = {"players": {
            "A": {"monsters": [{"card": "Linkuriboh", "zone": zone}]},
            "B": {"monsters": [{"card": "Accesscode Talker", "zone": "emz-left"}]},
        }}  # fmt: skip
        return [n["path"] for n in zone_checks({"board": board})[1]]

    assert notes(2) == []
    assert notes(3) == ["board.players.A.monsters[0].zone"]
