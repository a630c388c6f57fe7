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
        note = _value(Run(content, project.notes[spec.note], dps, {}), check)
        yours = _value(Run(content, project.notes[spec.note], dps, params), check) if params else note
        out.append({"check": check_id, "kind": check.kind.value, "what": (check.doc.splitlines() or [""])[0],
                    "note": note, "yours": yours})
    return out


def _value(run, check) -> str:
    from mpmath import mpf, nstr
    from .numbers import compute
    try:
        if check.kind.value == "condition":
            return "yes" if run.call(check) is True else "no"
        value, text, _ = compute(run, check.id)
        return nstr(value, READOUT_DIGITS) if isinstance(value, mpf) else text
    except Exception as exc:  # a read-out the settings break says so
        return f"error: {getattr(exc, 'message', None) or exc}"
