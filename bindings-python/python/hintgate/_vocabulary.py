"""SPEC §8's vocabulary as ``str`` enums, built from the core's own words.

Each member *is* its word: ``Action.CONFIRM == "confirm"``, ``str(Risk.READ)
== "read"``, and ``json.dumps`` writes the word. Member names are the words
in upper case (``Hint.READ_ONLY_HINT`` is ``"readOnlyHint"``).
"""

import enum
import functools
import json
import re
from typing import Any, Dict, Tuple

from . import _native


class _Word(str, enum.Enum):
    """A word of hintgate's vocabulary; equal to the plain string."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)


def _member_name(word: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", "_", word).upper()


_WORDS = _native.vocabulary()


def _build(base: Any, name: str) -> Any:
    members = [(_member_name(word), word) for word in _WORDS[name]]
    return base(name, members, module="hintgate", qualname=name)


@functools.lru_cache(maxsize=None)
def _stamp(word: str) -> Tuple[str, str, int, Any]:
    return _native.tier_stamp(word)  # type: ignore[no-any-return]


class _TierWord(_Word):
    """A side-effect tier, with what a server stamps on a tool of that tier."""

    @property
    def annotations(self) -> Dict[str, bool]:
        """The tool's ``annotations`` for this tier (SPEC §2's stamp)."""
        return json.loads(_stamp(str(self))[0])  # type: ignore[no-any-return]

    @property
    def meta(self) -> Dict[str, str]:
        """The tool's ``_meta`` entry: ``{"x-side-effect": "<tier>"}``."""
        return json.loads(_stamp(str(self))[1])  # type: ignore[no-any-return]

    @property
    def hints(self) -> Any:
        """The stamp as packed ``Hints``."""
        return _native.Hints.from_bits(_stamp(str(self))[2])

    @property
    def risk(self) -> Any:
        """The tier's risk class (SPEC §3)."""
        return _stamp(str(self))[3]


Action = _build(_Word, "Action")
Risk = _build(_Word, "Risk")
Reason = _build(_Word, "Reason")
Retry = _build(_Word, "Retry")
Finding = _build(_Word, "Finding")
Hint = _build(_Word, "Hint")
Preset = _build(_Word, "Preset")
InvalidKind = _build(_Word, "InvalidKind")
Tier = _build(_TierWord, "Tier")
