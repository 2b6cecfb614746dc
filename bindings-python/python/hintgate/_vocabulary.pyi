"""SPEC §8's vocabulary: ``str`` enums whose members equal their words."""

import enum

from ._native import Hints

class _Word(str, enum.Enum):
    def __str__(self) -> str: ...

class Action(_Word):
    ALLOW = "allow"
    CONFIRM = "confirm"
    DENY = "deny"

class Risk(_Word):
    READ = "read"
    COMPUTE = "compute"
    EXTERNAL = "external"
    SHARE = "share"
    SPEND = "spend"
    DESTRUCTIVE = "destructive"

class Reason(_Word):
    POLICY = "policy"
    INVALID_DEFINITION = "invalid_definition"
    UNTRUSTED = "untrusted"
    UNKNOWN_TIER = "unknown_tier"
    CONFLICTING_HINTS = "conflicting_hints"
    TIER_MISMATCH = "tier_mismatch"
    OFFLINE = "offline"
    MISSING_SCOPE = "missing_scope"
    COST_WARNING = "cost_warning"

class Retry(_Word):
    SAFE = "safe"
    SAME_KEY = "same_key"
    NEVER = "never"

class Finding(_Word):
    CONFLICTING_HINTS = "conflicting_hints"
    TIER_MISMATCH = "tier_mismatch"
    UNKNOWN_TIER = "unknown_tier"
    INVALID_HINT = "invalid_hint"
    UNANNOTATED = "unannotated"
    NAME_SUGGESTS_READ = "name_suggests_read"
    NAME_SUGGESTS_DESTRUCTIVE = "name_suggests_destructive"

class Hint(_Word):
    READ_ONLY_HINT = "readOnlyHint"
    DESTRUCTIVE_HINT = "destructiveHint"
    IDEMPOTENT_HINT = "idempotentHint"
    OPEN_WORLD_HINT = "openWorldHint"
    COST_WARNING = "costWarning"
    PROGRESS_INDICATORS = "progressIndicators"

class Preset(_Word):
    DEFAULT = "default"
    CAUTIOUS = "cautious"
    STRICT = "strict"
    PLAN = "plan"
    PERMISSIVE = "permissive"

class InvalidKind(_Word):
    NOT_AN_OBJECT = "not_an_object"
    MISSING_NAME = "missing_name"
    DUPLICATE_KEY = "duplicate_key"
    ANNOTATIONS_NOT_OBJECT = "annotations_not_object"
    META_NOT_OBJECT = "meta_not_object"
    TOO_MANY_KEYS = "too_many_keys"

class Tier(_Word):
    READ = "read"
    COMPUTE = "compute"
    EXTERNAL_SPEND = "external_spend"
    SHARE_EXPORT = "share_export"
    DESTRUCTIVE = "destructive"
    @property
    def annotations(self) -> dict[str, bool]: ...
    @property
    def meta(self) -> dict[str, str]: ...
    @property
    def hints(self) -> Hints: ...
    @property
    def risk(self) -> Risk: ...
