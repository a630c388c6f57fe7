"""The nouns of noteproof: frozen dataclasses and enums that flow between modules.

Glossary: a Note holds Rows (status-table lines), Quotes (numbers located by a
snippet) and Formulas; a Claim ties a Row to Checks (derivations, numerics,
conditions); running a Claim yields a ClaimResult of Evidence, NumberResults and
FormulaResults; an audit yields Findings.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Status(enum.Enum):
    """One part of a status tag as the note writes it."""

    EXACT = "exact"
    CONTROLLED = "controlled approximation"
    APPROXIMATION = "approximation"
    CONDITIONAL = "conditional"
    PROPOSAL = "proposal"

    @property
    def mark(self) -> "Mark":
        return _MARK_OF[self]


class Mark(enum.Enum):
    """The four marks of the report."""

    EXACT = "exact"
    APPROXIMATE = "approximate"
    CONDITIONAL = "conditional"
    PROPOSAL = "proposal"


_MARK_OF = {
    Status.EXACT: Mark.EXACT,
    Status.CONTROLLED: Mark.APPROXIMATE,
    Status.APPROXIMATION: Mark.APPROXIMATE,
    Status.CONDITIONAL: Mark.CONDITIONAL,
    Status.PROPOSAL: Mark.PROPOSAL,
}


class Outcome(enum.Enum):
    VERIFIED = "verified"
    PARTLY = "partly verified"     # every check holds, but a general statement has only instance evidence
    FAILED = "failed"
    ERROR = "error"
    UNVERIFIED = "unverified"


class EvidenceKind(enum.Enum):
    """What a check established; the tag is earned by these kinds (README, "How it works")."""

    IDENTITY = "identity"              # SymPy proves two expressions equal (or exact arithmetic)
    INEQUALITY = "inequality"          # a certificate SymPy checks
    BOUND = "bound"                    # an error bound, derived and confirmed at sample points
    ORDER = "order"                    # an observed convergence order
    COUNTEREXAMPLE = "counterexample"  # a witness, checked exactly or at high precision
    NUMERIC = "numeric"                # a value at dps digits, confirmed at dps+20
    DEFINITION = "definition"          # true by definition
    NONE = "none"


class Reach(enum.Enum):
    """How far a piece of evidence reaches (README, "Reach, scope and errata").

    A general statement is verified only by evidence of general reach (or by the
    note's own definition); a statement about the page's setting by setting reach.
    """

    GENERAL = "general"          # all parameters in the stated range, symbolically
    SETTING = "setting"          # the page's own values
    INSTANCES = "instances"      # a few chosen cases
    SAMPLES = "samples"          # sampled points
    DEFINITION = "definition"    # the note's own definition


class Scope(enum.Enum):
    """What a claim's statement quantifies over, and so which reach verifies it."""

    GENERAL = "general"          # every value in the stated range
    SETTING = "setting"          # the page's printed values
    EXISTS = "exists"            # some case: a witness (a worked example) settles it


SUFFICIENT_REACH = {
    Scope.GENERAL: frozenset({Reach.GENERAL, Reach.DEFINITION}),
    Scope.SETTING: frozenset({Reach.GENERAL, Reach.DEFINITION, Reach.SETTING}),
    Scope.EXISTS: frozenset({Reach.GENERAL, Reach.DEFINITION, Reach.SETTING, Reach.INSTANCES}),
}


class ErratumKind(enum.Enum):
    """What is wrong with the note's words: false (the statement fails on an open set or at the
    page's settings), imprecise (the mathematics holds, the words say something else), overtagged
    (the tag is stronger than any correct evidence), missing-condition (it fails only at a
    degenerate or boundary case the page allows)."""

    FALSE = "false"
    IMPRECISE = "imprecise"
    OVERTAGGED = "overtagged"
    MISSING_CONDITION = "missing-condition"


class Failure(enum.Enum):
    """Where a witness's failure set lies; it decides the erratum's kind (`Failure.kind`)."""

    SETTING = "it fails at the page's own settings"
    OPEN = "it fails on an open set of what it speaks of"
    BOUNDARY = "it fails only at a degenerate or boundary case the page allows"
    WORDS = "the mathematics holds; the words say something else"
    TAG = "the tag is stronger than any correct evidence"

    @property
    def kind(self) -> ErratumKind:
        """false on an open set or at the page's settings; missing-condition at a boundary
        alone; imprecise when the mathematics is right and the words are not; overtagged."""
        return {Failure.SETTING: ErratumKind.FALSE, Failure.OPEN: ErratumKind.FALSE,
                Failure.BOUNDARY: ErratumKind.MISSING_CONDITION, Failure.WORDS: ErratumKind.IMPRECISE,
                Failure.TAG: ErratumKind.OVERTAGGED}[self]


@dataclass(frozen=True)
class Erratum:
    """Where the note is wrong: its words, the computation that shows it, a correction.

    The content supplies ``kind``, ``says`` (a verbatim substring of the note),
    ``finding`` (numbers a reader can recompute) and ``suggestion``; ``rerun`` are the
    ``--set`` values that reproduce the finding with ``noteproof check``. The engine
    fills ``claim`` and ``location`` (where ``says`` stands in the note).
    """

    kind: ErratumKind
    says: str
    finding: str
    suggestion: str
    rerun: tuple[tuple[str, str], ...] = ()
    claim: str = ""
    location: Location | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "rerun", tuple(tuple(p) for p in self.rerun))

    @property
    def command(self) -> str:
        """The command line that reproduces the finding."""
        sets = "".join(f" --set {k}={v}" for k, v in self.rerun)
        return f"noteproof check {self.claim}{sets}"


REACH_OF_KIND = {
    EvidenceKind.IDENTITY: Reach.GENERAL,        # a symbolic proof, unless it says otherwise
    EvidenceKind.INEQUALITY: Reach.GENERAL,
    EvidenceKind.COUNTEREXAMPLE: Reach.GENERAL,  # one witness settles an existence or a refutation
    EvidenceKind.DEFINITION: Reach.DEFINITION,
    EvidenceKind.NUMERIC: Reach.SETTING,
    EvidenceKind.BOUND: Reach.SAMPLES,
    EvidenceKind.ORDER: Reach.SAMPLES,
    EvidenceKind.NONE: Reach.INSTANCES,
}


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


@dataclass(frozen=True, order=True)
class Location:
    """Where something stands: a path, a 1-based line and an optional 1-based column."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if not self.line:
            return self.path
        return f"{self.path}:{self.line}" + (f":{self.column}" if self.column else "")


@dataclass(frozen=True)
class SourceWarning:
    """Something in a note or the registry that is read, but perhaps not as its author meant
    (a heading that nearly names the status table, a note the registry does not list): printed
    as ``noteproof: warning: FILE:LINE: message``, never an exit status of its own."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@dataclass(frozen=True)
class Evidence:
    """One thing a check established, and whether it held.

    ``supports`` names the tag part this evidence is meant to earn (None: every
    part); ``notice`` is set when the evidence shows more than the note claims;
    ``reach`` says how far it reaches (None: the usual reach of its kind, REACH_OF_KIND);
    ``erratum`` is set on evidence that shows the note wrong (it must not hold); ``holds_for``
    is the range of one parameter its certificate needs, as a LaTeX condition (``\\beta >0``):
    a status cell may state its tag over any range inside it (run.claim.printed_tag).
    """

    kind: EvidenceKind
    statement: str
    holds: bool
    supports: Status | None = None
    detail: str = ""
    notice: str = ""
    condition: bool = False   # a "where it applies" condition: must hold, earns no tag
    reach: Reach | None = None
    erratum: Erratum | None = None
    holds_for: str = ""

    def __post_init__(self) -> None:
        if self.reach is None:
            object.__setattr__(self, "reach", REACH_OF_KIND.get(self.kind, Reach.INSTANCES))


@dataclass(frozen=True)
class Step:
    """One step of a derivation, for `noteproof show`: a sentence and a SymPy object."""

    text: str
    expr: Any = None
    mathml: str = ""       # the expression as presentation MathML, for the HTML report


@dataclass(frozen=True)
class Derived:
    """What a registered derivation returns.

    ``forms`` are the closed forms it derived, by name, compared with the note's
    formulas; ``evidence`` is what it proved; ``steps`` tell the story.
    """

    forms: dict[str, Any] = field(default_factory=dict)
    evidence: tuple[Evidence, ...] = ()
    steps: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "evidence", tuple(self.evidence))
        object.__setattr__(self, "steps", tuple(self.steps))


@dataclass(frozen=True)
class NumberResult:
    """A quoted number against the value computed for it."""

    quoted: str
    computed: str          # the computed value, printed to about 20 significant digits
    dps: int               # 0 for 64-bit arithmetic
    outcome: Outcome
    location: Location | None
    check: str = ""        # numeric id
    message: str = ""
    decision: bool = False  # a decision error: the value reverses the conclusion the note draws
                            # from the number (run.decision); at the user's values (`check --set`),
                            # the conclusion no longer holds there


@dataclass(frozen=True)
class FormulaResult:
    """A formula as printed in the note against the form derived for it."""

    latex: str
    outcome: Outcome
    location: Location | None
    check: str = ""        # derivation id
    derived: str = ""      # the derived form, as text
    message: str = ""
    mathml: str = ""       # the derived form as presentation MathML, for the HTML report
    printed_mathml: str = ""   # the formula as the reader read it, as presentation MathML
    relation: bool = False     # the derived form is a relation: every side printed is compared
    derived_latex: str = ""    # the derived form as LaTeX in the note's notation (formula.texform)


@dataclass(frozen=True)
class ClaimResult:
    """Everything one claim's checks produced, and the verdict on its tag."""

    id: str
    note: str
    row: str
    tag: str
    marks: tuple[Mark, ...]
    outcome: Outcome
    evidence: tuple[Evidence, ...] = ()
    numbers: tuple[NumberResult, ...] = ()
    formulas: tuple[FormulaResult, ...] = ()
    uses: tuple[str, ...] = ()
    location: Location | None = None
    messages: tuple[str, ...] = ()   # why it failed or errored, and notices
    steps: tuple[Step, ...] = ()
    reported_mark: Mark | None = None    # the mark after the weakest-link rule (None: the tag's)
    figures: tuple["FigureResult", ...] = ()
    errata: tuple[Erratum, ...] = ()     # where the note is wrong, located
    scope: Scope = Scope.GENERAL
    assembled: int = 0                   # the last evidence items, judged from the note's text alone


@dataclass(frozen=True)
class Series:
    """One line of a figure: (x, y) points as printed decimals, in the order computed."""

    label: str
    points: tuple[tuple[str, str], ...]
    message: str = ""      # why some points are missing


@dataclass(frozen=True)
class FigureResult:
    """A figure computed from registered numerics evaluated at several parameter values."""

    title: str
    x_label: str
    y_label: str
    log: str               # "", "x", "y" or "xy"
    series: tuple[Series, ...]
    message: str = ""


class FindingKind(enum.StrEnum):
    """What an audit finding is about. A StrEnum: its members are the strings of the JSON
    output ("number", ...), and a finding built with the string gets the member."""

    CLAIM = "claim"            # the claim's checks no longer hold
    NUMBER = "number"          # a quoted number
    FORMULA = "formula"        # a formula, registered or not
    TAG = "tag"                # a status tag
    ROW = "row"                # a status-table row
    STATEMENT = "statement"    # a claim's statement in the text
    INPUT = "input"            # a quoted input of a claim
    COVERAGE = "coverage"      # a number nothing covers


@dataclass(frozen=True)
class Finding:
    """One thing an audit found in an edited note."""

    kind: FindingKind
    severity: Severity
    claim: str
    location: Location | None
    message: str
    quoted: str = ""
    expected: str = ""
    code: str = ""         # the rule (NP101 ...: README, Auditing an edit; audit/present.py)
    help: str = ""         # the fix, in a sentence
    span: tuple[int, int] | None = None   # the changed text, as offsets in the edited note (the caret)
    origin: int | None = None             # where lost text stood in the baseline (a deletion)
    claims: tuple[str, ...] = ()          # every claim a grouped finding touched
    source: str = ""       # the note's line at ``location``, for the caret
    fixed: bool = False    # `audit --fix`'s patch corrects it

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", FindingKind(self.kind))
