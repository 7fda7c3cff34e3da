from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from games.views import offline, rule_pages, site

# The accounts, the games and the admin keep plain URLs (the log-in page stays at
# /accounts/login/) and follow the language cookie or the browser.
urlpatterns = [
    path("healthz", site.healthz, name="healthz"),
    path("", include("accounts.urls")),  # before the admin: its log-in page is throttled
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("manifest.webmanifest", site.manifest, name="manifest"),
    # At the root, so that the service worker's scope is the whole site.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("", include("games.urls")),
    path("", include("jobs.urls")),
]

# Public pages have one address per language (/en/…, /fr/…) that search engines and
# shared links keep; "/" sends each visitor to their language.
urlpatterns += i18n_patterns(
    path("", site.home, name="home"),
    path("rules/", rule_pages.rules_index, name="rules"),
    # Before rules/<slug>/, which would take these games' names for L.L.A.M.A. topics.
    path("rules/llama-llama/", rule_pages.llama_llama_index, name="rules_llama_llama"),
    path(
        "rules/llama-llama/<slug:slug>/",
        rule_pages.llama_llama_page,
        name="rules_llama_llama_page",
    ),
    path("rules/lato-z-komarami/", rule_pages.lato_page, name="rules_lato"),
    path("rules/party-edition/", rule_pages.party_page, name="rules_party"),
    path("rules/table/", rule_pages.table_page, name="rules_table"),
    path("rules/<slug:slug>/", rule_pages.rules_page, name="rules_page"),
    path("offline/", offline.offline, name="offline"),
)

handler404 = "scorekeeper.errors.page_not_found"
