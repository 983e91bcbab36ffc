"""What a judge's correction of the reader does: a correction belongs to its author.

Corrections change replays for everyone, so no judge overwrites or removes another's: the
author (or staff) changes or removes it; anyone else's value becomes a proposal the author
accepts or declines. Every change of the value in force is added to `OverrideHistory`.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone

from rulings.cards.importing import refresh_read_card
from rulings.cards.models import Card, OverrideHistory, OverrideProposal, ReaderOverride


class NotYours(Exception):
    """The judge may not change this correction (it is another judge's)."""


def may_decide(user: Any, override: ReaderOverride) -> bool:
    """The correction's author, or staff (who also decide for a correction whose author is gone)."""
    return bool(user.is_authenticated and (user.is_staff or override.author_id == user.pk))


def _record(
    override: ReaderOverride, action: str, user: Any, proposal: OverrideProposal | None = None
) -> None:
    OverrideHistory.objects.create(
        card_id=override.card_id,
        text_hash=override.text_hash,
        effect_index=override.effect_index,
        field=override.field,
        value=override.value,
        action=action,
        author=user,
        proposal=proposal,
    )


@transaction.atomic
def correct(card: Card, effect_index: int, field: str, value: Any, user: Any) -> str:
    """Set the field's correction for the card's current text: "set" (none yet: it is the judge's),
    "changed" (their own), "unchanged", or "proposed" (another judge's: the owner decides)."""
    key = {"card": card, "text_hash": card.text_hash, "effect_index": effect_index, "field": field}
    override = ReaderOverride.objects.filter(**key).first()
    if override is None:
        override = ReaderOverride.objects.create(**key, value=value, author=user)
        _record(override, OverrideHistory.SET, user)
        outcome = "set"
    elif override.value == value:
        return "unchanged"
    elif may_decide(user, override):
        override.value = value
        override.save(update_fields=["value", "updated"])
        _record(override, OverrideHistory.CHANGED, user)
        outcome = "changed"
    else:
        OverrideProposal.objects.create(**key, value=value, author=user)
        return "proposed"
    refresh_read_card(card)
    return outcome


@transaction.atomic
def remove(override: ReaderOverride, user: Any) -> None:
    """Remove a correction (its author or staff); its open proposals are declined with it."""
    if not may_decide(user, override):
        raise NotYours(f"This correction is {_owner(override)}'s; propose another value instead.")
    _record(override, OverrideHistory.REMOVED, user)
    _open_proposals(override).update(
        status=OverrideProposal.DECLINED, decided_by=user, decided=timezone.now()
    )
    override.delete()
    refresh_read_card(override.card)


@transaction.atomic
def decide(proposal: OverrideProposal, user: Any, accept: bool) -> None:
    """The owner of the correction accepts a proposal (its value is then in force) or declines it."""
    override = ReaderOverride.objects.filter(
        card_id=proposal.card_id,
        text_hash=proposal.text_hash,
        effect_index=proposal.effect_index,
        field=proposal.field,
    ).first()
    if override is None or proposal.status != OverrideProposal.OPEN or not may_decide(user, override):
        raise NotYours("Only the correction's author decides on proposals for it.")
    proposal.status = OverrideProposal.ACCEPTED if accept else OverrideProposal.DECLINED
    proposal.decided_by, proposal.decided = user, timezone.now()
    proposal.save(update_fields=["status", "decided_by", "decided"])
    if accept:
        override.value = proposal.value
        override.save(update_fields=["value", "updated"])
        _record(override, OverrideHistory.ACCEPTED, user, proposal)
        refresh_read_card(override.card)


def _open_proposals(override: ReaderOverride) -> Any:
    return OverrideProposal.objects.filter(
        card_id=override.card_id,
        text_hash=override.text_hash,
        effect_index=override.effect_index,
        field=override.field,
        status=OverrideProposal.OPEN,
    )


def _owner(override: ReaderOverride) -> str:
    return override.author.get_username() if override.author else "a former judge"
