"""What a pasted scenario leaves stored: anonymous, so it expires; never a control character."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.test import Client
from django.utils import timezone

from rulings.replays.models import Scenario


def _paste(client: Client, text: str) -> str:
    response = client.post("/", {"text": text})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def test_a_pasted_scenario_expires(client: Client, seeded: None, scenario_yaml: str) -> None:
    url = _paste(client, scenario_yaml)
    scenario = Scenario.objects.get()
    assert scenario.expires > timezone.now() + settings.SCENARIO_TTL - timedelta(minutes=1)
    assert client.get(url).status_code == 200

    Scenario.objects.update(expires=timezone.now() - timedelta(seconds=1))
    assert client.get(url).status_code == 404, "an expired scenario is not shown"
    assert _paste(client, scenario_yaml.replace("Summon and attack", "Another")) != url
    assert list(Scenario.objects.values_list("slug", flat=True)) == [Scenario.objects.get().slug]
    assert not Scenario.objects.filter(slug=url.strip("/").split("/")[-1]).exists(), "purged as one came"


def test_pasting_again_keeps_it_longer(client: Client, seeded: None, scenario_yaml: str) -> None:
    _paste(client, scenario_yaml)
    Scenario.objects.update(expires=timezone.now() + timedelta(hours=1))
    _paste(client, scenario_yaml)
    assert Scenario.objects.get().expires > timezone.now() + settings.SCENARIO_TTL - timedelta(minutes=1)


def test_text_with_a_control_character_is_refused(client: Client, seeded: None, scenario_yaml: str) -> None:
    text = scenario_yaml.replace("title: Summon and attack", "title: Summon\x07 and attack")
    response = client.post("/", {"text": text})
    assert response.status_code == 400 and "control character (U+0007) at line 2" in response.content.decode()
    assert not Scenario.objects.exists()
