"""The app's URLs, plus two reference pages for bench/run.py: the least a signed-in page with a
form does (who is asking, a CSRF token), and an empty page of the site's layout (the same,
plus base.html: the header, the language switch, the links of the head). The sheet is compared
with both as well as with the bare view."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template import engines
from django.urls import path
from django.utils.html import format_html
from django.views.decorators.http import require_GET

from scorekeeper.urls import urlpatterns as app


@login_required
@require_GET
def signed_in_form(request):
    field = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
    return HttpResponse(format_html(field, get_token(request)))


EMPTY_PAGE = engines["django"].from_string(
    '{% extends "base.html" %}{% block title %}-{% endblock %}'
)


@login_required
@require_GET
def signed_in_layout(request):
    return HttpResponse(EMPTY_PAGE.render({}, request))


urlpatterns = [
    path("bench/signed-in-form/", signed_in_form),
    path("bench/signed-in-layout/", signed_in_layout),
    *app,
]
