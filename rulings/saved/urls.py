"""Saved rulings and judges' accounts."""

from django.urls import path

from rulings.saved import views

urlpatterns = [
    path("r/", views.ruling_list, name="ruling-list"),
    path("r/new/", views.ruling_new, name="ruling-new"),
    path("r/import/", views.ruling_import, name="ruling-import"),
    path("r/<str:slug>/", views.ruling_detail, name="ruling"),
    path("r/<str:slug>/step/<int:n>/", views.ruling_detail, name="ruling-step"),
    path("r/<str:slug>/edit/", views.ruling_edit, name="ruling-edit"),
    path("r/<str:slug>/versions/", views.ruling_versions, name="ruling-versions"),
    path("r/<str:slug>/versions/<int:number>/", views.ruling_version, name="ruling-version"),
    path("r/<str:slug>/export.yaml", views.ruling_export, {"ext": "yaml"}, name="ruling-export-yaml"),
    path("r/<str:slug>/export.json", views.ruling_export, {"ext": "json"}, name="ruling-export-json"),
    path("r/<str:slug>/print/", views.ruling_print, name="ruling-print"),
    path("accounts/login/", views.login_view, name="login"),
    path("accounts/logout/", views.logout_view, name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
]
