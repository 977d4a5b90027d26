"""Writing match records by hand in tests: `hand("X 5-5", "Y 5-1 right", "X draw 2", "Y pass")`."""

import json
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def event(text: str) -> dict:
    player, action, *rest = text.split()
    if action == "draw":
        return {"player": player, "draw": int(rest[0])}
    if action == "pass":
        return {"player": player, "pass": True}
    played = {"player": player, "play": action}
    if rest:
        played["end"] = rest[0]
    return played


def hand(*events: str, left: dict | None = None) -> dict:
    data = {"events": [event(e) for e in events]}
    if left is not None:
        data["left"] = left
    return data


def record(rules, players="X Y", *hands: dict, partnership: bool = False) -> dict:
    return {
        "format": "allfives-match/1",
        "rules": rules,
        "players": players.split(),
        "partnership": partnership,
        "hands": list(hands),
    }


def run_replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "assistant", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def replay_file(tmp_path: Path, data: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    return run_replay(str(path))
