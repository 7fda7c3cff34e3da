"""The group's table costs as many queries at 5,000 games as at 50. The suite proves it at
500: tests/history/test_table_growth.py."""

import pytest

from tests.history.test_table_growth import the_same_work_at

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_the_table_and_its_json_cost_the_same_at_5000_games(client, django_user_model, settings):
    the_same_work_at(5_000, client, django_user_model, settings)
