from django.contrib import admin
from django.urls import include, path

from games import views
from games.throttle import refuse_when_throttled

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("admin/login/", refuse_when_throttled(admin.site.login)),
    path("admin/", admin.site.urls),
    path("accounts/login/", refuse_when_throttled(views.login), name="login"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]
