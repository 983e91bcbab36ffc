"""What `./dev.sh run` prints while seeding: counts a judge can read, and why most corpus files
are not worked examples (they are test cases), never a bare "N files not seeded"."""

import shutil
from io import StringIO
from pathlib import Path

from django.core.management import call_command

CORPUS = Path(__file__).resolve().parents[1] / "scenarios"


def run(command: str, **options: object) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(command, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def test_seed_says_what_it_loaded(db: None) -> None:
    out, _ = run("seed")
    assert out.startswith("Glossary: ") and "entries. Card library: " in out
    assert run("seed", verbosity=0) == ("", "")


def test_seed_rulings_says_why_test_cases_are_left_out(tmp_path: Path, seeded: None) -> None:
    shutil.copy(CORPUS / "battle-atk-vs-atk-tie.yaml", tmp_path)  # cites the rulebook
    shutil.copy(CORPUS / "chain-destroying-is-not-negating.yaml", tmp_path)  # cites no reference
    (tmp_path / "broken.yaml").write_text("title: [unclosed\n")

    out, err = run("seed_rulings", corpus=tmp_path)
    lines = out.splitlines()
    assert lines[0] == "Worked examples (shown under Rulings): 1 added, 0 updated, 0 already up to date."
    assert lines[1].startswith("The other 1 scenario file of the test corpus is left out, as intended")
    assert "documents the engine must reject" in lines[1]
    assert lines[2] == "1 could not be added; each is named above with the reason."
    assert err.startswith("broken.yaml: not added as a worked example: the file is not valid YAML")
    assert "not seeded" not in out + err

    again, _ = run("seed_rulings", corpus=tmp_path)
    assert again.startswith(
        "Worked examples (shown under Rulings): 0 added, 0 updated, 1 already up to date."
    )
    assert run("seed_rulings", corpus=tmp_path, verbosity=0)[0] == ""
