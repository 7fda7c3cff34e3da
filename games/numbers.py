"""Numbers as a person reads them: the sign a printed scoresheet uses, chips laid in even rows.

Only for what is shown: input values, JSON and CSV keep the hyphen-minus that programs read.
"""

import math
import re

MINUS = "\u2212"
# A number as Python or Django's floatformat writes it: "-10", "-3.5", "-3,5".
LEADING_HYPHEN = re.compile(r"^-(?=\d)")


def shown(value):
    """`value` with a real minus sign (U+2212) instead of the hyphen; other values unchanged."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return f"{MINUS}{-value}" if value < 0 else str(value)
    if isinstance(value, str):
        return LEADING_HYPHEN.sub(MINUS, value)
    return value


def even_columns(count: int, most: int) -> int:
    """How many chips to a row so that `count` chips lie in even rows of at most about `most`,
    and never one chip alone on the last row (7 by 3 would leave one: 4 and 3 instead)."""
    if count <= most:
        return count
    columns = math.ceil(count / math.ceil(count / most))
    while count % columns == 1:
        columns += 1
    return columns


def chip_columns(chips: int, players: int) -> int:
    """Chips to a row in a total's cell, for `chips` chips of every colour: rows of at most 4
    where the columns are wide (up to four players), of 3 in the narrow columns of five or six."""
    return even_columns(chips, 4 if players <= 4 else 3)
