from django.urls import path

from games.views import corrections, history, live, nights, players, result, scorers, sheet

urlpatterns = [
    path("games/new/", sheet.game_new, name="game_new"),
    path("games/<int:pk>/", sheet.game_detail, name="game"),
    path("games/<int:pk>/board/", sheet.game_board, name="game_board"),
    path("games/<int:pk>/rounds/", sheet.round_add, name="round_add"),
    path("games/<int:pk>/rounds/<int:number>/edit/", corrections.round_edit, name="round_edit"),
    path("games/<int:pk>/undo/", corrections.round_undo, name="round_undo"),
    path("games/<int:pk>/about/", sheet.game_about, name="game_about"),
    path("games/<int:pk>/rematch/", sheet.game_rematch, name="game_rematch"),
    path("games/<int:pk>/delete/", sheet.game_delete, name="game_delete"),
    path("games/<int:pk>/night/", nights.game_night, name="game_night"),
    path("games/<int:pk>.json", sheet.game_json, name="game_json"),
    path("games/<int:pk>/result.png", result.game_result_png, name="game_result_png"),
    path("games/<int:pk>/share/", live.game_share, name="game_share"),
    path("games/<int:pk>/share/qr.svg", live.game_share_qr, name="game_share_qr"),
    path("games/<int:pk>/share/stop/", live.game_share_revoke, name="game_share_revoke"),
    path("live/<slug:token>/", live.live, name="live"),
    path("games/<int:pk>/scorers/", scorers.game_scorers, name="game_scorers"),
    path(
        "games/<int:pk>/scorers/<int:number>/qr.svg",
        scorers.game_scorer_qr,
        name="game_scorer_qr",
    ),
    path(
        "games/<int:pk>/scorers/<int:number>/revoke/",
        scorers.game_scorer_revoke,
        name="game_scorer_revoke",
    ),
    # A scorer link: the sheet of one game and its rounds, nothing else (views/access.py).
    path("s/<slug:token>/", scorers.scorer_sheet, name="scorer_sheet"),
    path("s/<slug:token>/board/", scorers.scorer_board, name="scorer_board"),
    path("s/<slug:token>/rounds/", scorers.scorer_round_add, name="scorer_round_add"),
    path(
        "s/<slug:token>/rounds/<int:number>/edit/",
        scorers.scorer_round_edit,
        name="scorer_round_edit",
    ),
    path("s/<slug:token>/undo/", scorers.scorer_round_undo, name="scorer_round_undo"),
    path("games/<int:pk>/bgstats.json", history.game_bgstats, name="game_bgstats"),
    path("history/", history.history_list, name="history"),
    path("history/export.json", history.export_json, name="export_json"),
    path("history/export.csv", history.export_csv, name="export_csv"),
    path("history/import/", history.backup_import, name="backup_import"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("players/<int:pk>/rename/", players.player_rename, name="player_rename"),
    path("players/<int:pk>/merge/", players.player_merge, name="player_merge"),
]
