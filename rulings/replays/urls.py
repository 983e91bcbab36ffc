"""The paste form and the step pages of a pasted scenario."""

from django.urls import path

from rulings.replays import views

urlpatterns = [
    path("", views.index, name="index"),
    path("s/<str:slug>/", views.scenario_step, name="scenario"),
    path("s/<str:slug>/step/<int:n>/", views.scenario_step, name="step"),
]
