"""A correction of the reader belongs to its author: another judge proposes, never overwrites or
removes it, and every change of the value in force is kept in its history."""

from __future__ import annotations

from pathlib import Path

import pytest
from cardfiles import ALL_ROWS, make_cdb
from django.contrib.auth.models import User
from django.test import Client

from rulings.cards.importing import import_cdb
from rulings.cards.models import Card, OverrideHistory, OverrideProposal, ReaderOverride


@pytest.fixture
def card(seeded: None, tmp_path: Path) -> Card:
    import_cdb(make_cdb(tmp_path / "cards.cdb", ALL_ROWS))
    return Card.objects.get(name="Relay Weaver")  # effect 1 is read as an ignition effect


@pytest.fixture
def alice(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("alice", password="pw-for-tests-only")


@pytest.fixture
def bob(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("bob", password="pw-for-tests-only")


def _as(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _kind(card: Card) -> str:
    card.refresh_from_db()
    return card.data["effects"][0]["kind"]


def test_another_judge_cannot_change_or_remove_a_correction(card: Card, alice: User, bob: User) -> None:
    url = f"/cards/{card.pk}/overrides/"
    assert _as(alice).post(url, {"effect": "1", "field": "kind", "value": "quick"}).status_code == 302
    override = ReaderOverride.objects.get(card=card)
    assert (override.author, override.value, _kind(card)) == (alice, "quick", "quick")

    bobs = _as(bob)
    assert bobs.post(url, {"effect": "1", "field": "kind", "value": "trigger"}).status_code == 302
    override.refresh_from_db()
    assert (override.author, override.value, _kind(card)) == (alice, "quick", "quick"), "not overwritten"
    proposal = OverrideProposal.objects.get(card=card)
    assert (proposal.author, proposal.value, proposal.status) == (bob, "trigger", OverrideProposal.OPEN)

    refused = bobs.post(url, {"remove": str(override.pk)})
    assert refused.status_code == 403 and "alice" in refused.content.decode()
    assert ReaderOverride.objects.filter(pk=override.pk).exists(), "not removed"
    assert bobs.post(url, {"accept": str(proposal.pk)}).status_code == 403, "nor accepted by its proposer"
    page = bobs.get(f"/cards/{card.pk}/").content.decode()
    assert "proposed by bob" in page and "Remove</button>" not in page and "Accept</button>" not in page


def test_the_author_decides_and_the_history_keeps_every_change(card: Card, alice: User, bob: User) -> None:
    url = f"/cards/{card.pk}/overrides/"
    alices = _as(alice)
    alices.post(url, {"effect": "1", "field": "kind", "value": "quick"})
    alices.post(url, {"effect": "1", "field": "kind", "value": "ignition"})  # her own: changed
    _as(bob).post(url, {"effect": "1", "field": "kind", "value": "trigger"})
    page = alices.get(f"/cards/{card.pk}/").content.decode()
    assert "proposed by bob" in page and "Accept</button>" in page

    proposal = OverrideProposal.objects.get(card=card)
    assert alices.post(url, {"accept": str(proposal.pk)}).status_code == 302
    proposal.refresh_from_db()
    assert (proposal.status, proposal.decided_by, _kind(card)) == (
        OverrideProposal.ACCEPTED,
        alice,
        "trigger",
    )
    override = ReaderOverride.objects.get(card=card)
    assert override.author == alice, "accepting keeps the correction its author's"

    alices.post(url, {"remove": str(override.pk)})
    assert not ReaderOverride.objects.exists() and _kind(card) == "ignition"
    history = list(
        OverrideHistory.objects.filter(card=card)
        .order_by("created", "id")
        .values_list("action", "value", "author")
    )
    assert history == [
        ("set", "quick", alice.pk),
        ("changed", "ignition", alice.pk),
        ("accepted", "trigger", alice.pk),
        ("removed", "trigger", alice.pk),
    ]


def test_staff_decide_for_a_correction_whose_author_is_gone(
    card: Card, alice: User, bob: User, django_user_model: type[User]
) -> None:
    url = f"/cards/{card.pk}/overrides/"
    _as(alice).post(url, {"effect": "1", "field": "kind", "value": "quick"})
    alice.delete()
    override = ReaderOverride.objects.get(card=card)
    assert override.author is None
    _as(bob).post(url, {"effect": "1", "field": "kind", "value": "trigger"})
    assert ReaderOverride.objects.get(card=card).value == "quick", "a former judge's is still not bob's"
    staff = django_user_model.objects.create_user("carol", password="pw-for-tests-only", is_staff=True)
    assert _as(staff).post(url, {"remove": str(override.pk)}).status_code == 302
    assert not ReaderOverride.objects.exists()
    assert OverrideProposal.objects.get().status == OverrideProposal.DECLINED


def test_a_correction_with_a_control_character_is_refused(card: Card, alice: User) -> None:
    response = _as(alice).post(
        f"/cards/{card.pk}/overrides/", {"effect": "1", "field": "cost", "value": "Tribute\x00 1 monster"}
    )
    assert response.status_code == 400 and "control character (U+0000)" in response.content.decode()
    assert not ReaderOverride.objects.exists()
