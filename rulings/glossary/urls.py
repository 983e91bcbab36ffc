from django.urls import path

from rulings.glossary import views

urlpatterns = [
    path("glossary/", views.glossary_index, name="glossary"),
    path("glossary/<slug:slug>/", views.glossary_detail, name="glossary-entry"),
]
