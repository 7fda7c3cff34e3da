import pytest


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("short7", "This password is too short."),
        ("password123", "This password is too common."),
        ("8472910365", "This password is entirely numeric."),
        ("carolinette", "The password is too similar to the username."),
    ],
)
def test_signup_refuses_a_weak_password(client, db, password, reason):
    data = {"username": "carolinette", "password1": password, "password2": password}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 422
    assert reason in response.text
