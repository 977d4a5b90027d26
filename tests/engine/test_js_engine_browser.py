"""The phone's engine in a real browser: Chromium loads static/engine/ as the app serves it, as
plain ES modules, and replays every example to the Python engine's result (or its refusal)."""

import json

import pytest
from playwright.sync_api import Page

from assistant.engine import RecordError, replay
from tests.paths import EXAMPLES

pytestmark = pytest.mark.browser

REPLAY_ALL = """async (records) => {
  const { replay, RecordError } = await import("/static/engine/index.mjs");
  return records.map((record) => {
    try {
      return replay(record).result();
    } catch (error) {
      if (error instanceof RecordError) return { error: error.message, template: error.template };
      throw error;
    }
  });
}"""


def test_the_browser_replays_every_example_as_the_python_engine(page: Page, live_server):
    paths = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
    records = [json.loads(p.read_text()) for p in paths]
    page.goto(f"{live_server.url}/")
    results = page.evaluate(REPLAY_ALL, records)
    for path, record, result in zip(paths, records, results, strict=True):
        try:
            expected = json.loads(json.dumps(replay(record).result()))
        except RecordError as error:
            expected = {"error": str(error), "template": error.template}
        assert result == expected, path.name
