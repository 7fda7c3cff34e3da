"""The jobs' tests with a real worker: a fresh PostgreSQL database, migrated, per module.

Their workers are on PostgreSQL whichever pass runs them (a throwaway server in the SQLite
pass), so they are not marked `engine`: run again in the PostgreSQL pass, they said the same
a second time, for some 30 s of its test time."""

import pytest

from tests.helpers import services
from tests.helpers.live import fresh_database, manage, production_env


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """The environment of a production process (settings, DATABASE_URL) on a new database."""
    folder = tmp_path_factory.mktemp("worker")
    with services.postgres() as server, fresh_database(folder, server) as url:
        env = production_env(folder / "static", url)
        manage(env, "migrate", "--noinput")
        yield env
