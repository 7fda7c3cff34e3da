"""A night as a picture to post in the group's chat: its winners, its standings per game and
its games in order, drawn as PNG like the result picture (games/reports/picture.py: the same
size, palette and fonts), from the same summary as the night's page, in the reader's language.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from PIL import Image, ImageDraw

from games.models import Kind
from games.reports.picture import (
    ACCENT,
    BG,
    FG,
    HEIGHT,
    LEADER,
    MARGIN,
    MUTED,
    WIDTH,
    fitted,
    font,
    wrapped,
)  # fmt: skip
from games.wording import and_list

SIZE = (WIDTH, HEIGHT)


@dataclass(frozen=True)
class NightPicture:
    headline: str
    text: str
    filename: str
    size: tuple[int, int] = SIZE


def named(name, value) -> str:
    """ "Name: value" in the reader's language (French sets a no-break space before ":")."""
    return _("%(name)s: %(value)s") % {"name": name, "value": value}


def night_date(night) -> str:
    return formats.date_format(timezone.localtime(night.start), "DATE_FORMAT")


def describe(night, summary, names) -> NightPicture:
    """The share's words: the winners of the night in each game played to the end."""
    parts = []
    for standings in summary.standings:
        winners = [names.get(pk, "?") for pk in standings.winners]
        if winners:
            parts.append(named(Kind(standings.kind).label, and_list(winners)))
    headline = (
        _("Winners of the night: %(list)s")
        % {"list": pgettext("between two items", "; ").join(parts)}
        if parts
        else _("The night of %(date)s") % {"date": night_date(night)}
    )
    day = timezone.localtime(night.start).date().isoformat()
    text = f"{headline} ({night_date(night)})"
    label = slugify(night.label, allow_unicode=True)
    return NightPicture(headline, text, f"scorekeeper-night-{label or day}.png")


def png(night, summary, names) -> bytes:
    image = Image.new("RGB", SIZE, BG)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN
    draw.text((MARGIN, MARGIN), "Scorekeeper", font=font(30, bold=True), fill=ACCENT)
    title = _("The night of %(date)s") % {"date": night_date(night)}
    if night.label:
        title = f"{night.label} · {night_date(night)}"
    draw.text((MARGIN, MARGIN + 46), title, font=fitted(draw, title, inner, 30), fill=MUTED)
    y = MARGIN + 100
    for standings in summary.standings:
        if y > HEIGHT - 200 - RULE_ROOM:
            break
        y = _standings(draw, standings, names, y) + 20
    _games(draw, summary, names, y)
    _small_print(draw)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


# The height kept at the foot for the small print of the rule.
RULE_ROOM = 90


def rule() -> str:
    """Who wins the night, as the night's page says it under its standings."""
    return _(
        "In each game, the night goes to whoever won it most often that evening; a shared game "
        "counts as a win, and players with as many wins share the title."
    )


def _small_print(draw):
    lines, typeface = wrapped(draw, rule(), WIDTH - 2 * MARGIN, 24)
    y = HEIGHT - MARGIN - len(lines) * round(typeface.size * 1.3)
    for line in lines:
        draw.text((MARGIN, y), line, font=typeface, fill=MUTED)
        y += round(typeface.size * 1.3)


def _standings(draw, standings, names, y) -> int:
    inner = WIDTH - 2 * MARGIN
    label = str(Kind(standings.kind).label)
    draw.text((MARGIN, y), label, font=fitted(draw, label, inner, 40, bold=True), fill=FG)
    y += 56
    winners = [names.get(pk, "?") for pk in standings.winners]
    if winners:
        words = ngettext("Winner of the night: %(names)s", "Winners of the night, tied: %(names)s",
                         len(winners)) % {"names": and_list(winners)}  # fmt: skip
        lines, typeface = wrapped(draw, words, inner, 44, bold=True)
        for line in lines:
            draw.text((MARGIN, y), line, font=typeface, fill=ACCENT)
            y += round(typeface.size * 1.25)
    y += 10
    for row in standings.rows[:6]:
        if row.place == 1:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + 52), fill=LEADER)
        middle = y + 26
        draw.text((MARGIN + 12, middle), str(row.place), font=font(32, True), fill=FG, anchor="lm")
        wins = ngettext("%(count)s win", "%(count)s wins", row.wins) % {"count": row.wins}
        played = ngettext("%(count)s game", "%(count)s games", row.games) % {"count": row.games}
        figures = f"{wins} · {played}"
        figures_font = font(30)
        room = inner - 90 - draw.textlength(figures, font=figures_font) - 24
        name = names.get(row.player, "?")
        draw.text(
            (MARGIN + 70, middle), name, font=fitted(draw, name, room, 36), fill=FG, anchor="lm"
        )
        draw.text((WIDTH - MARGIN - 12, middle), figures, font=figures_font, fill=FG, anchor="rm")
        y += 58
    return y


def _games(draw, summary, names, y):
    """The games in order with each winner, as many as the picture has room for."""
    if y > HEIGHT - MARGIN - 90 - RULE_ROOM:
        return
    draw.text((MARGIN, y), _("Its games, in the order played"), font=font(30, True), fill=FG)
    y += 48
    for number, game in enumerate(summary.games, start=1):
        if y > HEIGHT - MARGIN - 40 - RULE_ROOM:
            break
        if game.finished:
            who = and_list([names.get(pk, "?") for pk in game.winners])
        else:
            who = _("In progress")
        line = f"{number}. " + named(Kind(game.kind).label, who)
        draw.text((MARGIN, y), line, font=fitted(draw, line, WIDTH - 2 * MARGIN, 28), fill=MUTED)
        y += 40
