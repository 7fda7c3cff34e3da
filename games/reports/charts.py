"""Line charts as SVG geometry, computed on the server; templates only draw them.

Coordinates are returned as strings formatted here: a template would localize the
numbers ("12,5" in French) and break the SVG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

PALETTE_SIZE = 6  # app.css defines .series-0 to .series-5, light and dark


@dataclass(frozen=True)
class Line:
    """One series to draw: a label, its values, and the indexes to mark as special."""

    label: str
    values: Sequence[int]
    marked: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Tick:
    at: str
    label: str
    anchor: str = "middle"  # SVG text-anchor: the end labels stay inside the picture


@dataclass(frozen=True)
class Dot:
    x: str
    y: str
    value: int
    marked: bool


@dataclass(frozen=True)
class Series:
    label: str
    css: str
    path: str
    dots: tuple[Dot, ...]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: str
    right: str
    top: str
    bottom: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    threshold: str | None  # the y of the line at the game's end score, when it fits
    series: tuple[Series, ...]
    x_labels: tuple[str, ...]
    end_score: int | None = None  # the score that line stands for

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    @property
    def rows(self) -> list[tuple[str, list[int | None]]]:
        """The same data as a table: one row per x label, one value per series."""
        return [
            (label, [s.dots[i].value if i < len(s.dots) else None for s in self.series])
            for i, label in enumerate(self.x_labels)
        ]


def _fmt(number: float) -> str:
    return f"{number:.1f}"


def _y_max(lines: Sequence[Line], threshold: int | None) -> int:
    highest = max([v for line in lines for v in line.values] + [threshold or 0, 10])
    return math.ceil(highest / 10) * 10


def _y_step(span: int) -> int:
    """Ten or so ticks at most on the y axis: every 10, 20, 50, 100..."""
    return next((step for step in (10, 20, 50, 100, 200, 500) if span <= 8 * step), 1000)


def _anchor(index: int, indexes: list[int]) -> str:
    if len(indexes) > 1 and index == indexes[0]:
        return "start"
    return "end" if len(indexes) > 1 and index == indexes[-1] else "middle"


def _tick_indexes(count: int, room: int) -> list[int]:
    """At most about `room` evenly spaced labels, always the first and the last."""
    if count == 0:
        return []
    every = max(1, math.ceil(count / room))
    indexes = list(range(0, count, every))
    if indexes[-1] != count - 1:
        # The last label takes the place of the one before it, which would sit too close.
        indexes[-1] = count - 1
    return indexes


def line_chart(
    lines: Sequence[Line],
    x_labels: Sequence[str],
    *,
    threshold: int | None = None,
    width: int = 360,
    height: int = 220,
    x_room: int = 12,
    from_lowest: bool = False,
) -> Chart:
    """Lines over the same x positions (one per label), on a y axis from 0 up (from just
    under the lowest value, with `from_lowest`: a rating lies around 1,000, far from 0);
    `threshold` draws a line at a game's end score."""
    left, right, top, bottom = 30, width - 10, 10, height - 24
    top_value = _y_max(lines, threshold)
    lowest = min((v for line in lines for v in line.values), default=0) if from_lowest else 0
    y_step = _y_step(top_value - math.floor(lowest / 10) * 10)
    low = math.floor(lowest / y_step) * y_step
    step_x = (right - left) / max(len(x_labels) - 1, 1)

    def x(index):
        return left + index * step_x

    def y(value):
        return bottom - (bottom - top) * (max(value, low) - low) / (top_value - low)

    y_ticks = tuple(Tick(_fmt(y(v)), str(v)) for v in range(low, top_value + 1, y_step))
    indexes = _tick_indexes(len(x_labels), x_room)
    x_ticks = tuple(Tick(_fmt(x(i)), x_labels[i], _anchor(i, indexes)) for i in indexes)
    series = tuple(_series(line, number, x, y) for number, line in enumerate(lines))
    shown = threshold is not None and threshold <= top_value
    return Chart(
        width,
        height,
        _fmt(left),
        _fmt(right),
        _fmt(top),
        _fmt(bottom),
        x_ticks,
        y_ticks,
        _fmt(y(threshold)) if shown else None,
        series,
        tuple(x_labels),
        threshold if shown else None,
    )


def _series(line: Line, number: int, x, y) -> Series:
    dots = tuple(
        Dot(_fmt(x(i)), _fmt(y(v)), v, i in line.marked) for i, v in enumerate(line.values)
    )
    path = " ".join(f"{'M' if i == 0 else 'L'}{dot.x} {dot.y}" for i, dot in enumerate(dots))
    return Series(line.label, f"series-{number % PALETTE_SIZE}", path, dots)
