"""Every explanation links the glossary, and every slug the spec requires has an entry."""

from __future__ import annotations

from engine import CODES, glossary

REQUIRED_SLUGS = """activation resolution chain chain-link spell-speed priority turn-player cost target
negate destroy missing-the-timing simultaneous-effects trigger-effect quick-effect ignition-effect
continuous-effect flip-effect mandatory-and-optional when-and-if activation-condition once-per-turn
normal-spell quick-play-spell continuous-spell equip-card field-spell ritual-spell normal-trap
continuous-trap counter-trap set normal-summon tribute-summon flip-summon special-summon
summon-negation link-summon xyz-summon synchro-summon fusion-summon ritual-summon pendulum-summon
extra-monster-zone xyz-material token tribute discard send-to-graveyard banish leaves-the-field
battle-phase battle-step damage-step damage-calculation battle-damage direct-attack piercing-damage
replay battle-position draw-phase standby-phase main-phase end-phase hand-size-limit life-points
win-conditions deck-out game-draw control possess original-atk counters public-knowledge reveal
excavate search-the-deck shuffle random rules-vs-card-effects""".split()  # noqa: SIM905


def test_every_required_slug_has_an_entry() -> None:
    slugs = {e["slug"] for e in glossary()}
    assert not [s for s in REQUIRED_SLUGS if s not in slugs]


def test_entries_are_complete_and_linked() -> None:
    entries = glossary()
    slugs = {e["slug"] for e in entries}
    assert len(slugs) == len(entries), "a slug is defined twice"
    for e in entries:
        for key in ("term", "summary", "body", "example"):
            assert e[key].strip(), f"{e['slug']}: empty {key}"
        assert e["source"]["document"] and e["source"]["section"], e["slug"]
        assert set(e["related"]) <= slugs, f"{e['slug']} links a missing entry"


def test_every_code_links_existing_entries() -> None:
    slugs = {e["slug"] for e in glossary()}
    for name, code in CODES.items():
        assert code["glossary"], name
        assert set(code["glossary"]) <= slugs, f"{name} links {code['glossary']}"
        assert code["meaning"], name
