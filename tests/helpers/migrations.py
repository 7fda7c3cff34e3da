"""Moving the test database between migrations, for the tests of a data migration."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database migrated to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def apps_before(targets):
    """A fixture's body: the models at `targets`, then the database back at the latest."""
    yield migrate(targets)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
