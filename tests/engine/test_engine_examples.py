"""The shared examples (copied into tests/examples) replay to exactly their expected results."""

import json
import re

import pytest

from assistant.engine import RecordError, replay
from tests.cli import run_replay
from tests.paths import EXAMPLES

VALID = sorted(
    p
    for p in EXAMPLES.glob("*.json")
    if (p.parent / f"{p.stem}.expected.json").exists() and not p.name.endswith(".expected.json")
)
INVALID = sorted(p for p in EXAMPLES.glob("*.json") if (p.parent / f"{p.stem}.error.txt").exists())


def expected_message(path) -> str:
    note = (path.parent / f"{path.stem}.error.txt").read_text()
    return note.split("a message like:", 1)[-1].strip()


def like(message: str, expected: str) -> bool:
    """The contract asks for "a message like" the example's: the same place in the record
    (hand, event) and the same facts (every number, quoted name and player named), in our own
    words where ours say more."""
    place = re.match(r"hand \d+(, event \d+)?", expected)
    if place and not message.startswith(place.group(0)):
        return False
    facts = re.findall(r"'[^']*'|\d+|\b[A-Z][a-z]*\b", expected.split(": ", 1)[-1])
    return all(fact in message for fact in facts if fact not in ("The",))


def test_the_examples_are_all_here():
    assert len(VALID) >= 8 and len(INVALID) >= 4


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_example_replays_to_its_expected_result(path):
    expected = json.loads((path.parent / f"{path.stem}.expected.json").read_text())
    assert replay(json.loads(path.read_text())).result() == expected


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_replay_command_prints_the_expected_result(path):
    done = run_replay(str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(
        (path.parent / f"{path.stem}.expected.json").read_text()
    )


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_example_is_refused_with_its_message(path):
    with pytest.raises(RecordError) as refused:
        replay(json.loads(path.read_text()))
    assert like(str(refused.value), expected_message(path)), str(refused.value)
    done = run_replay(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == str(refused.value)


def test_jsonl_replays_every_example_in_order():
    paths = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
    lines = "".join(json.dumps(json.loads(p.read_text())) + "\n" for p in paths)
    done = run_replay("--jsonl", stdin=lines)
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(paths)
    for path, result in zip(paths, out, strict=True):
        if path in INVALID:
            assert list(result) == ["error"] and like(result["error"], expected_message(path))
        else:
            assert result == json.loads((path.parent / f"{path.stem}.expected.json").read_text())


def test_jsonl_reports_a_broken_line_and_goes_on():
    good = (EXAMPLES / "double-at-one-end.json").read_text()
    done = run_replay("--jsonl", stdin='{"format": \n' + json.dumps(json.loads(good)) + "\n[1,2]\n")
    assert done.returncode == 0
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert "not a JSON record" in lines[0]["error"]
    assert lines[1]["scores"] == [0, 15]
    assert lines[2] == {"error": "a match record must be a JSON object"}
