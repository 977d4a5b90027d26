"""The store on a real SQLite file: what is written comes back as it was."""

from assistant.club import store
from assistant.club.schema import migrate
from assistant.db import connect
from tests.helpers import A


def test_a_record_comes_back_whole_even_with_an_integer_beyond_64_bits(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(path)
    db = connect(path)
    huge = A | {"rules": A["rules"] | {"target": 10**20}}  # the engine takes it
    for record in (A, huge):
        stored = store.create(db, record)
        assert store.get(db, stored.id).record == record
    db.close()
