"""noteproof's errors: one base class, each error carrying the location it is about."""
from __future__ import annotations

from .model import Location


class NoteproofError(Exception):
    """Base of every error noteproof reports; printed as ``FILE:LINE: message``."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class RegistryError(NoteproofError, ValueError):
    """claims.yaml is malformed or inconsistent."""


class NoteError(NoteproofError, ValueError):
    """A note cannot be read or parsed."""


class FormulaError(NoteproofError, ValueError):
    """A formula cannot be read by the project's reader."""


class NumberError(NoteproofError, ValueError):
    """A quoted number cannot be read."""


class ContentError(NoteproofError, LookupError):
    """derivations/ or numerics/ cannot be loaded, or an id is not registered."""


class UsageError(NoteproofError, ValueError):
    """The command line is wrong."""
