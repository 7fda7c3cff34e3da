"""The admin's change pages as a staff member posts them, and what they answer."""


def form_data(response):
    """What the admin page would post back unchanged: its form and inline formsets."""
    data = {}
    form = response.context["adminform"].form
    for name in form.fields:
        value = form[name].value()
        data[name] = "" if value is None else value
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for name in formset.management_form.fields:
            data[f"{formset.prefix}-{name}"] = formset.management_form[name].value()
        for sub in formset.forms:
            for name in sub.fields:
                value = sub[name].value()
                if value is not None:
                    data[sub.add_prefix(name)] = value
    return data


def round_url(game, number):
    return f"/admin/games/round/{game.rounds.get(number=number).pk}/change/"


def edit_round(client, game, number, last_to_quit=None, **values):
    """Post round `number` of `game` with new values by player name (and who quit last, a
    seat, when given)."""
    url = round_url(game, number)
    page = client.get(url)
    data = form_data(page)
    if last_to_quit is not None:
        data["last_to_quit"] = last_to_quit
    formset = page.context["inline_admin_formsets"][0].formset
    for sub in formset.forms:
        name = sub.instance.seat.player.name
        if name in values:
            data[sub.add_prefix("value")] = values[name]
    return client.post(url, data)


def value_errors(response):
    """The errors shown next to each player's value on a round's page, by player name."""
    formset = response.context["inline_admin_formsets"][0].formset
    return {sub.instance.seat.player.name: sub.errors.get("value", []) for sub in formset.forms}


# An account's preferences (accounts/admin.py's inline), none made yet.
NO_PREFERENCES = {
    "preferences-TOTAL_FORMS": "1",
    "preferences-INITIAL_FORMS": "0",
    "preferences-MIN_NUM_FORMS": "0",
    "preferences-MAX_NUM_FORMS": "1",
}


def change_account(client, user, **values):
    """Post the admin's change form of `user` with `values` changed (its split date fields are
    what form_data cannot post back)."""
    data = {"username": user.username, "email": "", "first_name": "", "last_name": ""}
    data |= {"is_active": "on", "date_joined_0": "2026-12-01", "date_joined_1": "12:00:00"}
    data |= NO_PREFERENCES | {"preferences-0-user": str(user.pk)}
    return client.post(f"/admin/auth/user/{user.pk}/change/", data | values)
