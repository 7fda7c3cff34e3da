from django import template

register = template.Library()


@register.filter
def hand_row(calculator, seat):
    """A player's row of Llama Llama's hand calculator (games/forms/calculator.py)."""
    return calculator.row(seat)
