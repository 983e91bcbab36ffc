"""Text a judge types and the site stores has no NUL or other control characters.

Tabs and line breaks are text; any other control character (C0, DEL, C1) is a paste gone wrong
or a probe, and some databases refuse NUL outright. It lives in the lowest app that stores typed
text (a correction's value), so every app above uses this one check: titles, notes, scenarios.
"""

import re

# C0 controls but tab, line feed and carriage return; DEL; C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_character(text: str) -> str | None:
    """Where the first control character is and which it is, in words; None if there is none."""
    found = CONTROL.search(text)
    if found is None:
        return None
    before = text[: found.start()]
    line, column = before.count("\n") + 1, found.start() - (before.rfind("\n") + 1) + 1
    return (
        f"has a control character (U+{ord(found.group()):04X}) at line {line}, column {column}; "
        "only text, tabs and line breaks are accepted"
    )
