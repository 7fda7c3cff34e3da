import pytest
from django.contrib.auth import get_user_model


# Each is refused by one of the validators the settings configure (length, common, numeric,
# like the name); their wording is Django's own.
@pytest.mark.parametrize(
    "password", ["short7", "password123", "8472910365", "carolinette"],
    ids=["too short", "too common", "only digits", "like the name"],
)  # fmt: skip
def test_signup_refuses_a_weak_password_next_to_its_field(client, db, password):
    data = {"username": "carolinette", "password1": password, "password2": password}

    response = client.post("/accounts/signup/", data)

    assert response.status_code == 422
    assert response.context["form"].errors["password2"]
    assert not get_user_model().objects.exists()
