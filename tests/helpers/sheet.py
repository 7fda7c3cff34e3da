"""A game's sheet as Django's test client sees it: read it, post a round to it."""

# Cleo wins on 2 after returning a black chip.
FINISHED = [(31, 0, 12), (20, 3, -10)]


def sheet(client, game, **headers):
    """The sheet of `game`, served; `headers` as the test client takes them (hx_request=...)."""
    response = client.get(game.get_absolute_url(), headers=headers)
    assert response.status_code == 200
    return response


def post_round(client, game, *values, number=None, htmx=False, to="", **extra):
    """Post the round form with `values` in seat order, for the next round unless `number`;
    `to`: the URL of one of its helper buttons under rounds/ ("calculate/", "emptied/")."""
    data = {f"seat_{seat}": value for seat, value in enumerate(values)}
    data["round_number"] = number or game.state.next_round
    data["last_to_quit"] = 0  # asked only when nobody emptied their hand
    data |= extra
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/games/{game.pk}/rounds/{to}", data, headers=headers)
