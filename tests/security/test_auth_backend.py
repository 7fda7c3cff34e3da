"""Who is asking is read by Django's own ModelBackend, as it comes."""

import pytest
from django.contrib.auth import get_user_model


def test_a_deactivated_user_is_signed_out_of_every_page(alice_client, alice):
    assert alice_client.get("/history/").status_code == 200
    get_user_model().objects.filter(pk=alice.pk).update(is_active=False)
    response = alice_client.get("/history/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(
    ("backend", "status"),
    [("django.contrib.auth.backends.ModelBackend", 200), ("games.auth.UserBackend", 302)],
)
def test_a_session_of_the_former_backend_is_signed_out(client, alice, backend, status):
    """docs/deploy.md says so: a session opened under games.auth.UserBackend (December 2026)
    names a backend that is gone, so its owner logs in again, once."""
    session = client.session
    session.update({"_auth_user_id": str(alice.pk), "_auth_user_backend": backend,
                    "_auth_user_hash": alice.get_session_auth_hash()})  # fmt: skip
    session.save()
    assert client.get("/history/").status_code == status
    client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-9"})
    assert client.get("/history/").status_code == 200
