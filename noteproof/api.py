"""The Python API, for notebooks::

    import noteproof
    c = noteproof.claim("w09.fixed-point-response")
    c.derivation()            # Derived: SymPy forms, evidence, steps (LaTeX in Jupyter)
    c.check(beta="0.9")       # ClaimResult at beta = 9/10 (Markdown in Jupyter)

Parameters are exact decimals or fractions given as strings (or ints, Fractions,
Decimals), read like `noteproof check --set`; never evaluated as code.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from .defaults import DEFAULT_DPS, PARAM_VALUE
from .errors import UsageError
from .model import ClaimResult, Derived
from .run.readouts import check_known, parameters
from .sources.project import claim_of, find_root, load_project


class Result(ClaimResult):
    """A ClaimResult that renders itself as Markdown in Jupyter."""

    def _repr_markdown_(self) -> str:
        from .report.markdown import details
        return "\n".join(details(self)).strip() + "\n"


class Derivation(Derived):
    """A Derived that renders its forms and steps as LaTeX in Jupyter."""

    def _repr_latex_(self) -> str:
        import sympy
        lines = [rf"\text{{{_tex_text(name)}}}: & {sympy.latex(form)}" for name, form in self.forms.items()
                 if isinstance(form, sympy.Basic)]
        lines += [rf"\text{{{_tex_text(s.text)}}} & {sympy.latex(s.expr) if isinstance(s.expr, sympy.Basic) else ''}"
                  for s in self.steps]
        return r"$\begin{aligned}" + r" \\ ".join(lines) + r"\end{aligned}$"


def _tex_text(text: str) -> str:
    return re.sub(r"([\\{}$&#^_%~])", r"\\\1", text)


def _as(cls: type, obj: Any) -> Any:
    return cls(**{f.name: getattr(obj, f.name) for f in fields(obj)})


def value_text(name: str, value: Any) -> str:
    """A parameter value as the exact text the content reads."""
    if isinstance(value, bool) or isinstance(value, float):
        raise UsageError(f"parameter {name}: give {value!r} as a string such as '0.9' "
                         "(a float carries binary rounding into every digit)")
    if isinstance(value, (int, Fraction, Decimal)):
        value = str(value)
    if not isinstance(value, str) or not PARAM_VALUE.fullmatch(value.strip()):
        raise UsageError(f"parameter {name}: {str(value)[:40]!r} is not a decimal or fraction such as 0.75 or 3/2")
    return value.strip()


@dataclass
class Claim:
    """One claim of a project, to derive and check from Python."""

    id: str
    project: Any

    @property
    def spec(self):
        return self.project.registry.claim(self.id)

    def parameters(self) -> dict[str, str]:
        """Every parameter this claim's checks accept, with the note's value."""
        return parameters(self.project, self.spec)

    def derivation(self, **params: Any) -> Derived:
        """The claim's derivation(s), run now: SymPy forms, evidence and steps (merged when several)."""
        from .run.claim import Run
        run = Run(self.project.content, self.project.notes[self.spec.note], DEFAULT_DPS, self._params(params))
        parts = [run.derivation(i) for i in self.spec.derivations]
        forms = {k: v for d in parts for k, v in d.forms.items()}
        return Derivation(forms, tuple(e for d in parts for e in d.evidence), tuple(s for d in parts for s in d.steps))

    def check(self, dps: int = DEFAULT_DPS, **params: Any) -> ClaimResult:
        """Run the claim's checks (at the given parameters), in this process."""
        from .run.pool import run_one
        return _as(Result, run_one(self.project, self.spec, dps, self._params(params)))

    def _params(self, params: dict[str, Any]) -> dict[str, str]:
        check_known(self.id, params, self.parameters())
        return {k: value_text(k, v) for k, v in params.items()}

    def _repr_markdown_(self) -> str:
        s = self.spec
        return f"**`{s.id}`** ({s.note}): {s.text}\n\n*{s.tag.text}*\n"


def claim(claim_id: str, root: str | Path | None = None) -> Claim:
    """The claim ``claim_id`` of the project at ``root`` (default: the nearest folder up with claims.yaml)."""
    project = load_project(find_root(Path(root)) if root is not None else None)
    return Claim(claim_of(project, claim_id).id, project)
