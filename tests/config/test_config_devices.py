"""issue 29: the devices choice in a config ([devices] enabled, host, port): read by the schema,
each bad value one line naming its key."""

from __future__ import annotations

import pytest

from homegame.config import DEFAULT_DEVICES_PORT, ConfigError, DeviceSettings, parse_config

HOLDEM = 'game = "holdem"\n'


def test_a_config_without_devices_plays_at_the_laptop() -> None:
    assert parse_config(HOLDEM).devices == DeviceSettings(False, "localhost", DEFAULT_DEVICES_PORT)


def test_a_devices_section_turns_the_phones_on_with_its_address_and_port() -> None:
    text = HOLDEM + '[devices]\nenabled = true\nhost = "0.0.0.0"\nport = 9000\n'
    assert parse_config(text).devices == DeviceSettings(True, "0.0.0.0", 9000)


def test_the_address_and_port_default_to_this_machine_and_the_house_port() -> None:
    assert parse_config(HOLDEM + "[devices]\nenabled = true\n").devices == DeviceSettings(True)


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('enabled = "yes"', 'devices.enabled: expected true or false, got "yes"'),
        ("port = 0", "devices.port: expected a port from 1 to 65,535, got 0"),
        ("port = 70000", "devices.port: expected a port from 1 to 65,535, got 70000"),
        ('port = "80"', 'devices.port: expected a port from 1 to 65,535, got "80"'),
        (
            'host = "a b"',
            'devices.host: expected an address such as localhost or 0.0.0.0, got "a b"',
        ),
        ('host = ""', "devices.host: expected an address such as localhost or 0.0.0.0"),
        ("hots = 1", "devices.hots: unknown key (expected one of enabled, host, port)"),
    ],
)
def test_a_bad_devices_value_is_one_line_naming_its_key(body: str, line: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(HOLDEM + "[devices]\n" + body + "\n")
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith(line)


def test_devices_must_be_a_table() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(HOLDEM + "devices = true\n")
    assert caught.value.problems == ["devices: expected a table ([devices]), got true"]
