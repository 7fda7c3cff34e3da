"""Migrations 0002 and 0003 of accounts: the log-in counters become the one counter of every
limit, carrying over what was counted elsewhere; every account's skeleton is indexed."""

import hashlib
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.usernames import fingerprint
from tests.helpers.migrations import apps_before, migrate

pytestmark = pytest.mark.engine

BEFORE = [("accounts", "0001_login_failures"), ("jobs", "0002_job_receiving_state")]
AFTER = [("accounts", "0003_username_skeletons")]


@pytest.fixture
def old_apps(transactional_db):
    yield from apps_before(BEFORE)


def key(kind, value):
    return f"{kind}:{hashlib.sha256(str(value).encode()).hexdigest()}"


def test_the_counts_of_before_keep_counting(old_apps):
    User, Job = old_apps.get_model("auth", "User"), old_apps.get_model("jobs", "Job")
    failures = old_apps.get_model("accounts", "LoginFailures")
    alice = User.objects.create(username="alice")
    window_ends = timezone.now() + timedelta(minutes=10)
    failures.objects.create(key=key("account", "alice"), count=4, window_ends=window_ends)
    now = timezone.now()
    for minutes, kind in [(10, "import"), (20, "import"), (30, "export"), (90, "export")]:
        job = Job.objects.create(owner=alice, kind=kind, state="done")
        Job.objects.filter(pk=job.pk).update(created_at=now - timedelta(minutes=minutes))
    Job.objects.create(owner=alice, kind="import", state="receiving")  # never counted

    Counter = migrate(AFTER).get_model("accounts", "Counter")

    counted = {row.key: (row.count, row.window_ends) for row in Counter.objects.all()}
    assert counted[key("account", "alice")] == (4, window_ends)
    imports, exports = counted[key("import", alice.pk)], counted[key("export", alice.pk)]
    assert imports[0] == 2 and exports[0] == 1  # the last hour's, in a window from the first
    assert abs(imports[1] - (now + timedelta(minutes=40))) < timedelta(seconds=5)


def test_every_account_is_indexed_and_the_older_of_two_look_alikes_holds_it(old_apps):
    User = old_apps.get_model("auth", "User")
    for name in ["root", "erin", "r\u043e\u043et"]:  # the last with Cyrillic o's
        User.objects.create(username=name)

    Skeleton = migrate(AFTER).get_model("accounts", "Skeleton")

    indexed = dict(Skeleton.objects.values_list("user__username", "skeleton"))
    assert indexed == {
        "root": fingerprint("root"),
        "erin": fingerprint("erin"),
        "r\u043e\u043et": None,
    }
