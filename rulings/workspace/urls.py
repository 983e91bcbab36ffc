"""The judge's workspace: board editor, action builder, what-if compare."""

from django.urls import path

from rulings.workspace import views

urlpatterns = [
    path("editor/", views.editor, name="editor"),
    path("editor/validate/", views.editor_validate, name="editor-validate"),
    path("editor/save/", views.editor_save, name="editor-save"),
    path("editor/builder/", views.editor_builder, name="editor-builder"),
    path("editor/cards/", views.editor_cards, name="editor-cards"),
    path("compare/<str:a>/<str:b>/", views.compare, name="compare"),
]
