"""games.auth.UserBackend reads the signed-in user with plain SQL: it must read what the ORM
reads, field for field, on either engine."""

from django.contrib.auth import get_user_model
from django.utils import timezone

from games.auth import UserBackend


def test_it_reads_the_user_as_the_orm_does(alice):
    alice.last_login = timezone.now()
    alice.first_name = "Alice Zoé"
    alice.save()
    read = UserBackend().get_user(alice.pk)
    stored = get_user_model().objects.get(pk=alice.pk)
    for field in stored._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(stored, field.attname), field.name
    assert read.is_active is True and timezone.is_aware(read.last_login)
    assert read.get_session_auth_hash() == stored.get_session_auth_hash()


def test_an_unknown_or_inactive_user_is_nobody(alice):
    assert UserBackend().get_user(alice.pk + 1000) is None
    alice.is_active = False
    alice.save()
    assert UserBackend().get_user(alice.pk) is None


def test_a_deactivated_user_is_signed_out_of_every_page(alice_client, alice):
    assert alice_client.get("/history/").status_code == 200
    get_user_model().objects.filter(pk=alice.pk).update(is_active=False)
    response = alice_client.get("/history/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
