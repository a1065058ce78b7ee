"""Regelhuskeark in the catalogue: the Mouse Guard engine and screen with the rabbits' ruleset
(``rules/mouse_guard/rulesets/regelhuskeark.toml``), played in Danish unless the table chose
English."""

from __future__ import annotations

from tablekit.catalog.mouse_guard import ruleset_listing
from tablekit.rules.mouse_guard.ruleset import shipped_ruleset

LISTING = ruleset_listing(shipped_ruleset("regelhuskeark"))
