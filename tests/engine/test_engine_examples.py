"""The shared examples (copied into tests/examples) replay to exactly their expected results."""

import json

import pytest

from assistant.engine import RecordError, replay
from tests.helpers import EXAMPLES, run_replay

VALID = sorted(
    p
    for p in EXAMPLES.glob("*.json")
    if (p.parent / f"{p.stem}.expected.json").exists() and not p.name.endswith(".expected.json")
)
INVALID = sorted(p for p in EXAMPLES.glob("*.json") if (p.parent / f"{p.stem}.error.txt").exists())


def expected_message(path) -> str:
    note = (path.parent / f"{path.stem}.error.txt").read_text()
    return note.split("a message like:", 1)[1].strip()


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
    assert str(refused.value) == expected_message(path)
    done = run_replay(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == expected_message(path)


def test_jsonl_replays_every_example_in_order():
    paths = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
    lines = "".join(json.dumps(json.loads(p.read_text())) + "\n" for p in paths)
    done = run_replay("--jsonl", stdin=lines)
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(paths)
    for path, result in zip(paths, out, strict=True):
        if path in INVALID:
            assert result == {"error": expected_message(path)}
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
