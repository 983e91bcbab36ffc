"""Every corpus scenario replays as it did before the engine was re-layered (wording aside)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from corpus_fingerprint import STORED, fingerprint, replayable

from engine import replay

FILES = replayable()
KNOWN = json.loads(STORED.read_text(encoding="utf-8"))


def test_every_replayable_scenario_has_a_fingerprint() -> None:
    assert sorted(KNOWN) == sorted(p.stem for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_unchanged(path: Path) -> None:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert fingerprint(replay(case["scenario"])) == KNOWN[path.stem]
