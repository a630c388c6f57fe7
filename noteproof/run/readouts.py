"""A claim's parameters, and a figure's read-outs recomputed at given settings (for `check` and the API)."""
from __future__ import annotations

from ..defaults import DEFAULT_DPS, READOUT_DIGITS
from ..errors import UsageError


def group(claim_id: str) -> str | None:
    """The figure a Chapter 12 claim belongs to ("c12.d01." for "c12.d01.euler-shrinks")."""
    parts = claim_id.split(".")
    return ".".join(parts[:2]) + "." if len(parts) >= 3 else None


def parameters(project, spec) -> dict[str, str]:
    """The parameters of a claim's checks and, for a figure's claim, of the figure's read-outs."""
    content = project.content
    ids = list(spec.check_ids)
    prefix = group(spec.id)
    if prefix:
        ids += sorted(i for i, c in content.checks.items() if i.startswith(prefix) and c.kind.value != "derivation")
    params: dict[str, str] = {}
    for check_id in ids:
        if check_id in content.checks:
            for k, v in content.checks[check_id].params.items():
                params.setdefault(k, v)
    return params


def check_known(claim_id: str, params: dict, known: dict[str, str]) -> None:
    """A usage error naming the claim's parameters when ``params`` sets one it does not have."""
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise UsageError(f"claim {claim_id!r} has no parameter {', '.join(unknown)} "
                         f"(its parameters: {', '.join(f'{k}={v}' for k, v in known.items()) or 'none'})")


def readouts(project, spec, params: dict[str, str], dps: int = DEFAULT_DPS) -> list[dict]:
    """For a figure's claim: every read-out (numeric) and condition of the figure that takes one of
    the given parameters, at the note's settings and at the given ones (only the conditions when
    no parameter is given)."""
    from .claim import Run
    prefix = group(spec.id)
    if not prefix:
        return []
    content = project.content
    out = []
    for check_id in sorted(i for i in content.checks if i.startswith(prefix)):
        check = content.checks[check_id]
        if check.kind.value == "derivation" or not (set(check.params) & set(params or check.params)):
            continue
        if not params and check.kind.value != "condition":
            continue  # at the note's settings the claim's own numbers say it
        note = _value(Run(content, project.notes[spec.note], dps, {}), check, {})
        yours = _value(Run(content, project.notes[spec.note], dps, params), check, params) if params else note
        out.append({"check": check_id, "kind": check.kind.value, "what": (check.doc.splitlines() or [""])[0],
                    "note": note, "yours": yours})
    return out


def _value(run, check, params: dict[str, str]) -> str:
    from mpmath import mpf, nstr

    from .numbers import compute
    try:
        if check.kind.value == "condition":
            return "yes" if run.call(check) is True else "no"
        value, text, _ = compute(run, check.id)
        return nstr(value, READOUT_DIGITS) if isinstance(value, mpf) else text
    except MemoryError:  # a worker's memory limit: the pool names it
        raise
    except Exception as exc:  # a read-out the settings break says why, in the figure's terms
        complex_ = complex_value(run, check)
        if complex_ is not None:
            return f"complex {nstr(complex_, 6)}: no real value at {settings_text(params)}"
        return f"no value: {(getattr(exc, 'message', None) or str(exc) or 'not computable').strip()}"


# ---- how long a run at given values takes --------------------------------------------------------

STEPS_PER_SECOND = 250   # steps of a figure's solver per second at 50 digits, both precisions, all read-outs


def run_estimate(values: dict[str, str], dps: int = DEFAULT_DPS) -> tuple[int, float, str] | None:
    """(steps, seconds, how) a figure's solver takes at ``values`` (the note's and the user's):
    horizon / h steps when a step h and a horizon are set, else ``steps`` or ``updates``; None when
    no step count follows from the values. Seconds scale with the digits (dps / 50)."""
    from fractions import Fraction
    try:
        if "h" in values and "horizon" in values and Fraction(values["h"]) > 0:
            n = int(Fraction(values["horizon"]) / Fraction(values["h"]))
            how = f"horizon / h = {values['horizon']} / {values['h']}"
        else:
            name = next((k for k in ("steps", "updates") if k in values), None)
            if name is None:
                return None
            n, how = int(Fraction(values[name])), f"{name} = {values[name]}"
    except (ValueError, ZeroDivisionError):
        return None
    return n, n / STEPS_PER_SECOND * max(1.0, dps / DEFAULT_DPS), how


# ---- values as the user gives them, and errors in the claim's terms --------------------------

def normalize_value(text: str) -> str | None:
    """A parameter value as the exact text the content reads, or None when it is not a number.

    Decimals and fractions pass as they are (``0.75``, ``3/2``); scientific notation is read as the
    exact decimal it writes (``1e-3`` is ``0.001``, never a binary float). Nothing is evaluated."""
    import re
    from decimal import Decimal, InvalidOperation

    from ..defaults import PARAM_VALUE
    text = text.strip()
    if PARAM_VALUE.fullmatch(text):
        return text
    m = re.fullmatch(r"([-+]?(?:\d{1,60}(?:\.\d{0,60})?|\.\d{1,60}))[eE]([-+]?\d{1,3})", text)
    if not m or abs(int(m.group(2))) > 60:
        return None
    try:
        plain = format(Decimal(text), "f")
    except InvalidOperation:  # pragma: no cover (the pattern admits only decimals)
        return None
    if "." in plain:
        plain = plain.rstrip("0").rstrip(".") or "0"
    return plain if PARAM_VALUE.fullmatch(plain) else None


def settings_text(params: dict[str, str]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in params.items()) or "the note's settings"


def what_of(check) -> str:
    """A check's statement in the content's words (its docstring's first line), else its id."""
    line = (check.doc.splitlines() or [""])[0].strip().rstrip(".")
    return line or check.id


def explain(check, exc: BaseException | None, params: dict[str, str], broken: list[str] = (),
            value=None) -> str:
    """Why a check gives no value at ``params``, in the claim's terms: what it computes, that it
    is complex or undefined there, and which of the claim's conditions the values break. Never an
    exception's class name. A MemoryError is raised again: a worker's memory limit, which the
    pool names, not something the values explain."""
    if isinstance(exc, MemoryError):
        raise exc
    what, at = what_of(check), settings_text(params)
    if value is not None and _is_complex(value):
        text = f"{what} is complex at {at}, not a real number"
    elif isinstance(exc, ZeroDivisionError):
        text = f"{what} is undefined at {at} (it divides by zero)"
    else:
        detail = (getattr(exc, "message", None) or str(exc) or "no value").strip()
        if "returned mpc" in detail:
            text = f"{what} is complex at {at}, not a real number"
        else:
            text = f"{what} cannot be computed at {at}: {detail}"
    if broken:
        text += "; your values break " + "; ".join(broken)
    return text


def _is_complex(value) -> bool:
    try:
        import mpmath
        return isinstance(value, (complex, mpmath.mpc)) and value.imag != 0
    except Exception:  # pragma: no cover
        return False


def complex_value(run, check):
    """The check's value when it is complex at the run's settings (None otherwise, or on error)."""
    import mpmath
    try:
        with mpmath.workdps(run.dps):
            value = run.call(check)
    except MemoryError:
        raise
    except Exception:
        return None
    return value if _is_complex(value) else None


# ---- Chapter 12's sliders ----------------------------------------------------------------------

def split_range(text: str, value: str) -> tuple[str, str] | None:
    """A slider's range as the note prints it, its two ends run together ("0.253" under a value
    1.5 is 0.25 to 3): the split into two decimals that brackets the slider's value, the narrowest
    when several do."""
    import re
    from fractions import Fraction
    num = re.compile(r"-?(0|[1-9]\d*)(\.\d*[1-9])?")
    v = Fraction(value)
    best = None
    for i in range(1, len(text)):
        lo, hi = text[:i], text[i:]
        if not (num.fullmatch(lo) and num.fullmatch(hi)):
            continue
        a, b = Fraction(lo), Fraction(hi)
        if a <= v <= b and a < b and (best is None or b - a < best[0]):
            best = (b - a, lo, hi)
    return None if best is None else (best[1], best[2])


def sliders(project, spec) -> list[dict]:
    """The sliders of the figure a claim belongs to, as the note prints them: a label line
    ``Name (x): value`` and under it the range run together. Each: {name (the parameter), label,
    value, min, max, location}. Empty for a claim outside a figure with sliders."""
    import re
    prefix = group(spec.id)
    known = parameters(project, spec)
    if not prefix or not known:
        return []
    note = project.notes[spec.note]
    lines = note.text.splitlines()
    where = note.find(spec.text)
    line_no = where.line if where else 0
    # the figure's page: from the page counter "NN / MM" before the claim to the next one
    counters = [i for i, line in enumerate(lines, 1) if re.fullmatch(r"\d\d / \d\d", line.strip())]
    start = max([c for c in counters if c <= line_no] or [1])
    end = min([c for c in counters if c > start] or [len(lines) + 1])
    out = []
    for i in range(start, end - 2):
        m = re.fullmatch(r"(?P<label>[^:]{1,80}):\s*(?P<value>-?\d+(?:\.\d+)?)", lines[i - 1].strip())
        rng = next((lines[j - 1].strip() for j in (i + 1, i + 2) if j < end and lines[j - 1].strip()), "")
        if not m or not re.fullmatch(r"-?\d[\d.]*", rng):
            continue
        label, value = m.group("label"), m.group("value")
        ends = split_range(rng, value)
        name = _slider_parameter(label, value, known)
        if ends and name:
            out.append({"name": name, "label": label, "value": value, "min": ends[0], "max": ends[1],
                        "location": f"{note.path}:{i}"})
    return out


def _slider_parameter(label: str, value: str, known: dict[str, str]) -> str | None:
    """The parameter a slider sets: the name in its parentheses, else a word of its label
    that names a parameter whose note value is the slider's."""
    import re
    from fractions import Fraction
    inside = re.findall(r"\(([^()]*)\)", label)
    words = [w.strip() for w in inside] + re.findall(r"[A-Za-z_]\w*", label)
    for w in words:
        w = w.lower()
        if w in known:
            try:
                if Fraction(known[w]) == Fraction(value):
                    return w
            except (ValueError, ZeroDivisionError):
                continue
    return None
