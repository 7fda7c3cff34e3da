from django.urls import path

from games import live, views, views_history

urlpatterns = [
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/rounds/", views.round_add, name="round_add"),
    path("games/<int:pk>/rounds/<int:number>/edit/", views.round_edit, name="round_edit"),
    path("games/<int:pk>/undo/", views.round_undo, name="round_undo"),
    path("games/<int:pk>/rematch/", views.game_rematch, name="game_rematch"),
    path("games/<int:pk>.json", views.game_json, name="game_json"),
    path("games/<int:pk>/share/", live.game_share, name="game_share"),
    path("games/<int:pk>/share/qr.svg", live.game_share_qr, name="game_share_qr"),
    path("games/<int:pk>/share/stop/", live.game_share_revoke, name="game_share_revoke"),
    path("live/<slug:token>/", live.live, name="live"),
    path("games/<int:pk>/bgstats.json", views_history.game_bgstats, name="game_bgstats"),
    path("history/", views_history.history_list, name="history"),
    path("history/export.json", views_history.export_json, name="export_json"),
    path("history/export.csv", views_history.export_csv, name="export_csv"),
    path("history/import/", views_history.backup_import, name="backup_import"),
    path("players/<int:pk>/", views_history.player_detail, name="player"),
]
