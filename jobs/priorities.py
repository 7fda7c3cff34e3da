"""The queue's priorities (django-tasks-db takes the highest first, then the oldest): a small
job never waits behind other accounts' big ones. Without them one queue served everyone in
turn, and after six accounts uploaded 5,000-game backups a 2-game export waited 125 s. A big
job still runs, once the small ones queued before it are done; the range is django.tasks'
(-100 to 100)."""

# Seconds at most: a password-reset mail, an export of an account small enough to stream.
SMALL = 10
SMALL_EXPORT = 5
# Minutes: a big account's export, then an import (the biggest, and already waited on).
BIG_EXPORT = -5
BIG = -10
