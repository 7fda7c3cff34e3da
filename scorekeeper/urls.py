from django.contrib import admin
from django.urls import include, path

from games import views, webapp

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("", include("games.urls")),
]
