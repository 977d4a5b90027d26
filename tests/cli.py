"""The `assistant replay` command run as a user runs it, in its own process."""

import json
import subprocess
import sys
from pathlib import Path


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
