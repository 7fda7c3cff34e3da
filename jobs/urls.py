from django.urls import path

from jobs import views

urlpatterns = [
    path("jobs/<int:pk>/", views.job_detail, name="job"),
    path("jobs/<int:pk>/file/", views.job_file, name="job_file"),
]
