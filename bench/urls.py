"""The app's URLs, plus a reference page for bench/run.py: the least a signed-in page with a
form does (who is asking, a CSRF token), so that the sheet can be compared with it as well as
with the bare view."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.urls import path
from django.utils.html import format_html
from django.views.decorators.http import require_GET

from scorekeeper.urls import urlpatterns as app


@login_required
@require_GET
def signed_in_form(request):
    field = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
    return HttpResponse(format_html(field, get_token(request)))


urlpatterns = [path("bench/signed-in-form/", signed_in_form), *app]
