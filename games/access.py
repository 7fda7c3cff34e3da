"""The doors to a game and a player: every view reaches them through here (views never import
views). Another account's game or player is a 404.

Who acts on a game's sheet: its owner, signed in, or whoever holds one of its scorer links.
The sheet's views are written once, for an `Access`: the owner's URLs give them one through
`for_owner`, the scorer's (/s/<token>/...) through `for_scorer`. An `Access` reads the game
and builds the URLs its pages link to, so a scorer's pages only ever link to the scorer's
own, and the token is looked up again at every request: a revoked link stops at once.
The owner's other pages of a game (its JSON, its picture, its links) use `get_game_for`.
"""

import re
import uuid
from dataclasses import dataclass
from functools import wraps
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django_htmx.http import HttpResponseStopPolling

from games import nights, numbers
from games.models import Game, Round, ScorerLink, Seat, ShareLink

# The views a scorer link reaches, by the owner's URL name: everything else is the owner's.
SCORER_URLS = {
    "game": "scorer_sheet",
    "round_add": "scorer_round_add",
    "round_calculate": "scorer_round_calculate",
    "round_goal": "scorer_round_goal",
    "round_return": "scorer_round_return",
    "round_edit": "scorer_round_edit",
    "round_edit_calculate": "scorer_round_edit_calculate",
    "round_edit_goal": "scorer_round_edit_goal",
    "round_edit_return": "scorer_round_edit_return",
    "round_edit_preview": "scorer_round_edit_preview",
    "round_undo": "scorer_round_undo",
    "game_board": "scorer_board",
    "game_events": "scorer_events",
    "game_result_png": "scorer_result_png",
}


@dataclass(frozen=True)
class Access:
    pk: int  # the game's
    user: object = None  # the owner, signed in
    scorer: ScorerLink | None = None  # or a scorer link of the game
    # A page that only shows the game (the sheet, its board, its picture): a scorer link
    # whose game is over shows it still, read-only (ScorerLink.objects.showing).
    showing: bool = False

    def read(self):
        """The game as stored now, with its seats and their players in the same query: 404
        if it is not this owner's, or if the scorer link no longer reaches it (`showing`)."""
        # a game an import is still writing is nobody's yet (games/archive/restore.py)
        seats = Seat.objects.filter(game__pk=self.pk, game__importing__isnull=True)
        if self.scorer is None:
            seats = seats.filter(game__owner=self.user)
        else:
            seats = seats.filter(game__scorer_links__in=self._link())
        seats = list(seats.select_related("game", "player").order_by("position"))
        if not seats:  # a game always has two seats at least
            raise Http404
        game = seats[0].game
        for seat in seats:
            seat.game = game
        return game.attach(seats=seats)

    def version(self):
        """The game's version, all a poll needs while nothing changed: read with the link
        already (for_scorer), or in one query on one row; 404 as `read`."""
        if self.scorer is not None:
            return self.scorer.game.version
        found = self.row("version")
        if found is None:
            raise Http404
        return found[0]

    def url(self, name, *args):
        """The owner's URL `name` of this game, or its scorer twin under the link's token."""
        if self.scorer is None:
            return reverse(name, args=[self.pk, *args])
        return reverse(SCORER_URLS[name], args=[self.scorer.token, *args])

    def row(self, *fields):
        """`fields` of the game's row, in one query; None where `read` would be a 404."""
        games = Game.objects.filter(pk=self.pk)
        if self.scorer is None:
            games = games.filter(owner=self.user)
        else:
            games = games.filter(scorer_links__in=self._link())
        return games.values_list(*fields).first()

    def _link(self):
        """The scorer's link, as a query, while it still reaches the game for this page."""
        links = ScorerLink.objects.showing() if self.showing else ScorerLink.objects.working()
        return links.filter(pk=self.scorer.pk)

    @property
    def is_owner(self):
        return self.scorer is None

    @property
    def sheet_url(self):
        return self.url("game")

    @property
    def cache_key(self):
        """What tells its kept fragments apart: the links in them differ per scorer link."""
        return "owner" if self.scorer is None else f"scorer-{self.scorer.pk}"


@dataclass(frozen=True)
class Followed:
    """A game a stream follows (games/views/streams.py): its pk, its owner's, its version when
    the stream opened, and `ask()`, which asks the door again: the game's version, or None once
    the door is shut (the link turned off or expired, the session logged out, its password
    changed or its account disabled, the game deleted)."""

    pk: int
    owner: int
    version: int
    ask: object

    @property
    def account(self):
        """The account whose changes (a log-out, a password, the account disabled:
        notices.recheck_account) make it ask again: its game's owner's, whoever follows, which
        ends the owner's own streams and, once the account is closed, its links'."""
        return self.owner


def followed_by_owner(request, pk):
    """The owner's sheet's stream, or None (not signed in, not their game). Each ask checks
    the session as Django's authentication does at every request (`signed_in`)."""
    user, key = request.user, request.session.session_key
    if not user.is_authenticated:
        return None
    owner = user.pk

    def ask():
        if signed_in(key) != owner:
            return None
        return Game.objects.filter(owner=owner, pk=pk).values_list("version", flat=True).first()

    version = Game.objects.filter(owner=owner, pk=pk).values_list("version", flat=True).first()
    return None if version is None else Followed(pk, owner, version, ask)


def signed_in(key):
    """The pk of the account that session `key` signs in now, or None: Django's own get_user
    decides, as at every request (the session stored and not expired, the account there and
    active for its backend, the session's auth hash still its password's), on the session as
    stored now, read anew."""
    stored = import_module(settings.SESSION_ENGINE).SessionStore(key)
    return get_user(_Asking(_Detached(stored.items()))).pk


@dataclass(frozen=True)
class _Asking:
    """All of a request that get_user reads."""

    session: object


class _Detached(dict):
    """A session's data, apart from its store. get_user mends what it reads: it gives a session
    signed under a rotated SECRET_KEY a new key (cycle_key) and flushes one whose hash no longer
    matches. A page's request sends the new cookie; a stream has sent its headers already, so
    a new key there would sign the phone out, and a flush is the page's next request's to do."""

    def cycle_key(self):
        pass

    def flush(self):
        self.clear()


def followed_by_scorer(token):
    """A showing scorer link's stream, or None: its game over too, which the link still shows
    and its owner may correct (and reopen). Its query is built again at each ask: the link's
    expiry is measured from the time of the ask, not of the stream's opening."""
    return _followed(lambda: ScorerLink.objects.showing().filter(token=token))


def followed_by_viewer(token):
    """A live link's stream, or None."""
    return _followed(lambda: ShareLink.objects.live().filter(token=token))


def _followed(links):
    found = links().values_list("game_id", "game__owner_id", "game__version").first()
    if found is None:
        return None
    return Followed(*found, ask=lambda: links().values_list("game__version", flat=True).first())


def get_game_for(user, pk):
    """The one door to an owner's game: another account's game is a 404."""
    return Access(pk, user=user).read()


def get_player_for(user, pk):
    """The one door to a player: another account's player is a 404."""
    return get_object_or_404(user.players, pk=pk)


def get_night_for(user, pk):
    """The one door to a night: another account's night is a 404, and so is one that only an
    import still being written fills (games/nights.py, shown)."""
    return get_object_or_404(nights.shown(user.nights.all()), pk=pk)


def for_owner(view):
    """`view(request, access, ...)` served at the owner's URL, games/<pk>/..."""

    @login_required
    @wraps(view)
    def owner_view(request, pk, **kwargs):
        return view(request, Access(pk, user=request.user), **kwargs)

    return owner_view


def for_scorer(view, gone=None, showing=False):
    """`view(request, access, ...)` served at a scorer link's URL, s/<token>/... A link that
    does not work (revoked, mistyped, its game deleted) answers `gone(request, token)`; by
    default a 404 with a page that says so, and shows the numbers a form had sent, so that
    nothing typed is lost in silence. A view `showing` the game (no write) is served to the
    links of a finished game too: the phone that saved the last round sees the end."""

    @wraps(view)
    def scorer_view(request, token, **kwargs):
        links = ScorerLink.objects.showing() if showing else ScorerLink.objects.working()
        link = links.filter(token=token).select_related("game").first()
        try:
            if link is None:
                raise Http404
            return view(request, Access(link.game_id, scorer=link, showing=showing), **kwargs)
        except Http404:
            return (gone or scorer_gone)(request, token)

    return scorer_view


def board_gone(request, token):
    """To the scorer's board poll, a link stopped meanwhile (turned off, its game over): a
    notice in place of the board, with htmx's "stop polling" status (286). The form below
    keeps what was typed; a tap on Save then gets the page of scorer_gone, which lists it."""
    context = {"stopped": _stopped(token)[1]}
    return HttpResponseStopPolling(
        render_to_string("games/scorer_gone.html#board", context, request)
    )


def _stopped(token):
    """(the link of `token` or None, why it no longer works: ScorerLink.stopped, or "")."""
    link = ScorerLink.objects.filter(token=token).select_related("game").first()
    return link, link.stopped if link else ""


def scorer_gone(request, token):
    """The page of a link that no longer works, saying why (turned off, its game over, too
    old), with the numbers its form had sent (under the players' names when the link
    existed: its holder has seen them)."""
    revoked, stopped = _stopped(token)
    names = revoked.game.names if revoked else []
    typed = []
    for key, value in request.POST.items():
        if key.startswith("seat_") and value.strip():
            shown = numbers.shown(value.strip()[:6])
            typed.append((_seat_name(names, key.removeprefix("seat_")), shown))
    context = {"typed": typed, "stopped": stopped, "days": settings.SCORER_LINK_DAYS}
    context["saved"] = _saved_before(revoked, request.POST.get("idempotency_key"))
    return render(request, "games/scorer_gone.html", context, status=404)


def _saved_before(link, key):
    """The number of the round `link`'s game saved with the submission key `key` (the form
    sent again after its save committed, the link stopping in between), or None."""
    if link is None:
        return None
    try:
        key = uuid.UUID(str(key))  # None, or any junk, is no key
    except ValueError:
        return None
    rounds = Round.objects.filter(game=link.game_id, idempotency_key=key)
    return rounds.values_list("number", flat=True).first()


def _seat_name(names, seat):
    """The name at seat `seat` ("0", "1"...); "?" for anything else a form may send (another
    digit, a number too long for int())."""
    if re.fullmatch(r"[0-9]{1,2}", seat) and int(seat) < len(names):
        return names[int(seat)]
    return "?"
