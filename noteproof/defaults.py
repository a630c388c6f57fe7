"""Every constant the engine shares, named once (imports nothing, so every layer may use it)."""
from __future__ import annotations

import os
import re

VERSION = "0.1.0"               # noteproof.__version__ (pyproject.toml repeats it for packaging)
REGISTRY = "claims.yaml"         # the file that marks a project root
REPORT_FOLDER = "report"         # where `noteproof report` writes claims.{md,json,html}
CACHE_FOLDER = ".noteproof-cache"   # results (run.cache) and notes' regions (sources.document)

DEFAULT_DPS = 50                 # decimal digits of a run
CONFIRM = 20                     # a number is confirmed at dps + CONFIRM digits
DPS_RANGE = (10, 5000)           # what --dps accepts
COMPUTED_DIGITS = 20             # significant digits NumberResult.computed holds
READOUT_DIGITS = 12              # significant digits of a figure's read-out (`check`, the API)
PIPED_WIDTH = 1000               # columns of rich tables piped to a file (lines are never wrapped there)
FINDING_LINE_SHOWN = 110         # characters of a long note line an audit finding shows around its caret

DEFAULT_TIMEOUT = 120.0          # seconds per claim (one worker)
IDENTITY_SECONDS = 5.0          # seconds to decide one math span of an unregistered note (run.identities)
MAX_JOBS = 256                   # what --jobs accepts
MAX_TIMEOUT = 86400              # what --timeout accepts
MEMORY_FRACTION = 0.5            # of physical memory, shared by the --jobs workers: the default --memory
MEMORY_RANGE = (16, 1 << 24)     # MB of address space per worker that --memory accepts
SPINNER_DELAY = 1.0              # seconds `check` runs before a terminal shows its spinner

# "Approximately equal" as the notes print it, one relation however spelled (a pattern; not
# \approxeq): sources.anchor, sources.notes and formula.tokens set the spelling aside.
APPROX_EQUAL = r"(?:\\(?:simeq|approx)(?![A-Za-z])|\u2248|\u2243)"

# A parameter given by `check --set NAME=VALUE`, the API or claims.yaml: a name, and an exact
# decimal or fraction (never evaluated as code; a denominator starts with 1-9).
# A printed number's decimal exponent (7.47e-4): every number reader appends it to its mantissa.
EXPONENT = r"[eE][-+]?\d+"

PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,40}")
PARAM_VALUE = re.compile(r"[-+]?(\d{1,60}(\.\d{0,60})?|\.\d{1,60})(/[1-9]\d{0,59})?")


# The words the formula readers take as a Greek letter or a function (formula.lex_latex,
# formula.lex_plain) and the plain-text formula locator (sources.plainmath) too.
GREEK = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu "
    "nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma "
    "Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell".split())
FUNCTIONS = frozenset(
    "exp log ln sin cos tan sinh cosh tanh arcsin arccos arctan asin acos atan sqrt".split())


def default_jobs() -> int:
    """Worker processes when none is asked for: one per core."""
    return os.cpu_count() or 1


def physical_memory_mb() -> int | None:
    """This machine's physical memory in MB (None where the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    except (AttributeError, ValueError, OSError):
        return None


def default_memory_mb(jobs: int) -> int | None:
    """Each worker's memory limit when none is asked for: MEMORY_FRACTION of physical memory
    divided by the ``jobs`` workers that may run at once (None: unknown, so no limit)."""
    total = physical_memory_mb()
    return max(MEMORY_RANGE[0], int(total * MEMORY_FRACTION) // max(1, jobs)) if total else None


# worked calculations (run/steps.py): a step printed with "=" may round its result, keeping at
# least this many significant digits ("(-0.8)^4 = 0.41"); fewer ("1.2 x 1 + 1 = 2") is a wrong
# step unless the note marks it approximate
MIN_ROUNDED_DIGITS = 2
