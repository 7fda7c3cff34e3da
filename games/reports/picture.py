"""A finished game's result as a picture to post in a group chat: the winner, the final
standings and the totals chart, drawn as PNG with Pillow.

It draws what the finished page shows, from the same folds: `summaries.standings` ranks the
players as the rules do, `summaries.totals_chart` gives the chart's geometry (charts.py, the
SVG's), which is only scaled here. Words come from the catalog, in the reader's language.

Pillow's own scalable font (Aileron) has no accented letter nor the minus sign U+2212, so the
text is set in DejaVu Sans (Debian's fonts-dejavu-core): Latin, Greek and Cyrillic, U+2212
and ★. Where it is missing the picture falls back to Pillow's font rather than fail.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageDraw, ImageFont

from games import display
from games.models import Game, Kind
from games.reports import summaries
from games.wording import and_list

WIDTH, HEIGHT = 1080, 1350  # portrait 4:5, as chat apps preview a picture whole
MARGIN = 40
# history.css's light palette, and the dash of each series (told apart without colour too).
BG, FG, MUTED, LINE = "#fbfaf7", "#1d1b16", "#5d5a52", "#d9d4c7"
ACCENT, LEADER, THRESHOLD = "#8a4b08", "#fff1c2", "#b00020"
SERIES = ["#8a4b08", "#1f5fa8", "#2e7d32", "#a3208f", "#c0392b", "#00737d"]
DASHES = [(), (8, 3), (2, 3), (10, 3, 2, 3), (4, 4), (12, 2)]
MINUS = "\u2212"


@dataclass(frozen=True)
class Result:
    """What the picture and its share say: a headline naming the winners, a file name."""

    headline: str
    text: str
    filename: str
    reason: str = ""  # the tie-break that decided it, where one did
    beyond: str = ""  # the rounds typed after the end, kept and not counted, where there are


def describe(game: Game) -> Result:
    """The share's words for a finished game, in the current language."""
    state, names = game.state, game.names
    winners = [names[seat] for seat in state.winners]
    if state.shared_victory:
        headline = _("Shared victory: %(names)s!") % {"names": and_list(winners)}
    elif game.ruleset.family == "lama":  # as the sheet's banner words it (its _verdict.html)
        headline = _("%(name)s wins!") % {"name": winners[0]}
    else:
        total = signed(state.totals[state.winners[0]])
        headline = _("%(name)s wins with %(total)s!") % {"name": winners[0], "total": total}
    reason, beyond = tie_break(game), beyond_note(game)
    text = " ".join(part for part in (headline, reason) if part)
    text = f"{text} ({Kind(game.kind).label}, {long_date(game)})"
    text = " ".join(part for part in (text, beyond) if part)
    day = timezone.localtime(game.created_at).date().isoformat()
    slug = slugify("-".join(winners), allow_unicode=True) or "result"
    return Result(headline, text, f"scorekeeper-{slug}-{day}.png", reason, beyond)


def beyond_note(game: Game) -> str:
    """The rounds typed after the end (a correction moved it: GameState.beyond), as the sheet
    keeps them: on record, not counted; "" where there are none."""
    beyond = game.state.beyond
    if not beyond:
        return ""
    first, last = beyond[0].number, beyond[-1].number
    # "3", or "3–5": a range in figures, as the edit page's sentence gives it
    rounds = str(first) if first == last else f"{first}–{last}"
    return ngettext(
        "Round %(rounds)s, typed after the end of the game, is kept but not counted.",
        "Rounds %(rounds)s, typed after the end of the game, are kept but not counted.",
        len(beyond),
    ) % {"rounds": rounds}


def tie_break(game: Game) -> str:
    """Why players tied on the best total did or did not all win, as the end banner says it
    (games whose ties go to the final round); "" where nobody tied."""
    if game.ruleset.family == "lama":
        return ""
    return display.final_round_verdict(game.state, game.names)["reason"]


def signed(number: int) -> str:
    """A number as people read it: with a real minus sign."""
    return str(number).replace("-", MINUS)


def long_date(game: Game) -> str:
    return formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")


def png(game: Game) -> bytes:
    """The picture of a finished game, WIDTH × HEIGHT, in the current language."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = ImageDraw.Draw(image)
    y = _header(draw, game)
    y = _standings(draw, game, y + 24)
    y = _beyond(draw, game, y)
    _chart(draw, game, y + 28, HEIGHT - MARGIN - _footer(draw, game))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


@cache
def _font_file(bold: bool) -> Path | None:
    path = Path(settings.RESULT_FONT_DIR) / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return path if path.is_file() else None


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = _font_file(bold)
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size)


def fitted(draw, text, width, size, bold=False, smallest=18):
    """The largest font, from `size` down, that sets `text` on one line within `width`."""
    while size > smallest and draw.textlength(text, font=font(size, bold)) > width:
        size -= 2
    return font(size, bold)


def wrapped(draw, text, width, size, bold=False, lines=2):
    """`text` in at most `lines` lines of `width`, in the largest font down from `size` that
    fits; the lines and their font."""
    for step in range(size, 17, -2):
        typeface = font(step, bold)
        found = _wrap(draw, text, width, typeface)
        if len(found) <= lines:
            return found, typeface
    return _wrap(draw, text, width, font(18, bold))[:lines], font(18, bold)


def _wrap(draw, text, width, typeface):
    found, line = [], ""
    # Breaks at plain spaces only: French puts a no-break space before "!" and ";".
    for word in re.split(r"[ \t\n]+", text.strip()):
        candidate = f"{line} {word}".strip()
        if line and draw.textlength(candidate, font=typeface) > width:
            found.append(line)
            line = word
        else:
            line = candidate
    return [*found, line] if line else found


def _header(draw, game) -> int:
    """Brand, game and date, then the headline naming the winners; where the header ends."""
    inner = WIDTH - 2 * MARGIN
    draw.text((MARGIN, MARGIN), "Scorekeeper", font=font(30, bold=True), fill=ACCENT)
    line = f"{Kind(game.kind).label} · {long_date(game)}"
    draw.text((MARGIN, MARGIN + 46), line, font=fitted(draw, line, inner, 30), fill=MUTED)
    lines, typeface = wrapped(draw, describe(game).headline, inner, 60, bold=True)
    y = MARGIN + 100
    for text in lines:
        draw.text((MARGIN, y), text, font=typeface, fill=FG)
        y += round(typeface.size * 1.25)
    if reason := tie_break(game):
        found, typeface = wrapped(draw, reason, inner, 32, lines=3)
        for text in found:
            draw.text((MARGIN, y), text, font=typeface, fill=MUTED)
            y += round(typeface.size * 1.3)
    return y


def _standings(draw, game, top) -> int:
    """One row per player in the rules' ranking: place, the player's line in the chart, name
    and total; the winners' rows highlighted, with a star."""
    rows = summaries.standings(game)
    seats = {seat.player_id: seat.position for seat in game.seats}
    height = 64 if len(rows) <= 4 else 56
    draw.text((MARGIN, top), _("Final standings"), font=font(32, bold=True), fill=FG)
    y = top + 52
    for row in rows:
        if row.winner:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + height - 6), fill=LEADER)
        middle = y + (height - 6) / 2
        place = f"{row.rank}{' ★' if row.winner else ''}"
        draw.text((MARGIN + 12, middle), place, font=font(36, True), fill=FG, anchor="lm")
        series = seats[row.player.pk]
        _dashed(draw, [(MARGIN + 110, middle), (MARGIN + 160, middle)], series, 6)
        total = signed(row.total)
        total_font = font(40, True)
        room = WIDTH - 2 * MARGIN - 184 - draw.textlength(total, font=total_font) - 24
        name_font = fitted(draw, row.player.name, room, 40, bold=row.winner)
        draw.text((MARGIN + 180, middle), row.player.name, font=name_font, fill=FG, anchor="lm")
        draw.text((WIDTH - MARGIN - 12, middle), total, font=total_font, fill=FG, anchor="rm")
        y += height
    return y


def _beyond(draw, game, top) -> int:
    """The rounds typed after the end, under the standings they do not count in; where the
    words end (`top` where there are none)."""
    note = beyond_note(game)
    if not note:
        return top
    y = top + 16
    found, typeface = wrapped(draw, note, WIDTH - 2 * MARGIN, 30, lines=2)
    for line in found:
        draw.text((MARGIN, y), line, font=typeface, fill=MUTED)
        y += round(typeface.size * 1.3)
    return y


def _footer(draw, game) -> int:
    """Where the game was played and its note, when it has them, at the bottom; the height
    they take."""
    text = " · ".join(text for text in (game.venue, game.note.replace("\n", " ")) if text)
    if not text:
        return 0
    found, typeface = wrapped(draw, text, WIDTH - 2 * MARGIN, 30, lines=2)
    height = len(found) * round(typeface.size * 1.3)
    y = HEIGHT - MARGIN - height
    for line in found:
        draw.text((MARGIN, y), line, font=typeface, fill=MUTED)
        y += round(typeface.size * 1.3)
    return height + 16


def _chart(draw, game, top, bottom):
    """The totals chart of the finished page, its geometry from charts.py scaled to fit."""
    draw.text((MARGIN, top), _("Totals over the rounds"), font=font(32, True), fill=FG)
    legend = _threshold_legend(game)
    chart_top, chart_bottom = top + 52, bottom - 44 - (44 if legend else 0)
    scale = (WIDTH - 2 * MARGIN) / 360
    units = max(120, (chart_bottom - chart_top) / scale)
    chart = summaries.totals_chart(game, width=360, height=round(units))

    def at(x, y):
        return (MARGIN + float(x) * scale, chart_top + float(y) * scale)

    label = font(max(20, round(11 * scale)))
    for tick in chart.y_ticks:
        draw.line([at(chart.left, tick.at), at(chart.right, tick.at)], fill=LINE, width=2)
        x, y = at(chart.left, tick.at)
        draw.text((x - 10, y), tick.label, font=label, fill=FG, anchor="rm")
    for tick in chart.x_ticks:
        x, y = at(tick.at, chart.bottom)
        anchor = {"start": "la", "end": "ra"}.get(tick.anchor, "ma")
        draw.text((x, y + 10), tick.label, font=label, fill=FG, anchor=anchor)
    x, y = at((float(chart.left) + float(chart.right)) / 2, chart.bottom)
    draw.text((x, y + 48), _("Round"), font=font(24), fill=MUTED, anchor="ma")
    if chart.threshold:
        line = [at(chart.left, chart.threshold), at(chart.right, chart.threshold)]
        _dashed(draw, line, None, 4, colour=THRESHOLD, dash=(6, 4))
    for number, series in enumerate(chart.series):
        points = [at(dot.x, dot.y) for dot in series.dots]
        _dashed(draw, points, number, 7)
        for x, y in points:
            draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=SERIES[number % 6], outline=BG)
    if legend and chart.threshold:
        y = chart_bottom + 58
        _dashed(draw, [(MARGIN, y + 14), (MARGIN + 60, y + 14)], None, 4, THRESHOLD, (6, 4))
        draw.text((MARGIN + 76, y + 14), legend, font=font(26), fill=MUTED, anchor="lm")


def _threshold_legend(game) -> str:
    points = game.ruleset.end_score
    if points is None:
        return ""
    words = ngettext(
        "%(points)s point: the end of the game", "%(points)s points: the end of the game", points
    )
    return words % {"points": points}


def _dashed(draw, points, series, width, colour=None, dash=None):
    """A polyline in a series' colour and dash (history.css's), or in `colour` and `dash`."""
    colour = colour or SERIES[series % 6]
    dash = DASHES[series % 6] if dash is None else dash
    scaled = [part * width / 2.5 for part in dash]  # the CSS dashes are for a 2.5 px stroke
    for start, end in zip(points, points[1:], strict=False):
        if not scaled:
            draw.line([start, end], fill=colour, width=width)
            continue
        for a, b in _dash_segments(start, end, scaled):
            draw.line([a, b], fill=colour, width=width)


def _dash_segments(start, end, pattern):
    """The drawn pieces of the segment start-end under a dash pattern (on, off, on, ...)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return []
    pieces, at, index = [], 0.0, 0
    while at < length:
        step = pattern[index % len(pattern)]
        if index % 2 == 0:
            stop = min(at + step, length)
            pieces.append(
                (
                    (x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length),
                    (x0 + (x1 - x0) * stop / length, y0 + (y1 - y0) * stop / length),
                )
            )
        at += step
        index += 1
    return pieces
