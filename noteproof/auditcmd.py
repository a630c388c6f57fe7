"""The verbs audit and scan (being written)."""
from __future__ import annotations


def register(verbs) -> None:
    pass
