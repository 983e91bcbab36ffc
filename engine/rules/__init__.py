"""The game's procedures, one module per part of the rulebook.

Each handler takes a `Tx` and the action, changes the game through the Tx, writes the
explanation next to the rule it applies, and raises `Illegal` when the action breaks a rule.
"""
