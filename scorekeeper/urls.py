from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from games import rule_views, views, views_accounts, webapp
from games.throttle import refuse_when_throttled

# The accounts, the games and the admin keep plain URLs (the log-in page stays at
# /accounts/login/) and follow the language cookie or the browser.
urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("admin/login/", refuse_when_throttled(admin.site.login)),
    path("admin/", admin.site.urls),
    path("accounts/login/", refuse_when_throttled(views.login), name="login"),
    path("accounts/signup/", views.signup, name="signup"),
    path(
        "accounts/password_reset/",
        views_accounts.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("", include("games.urls")),
]

# Public pages have one address per language (/en/…, /fr/…) that search engines and
# shared links keep; "/" sends each visitor to their language.
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("rules/", rule_views.rules_index, name="rules"),
    path("rules/<slug:slug>/", rule_views.rules_page, name="rules_page"),
)
