"""The forms every page reads its input through: a game and its rounds, the hand
calculator, the history's filters and the backup import."""
