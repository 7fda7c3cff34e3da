from django.contrib import admin
from django.urls import include, path

from accounts import views
from accounts.throttle import refuse_when_throttled

urlpatterns = [
    path("admin/login/", refuse_when_throttled(admin.site.login)),
    path("accounts/login/", refuse_when_throttled(views.login), name="login"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", views.account, name="account"),
    path("accounts/zone/", views.phone_zone, name="phone_zone"),
    path(
        "accounts/password_change/",
        views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path("accounts/email/", views.email_change, name="email_change"),
    path("accounts/delete/", views.account_delete, name="account_delete"),
    path("accounts/logout/", views.logout, name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
]
