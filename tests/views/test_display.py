"""games/display.py: the per-game partials a sheet picks, and Llama Llama's end banner in words."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateDoesNotExist
from django.template.loader import select_template
from django.utils import translation

from games import rules
from games.display import final_round_verdict, kind_templates
from tests.helpers.pagetext import tags

LAMA, LATO, LLAMA_LLAMA = (rules.for_kind(kind) for kind in ("lama", "lato", "llama_llama"))
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def chosen(ruleset, name):
    return select_template(kind_templates(ruleset, name)).origin.template_name


def test_a_variant_looks_in_its_own_folder_then_its_familys_then_the_default():
    assert kind_templates(LATO, "_cells.html") == [
        "games/kinds/lato/_cells.html",
        "games/kinds/lama/_cells.html",
        "games/kinds/_cells.html",
    ]
    assert kind_templates(LAMA, "_cells.html") == [
        "games/kinds/lama/_cells.html",
        "games/kinds/_cells.html",
    ]


def test_select_template_takes_the_first_that_exists():
    assert chosen(LATO, "_rules_link.html") == "games/kinds/lato/_rules_link.html"
    assert chosen(LATO, "_entry_tools.html") == "games/kinds/lama/_entry_tools.html"
    assert chosen(LATO, "_cells.html") == "games/kinds/_cells.html"
    assert chosen(LAMA, "_rules_link.html") == "games/kinds/lama/_rules_link.html"
    assert chosen(LLAMA_LLAMA, "_cells.html") == "games/kinds/llama_llama/_cells.html"


def render(ruleset, name):
    template = Template("{% load kinds %}{% kind_partial ruleset name %}")
    return template.render(Context({"ruleset": ruleset, "name": name}))


def test_a_partial_is_rendered_with_the_pages_context():
    assert tags(render(LATO, "_rules_link.html"), "a", href="/en/rules/lato-z-komarami/")
    assert tags(render(LAMA, "_rules_link.html"), "a", href="/en/rules/")


def test_a_game_with_nothing_to_add_there_renders_nothing():
    assert render(LLAMA_LLAMA, "_form_data.html") == ""
    assert render(LLAMA_LLAMA, "_total.html") == ""
    assert "data-llama" in render(LAMA, "_form_data.html")


def test_every_partial_the_pages_ask_for_exists_for_some_game():
    asked = {
        name
        for path in (TEMPLATES / "games").rglob("*.html")
        for name in re.findall(r'{% kind_partial \S+ "(\w+\.html)" %}', path.read_text())
    }
    assert {"_cells.html", "_verdict.html", "_next.html", "_form_data.html"} <= asked
    for name in asked:
        found = [r.kind for r in rules.RULESETS.values() if _exists(r, name)]
        assert found, f"no game has {name}: a typo?"


def _exists(ruleset, name):
    try:
        chosen(ruleset, name)
    except TemplateDoesNotExist:
        return False
    return True


# ------------------------------------------------------------- Llama Llama's verdict in words

NAMES = ("Ana", "Ben", "Cleo")


def verdict(*rounds):
    state = LLAMA_LLAMA.fold(len(rounds[0]), rounds)
    assert state.finished
    return final_round_verdict(state, NAMES[: state.players])


def test_the_highest_total_alone_needs_no_reason():
    assert verdict((40, 10), (72, 20)) == {"heading": "Ana wins with 112!", "reason": ""}


@pytest.mark.parametrize(
    ("rounds", "reason"),
    [
        (
            [(50, 70), (24, 10), (30, 24)],
            "Ana and Ben both have 104; Ana scored more in the last round.",
        ),
        (
            [(80, 90, 94), (24, 14, 10)],
            "Ana, Ben and Cleo all have 104; Ana scored the most in the last round.",
        ),
    ],
)
def test_a_tie_broken_by_the_final_round(rounds, reason):
    assert verdict(*rounds) == {"heading": "Ana wins with 104!", "reason": reason}


@pytest.mark.parametrize(
    ("rounds", "heading", "reason"),
    [
        (
            [(74, 74), (30, 30)],
            "Shared victory: Ana and Ben!",
            "Ana and Ben both have 104 and scored 30 points each in the last round: they share "
            "the victory.",
        ),
        (
            [(99, 99), (1, 1)],
            "Shared victory: Ana and Ben!",
            "Ana and Ben both have 100 and scored 1 point each in the last round: they share "
            "the victory.",
        ),
        (
            [(50, 50, 50), (54, 54, 54)],
            "Shared victory: Ana, Ben and Cleo!",
            "Ana, Ben and Cleo all have 104 and scored 54 points each in the last round: they "
            "share the victory.",
        ),
        (
            [(25, 25, 25), (25, 25, 25), (25, 25, 26), (1, 1, 0)],
            "Shared victory: Ana and Ben!",
            "Ana, Ben and Cleo all have 76; Ana and Ben scored the most in the last round, 1 point "
            "each: they share the victory.",
        ),
        (
            [(70, 70, 80), (30, 30, 20)],
            "Shared victory: Ana and Ben!",
            "Ana, Ben and Cleo all have 100; Ana and Ben scored the most in the last round, 30 "
            "points each: they share the victory.",
        ),
    ],
)
def test_a_tie_on_both_is_shared(rounds, heading, reason):
    assert verdict(*rounds) == {"heading": heading, "reason": reason}


def test_the_verdict_in_french():
    with translation.override("fr"):
        sole = verdict((40, 10), (72, 20))
        tie = verdict((50, 70), (24, 10), (30, 24))
        shared = verdict((99, 99), (1, 1))
    assert sole["heading"] == "Ana gagne avec 112\u00a0!"
    assert tie["reason"].startswith("Ana et Ben sont à égalité avec 104\u00a0; Ana a marqué plus")
    assert shared["heading"].startswith("Victoire partagée")
    assert "ont marqué 1 point chacun lors de la dernière manche" in shared["reason"]
