"""`python -m assistant replay RECORD.json` and `replay --jsonl` (MATCH-RECORD.md)."""

import json
import sys

from .errors import RecordError
from .match import Match


def replay_command(path: str | None, jsonl: bool) -> int:
    if jsonl:
        return replay_lines(sys.stdin, sys.stdout)
    if not path:
        print("replay: give a record file, or --jsonl to read records from stdin", file=sys.stderr)
        return 2
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
        result = Match(record).result()
    except OSError as error:
        print(f"{path}: {error.strerror}", file=sys.stderr)
        return 2
    except (ValueError, RecursionError) as error:  # RecordError and JSON errors alike
        print(
            f"{path}: not JSON: {error}" if not isinstance(error, RecordError) else error,
            file=sys.stderr,
        )
        return 2
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def replay_lines(lines, out) -> int:
    dumps = json.dumps
    loads = json.loads
    write = out.write
    for line in lines:
        if not line.strip():
            continue
        try:
            text = dumps(Match(loads(line)).result(), separators=(",", ":"))
        except RecordError as error:
            text = dumps({"error": str(error)})
        except (ValueError, RecursionError) as error:
            text = dumps({"error": f"not a JSON record: {error}"})
        write(text + "\n")
    return 0
