from django.urls import path

from games import views

urlpatterns = [
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/rounds/", views.round_add, name="round_add"),
    path("games/<int:pk>/rounds/<int:number>/edit/", views.round_edit, name="round_edit"),
    path("games/<int:pk>/undo/", views.round_undo, name="round_undo"),
    path("games/<int:pk>/rematch/", views.game_rematch, name="game_rematch"),
    path("games/<int:pk>.json", views.game_json, name="game_json"),
]
