"""Every constant the engine shares, named once (imports nothing, so every layer may use it)."""
from __future__ import annotations

import os
import re

VERSION = "0.1.0"               # noteproof.__version__ (pyproject.toml repeats it for packaging)
REGISTRY = "claims.yaml"         # the file that marks a project root

DEFAULT_DPS = 50                 # decimal digits of a run
CONFIRM = 20                     # a number is confirmed at dps + CONFIRM digits
DPS_RANGE = (10, 5000)           # what --dps accepts
COMPUTED_DIGITS = 20             # significant digits NumberResult.computed holds
READOUT_DIGITS = 12              # significant digits of a figure's read-out (`check`, the API)

DEFAULT_TIMEOUT = 120.0          # seconds per claim (one worker)
MAX_JOBS = 256                   # what --jobs accepts
MAX_TIMEOUT = 86400              # what --timeout accepts

# A parameter given by `check --set NAME=VALUE`, the API or claims.yaml: a name, and an exact
# decimal or fraction (never evaluated as code; a denominator starts with 1-9).
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
