"""The number of Hypothesis examples each run draws (tests/conftest.py)."""

from hypothesis import settings

from tests.conftest import hypothesis_profile

POSTGRESQL = "postgres://scorekeeper@127.0.0.1:54330/scorekeeper"


def test_ci_draws_fewer_examples_on_postgresql_than_on_sqlite():
    assert hypothesis_profile({"CI": "true"}) == "ci"
    assert hypothesis_profile({"CI": "true", "DATABASE_URL": POSTGRESQL}) == "ci-postgresql"
    fewer, full = settings.get_profile("ci-postgresql"), settings.get_profile("ci")
    assert 0 < fewer.max_examples < full.max_examples
    assert fewer.suppress_health_check == full.suppress_health_check


def test_the_edit_loop_and_a_profile_asked_for_are_kept_on_either_engine():
    assert hypothesis_profile({"DATABASE_URL": POSTGRESQL}) == "dev"
    asked = {"CI": "true", "DATABASE_URL": POSTGRESQL, "HYPOTHESIS_PROFILE": "ci"}
    assert hypothesis_profile(asked) == "ci-postgresql"
    assert hypothesis_profile({"HYPOTHESIS_PROFILE": "dev", "CI": "true"}) == "dev"
