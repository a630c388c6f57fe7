"""One claim at the user's values (`noteproof check --set`, ``Claim.check``, the sliders).

What `check` teaches, as data: the claim's closed forms evaluated at the values, its conditions
(which hold, which the values break), its statements judged at the values, and the page's worked
example recomputed there but not judged (a number quoted at the page's settings, or a statement
instantiated at settings the user did not change, says nothing about other values). Whatever
cannot be computed at the values is explained in the claim's terms (what it computes, that it is
complex or undefined there, which condition the values break), never by an exception's class.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..defaults import DEFAULT_DPS
from ..formula.printing import text as text_of
from ..formula.proselatex import latex as prose_latex
from ..formula.proselatex import tex
from ..formula.texform import form_latex
from ..model import ClaimResult, Evidence, EvidenceKind, NumberResult, Outcome
from ..sources.content import CheckKind
from .decision import short_value, trim
from .readouts import complex_value, explain, parameters, settings_text, what_of


@dataclass(frozen=True)
class Checked:
    """A claim checked at given values: the judged result and what explains it."""

    result: ClaimResult
    params: dict[str, str]
    known: dict[str, str]                                   # every parameter, the note's values
    forms: list[dict] = field(default_factory=list)         # closed forms at the values
    conditions: list[dict] = field(default_factory=list)    # {check, statement, holds (None: unknown)}
    statements: list[dict] = field(default_factory=list)    # {kind, statement, holds, judged}
    examples: list[dict] = field(default_factory=list)      # the page's formulas recomputed, not judged
    why: list[str] = field(default_factory=list)            # what cannot be computed there, and why
    conclusions: list[dict] = field(default_factory=list)   # {says, quoted, value, holds, check, location}:
                                                            # what the note concludes from a number, there
    notes: list[str] = field(default_factory=list)          # values outside the page's sliders

    @property
    def ok(self) -> bool:
        return self.result.outcome in (Outcome.VERIFIED, Outcome.PARTLY)

    @property
    def broken(self) -> list[dict]:
        return [c for c in self.conditions if c["holds"] is False]

    @property
    def applicable(self) -> bool:
        """Whether the note's statement speaks of these values: none of its conditions is broken."""
        return not self.broken

    @property
    def verdict(self) -> str:
        """The verdict at these values: the outcome, or "not applicable here" with the range the
        note states when the values lie outside it (never "failed": the note says nothing there)."""
        if not self.applicable:
            return "not applicable here: the note states " + "; ".join(c["statement"] for c in self.broken)
        return self.result.outcome.value

    def as_dict(self) -> dict:
        return {"closed_forms": self.forms, "statements": self.statements, "examples": self.examples,
                "why": self.why, "conclusions": self.conclusions, "notes": self.notes,
                "applicable": self.applicable, "verdict": self.verdict}


_STORED = ("params", "known", "forms", "conditions", "statements", "examples", "why", "conclusions", "notes")


def checked_to_json(checked: Checked, readouts: list[dict]) -> dict:
    """A check and its read-outs as one JSON document, for the cache (`check` run again at the same values)."""
    from .cache import to_json
    return {"result": to_json(checked.result), "readouts": readouts, **{f: getattr(checked, f) for f in _STORED}}


def checked_from_json(doc: Any) -> tuple[Checked, list[dict]] | None:
    """The check and read-outs ``checked_to_json`` stored, or None when the document is not one."""
    from .cache import from_json
    try:
        return Checked(from_json(doc["result"]), **{f: doc[f] for f in _STORED}), list(doc["readouts"])
    except (KeyError, TypeError, ValueError):
        return None


def check_at(project, spec, params: dict[str, str], dps: int = DEFAULT_DPS) -> Checked:
    """The claim ``spec`` run at ``params`` (names the claim's checks take; values exact text)."""
    from .claim import Run, assemble, check_formula, number_location, pick_form, place_number
    from .extras import symbol_table
    from .numbers import compute
    content, note = project.content, project.notes[spec.note]
    table = symbol_table(project, spec)
    known = parameters(project, spec)
    values = {**known, **params}
    mine, page = Run(content, note, dps, dict(params)), Run(content, note, dps, {})
    why: list[str] = []

    def note_why(text: str) -> None:
        if text not in why:
            why.append(text)

    conditions = []
    for cid in spec.conditions:
        check = content.get(cid, CheckKind.CONDITION)
        try:
            holds = mine.call(check)
            holds = holds if isinstance(holds, bool) else None
        except Exception as exc:
            holds = None
            note_why(explain(check, exc, params))
        conditions.append({"check": cid, "statement": what_of(check), "holds": holds})
    broken = [c["statement"] for c in conditions if c["holds"] is False]

    def derived_pair(cid: str):
        """(at your values, at the page's settings or None when the same or unknown)."""
        check = content.get(cid, CheckKind.DERIVATION)
        try:
            d = mine.derivation(cid)
        except Exception as exc:
            note_why(explain(check, exc, params, broken))
            return None, None
        base = None
        if set(params) & set(check.params):
            try:
                base = page.derivation(cid)
            except MemoryError:
                raise
            except Exception:
                base = None
        return d, base

    judged: list[Evidence] = []
    statements, forms = [], []
    for cid in spec.derivations:
        d, base = derived_pair(cid)
        if d is None:
            continue
        taken = content.get(cid, CheckKind.DERIVATION).params
        for i, e in enumerate(d.evidence):
            before = base.evidence[i] if base is not None and i < len(base.evidence) else None
            example = before is not None and _is_example(e, before, taken, params)
            said = _yours(e.statement, params)
            statements.append({"kind": e.kind.value, "statement": said, "statement_latex": prose_latex(said),
                               "holds": bool(e.holds), "judged": not example})
            if not example:
                judged.append(e)
        for name, form in d.forms.items():
            at = form_at(cid, name, form, values, set(params), table)
            if at is not None:
                forms.append(at)
                if at["why"] and at.get("evaluated", True):   # undefined there (a pole): the values break it
                    note_why(at["why"])

    if spec.declared:   # identity:, value:, ... in claims.yaml: they take no parameters (run.declared)
        from .declared import declared_evidence
        for e in declared_evidence(spec, note):
            statements.append({"kind": e.kind.value, "statement": e.statement, "statement_latex": prose_latex(e.statement),
                               "holds": bool(e.holds), "judged": True})
            judged.append(e)

    formulas, examples = [], []
    for f in spec.formulas:
        d, base = derived_pair(f.derivation)
        if d is None:
            continue
        try:
            r = check_formula(mine, f)
        except Exception as exc:
            note_why(explain(content.get(f.derivation, CheckKind.DERIVATION), exc, params, broken))
            continue
        try:
            moved = base is not None and pick_form(d, f) != pick_form(base, f)
        except MemoryError:
            raise
        except Exception:
            moved = False
        if moved:  # the note prints this form at the page's settings: recomputed, not judged
            examples.append({"latex": f.text, "location": str(r.location or ""), "yours": r.derived,
                             "yours_latex": _latex_of(lambda: pick_form(d, f), symbol_table(project, spec, f))})
        else:
            formulas.append(_typeset(r, d, f, symbol_table(project, spec, f)))

    numbers, conclusions = [], []
    for q in spec.quotes:
        if not q.numeric:
            continue
        check = content.get(q.numeric, CheckKind.NUMERIC)
        try:
            value, text, used = compute(mine, q.numeric)
        except Exception as exc:
            msg = explain(check, exc, params, broken, value=complex_value(mine, check))
            note_why(msg)
            numbers.append(NumberResult(q.number, "", dps, Outcome.ERROR, number_location(note, q), q.numeric, msg))
            continue
        n = place_number(note, q, value, _plain(value, text, used), used, overridden=True)
        if n.outcome is Outcome.UNVERIFIED and q.decides is not None and short_value(value, q.decides):
            n, holds = _given(n, q.decides, mine, content)
            conclusions.append({"says": q.decides.says, "quoted": n.quoted, "value": short_value(value, q.decides),
                                "holds": holds, "message": n.message, "check": q.numeric,
                                "location": str(n.location or "")})
        elif n.outcome is Outcome.UNVERIFIED:
            n = replace(n, message=_moved(check.params, params))
        numbers.append(n)

    evidence = tuple(judged) + tuple(
        Evidence(EvidenceKind.DEFINITION, f"condition: {c['statement']}", c["holds"], detail=c["check"],
                 condition=True) for c in conditions if c["holds"] is not None)
    result = assemble(spec, note, evidence, tuple(formulas), tuple(numbers), (), overridden=True)
    _mark_corrected(statements, result.evidence)
    if why and result.outcome is Outcome.VERIFIED:
        result = replace(result, outcome=Outcome.FAILED)
    if why:
        result = replace(result, messages=tuple(why) + tuple(m for m in result.messages if m not in why))
    return Checked(result, dict(params), known, forms, conditions, statements, examples, why, conclusions,
                   outside_sliders(project, spec, params))


def _mark_corrected(statements: list[dict], evidence: tuple[Evidence, ...]) -> None:
    """A refutation of words the note no longer prints (the note was corrected: run.claim.as_printed
    made it inert) is shown as such, not as a statement that fails: ``corrected``, not judged."""
    from .claim import is_inert
    inert = {(e.kind.value, e.statement) for e in evidence if is_inert(e)}
    for st in statements:
        if st["judged"] and (st["kind"], st["statement"]) in inert:
            st.update(judged=False, corrected=True)


def _yours(statement: str, params: dict[str, str]) -> str:
    """A statement as the user reads it: a value they set is theirs ("at your beta = 1.5"), not the page's."""
    for name, value in params.items():
        statement = re.sub(rf"the page's {re.escape(name)} ?= ?{re.escape(value)}(?![\w.])",
                           f"your {name} = {value}", statement)
    return statement


def outside_sliders(project, spec, params: dict[str, str]) -> list[str]:
    """A note for each value set outside the range of the page's slider for it."""
    from .readouts import sliders
    out = []
    for s in sliders(project, spec):
        if s["name"] in params:
            v = Fraction(params[s["name"]])
            if not Fraction(s["min"]) <= v <= Fraction(s["max"]):
                out.append(f"your {s['name']} = {params[s['name']]} is outside the page's slider range "
                           f"{s['min']} to {s['max']} ({s['location']}): the figure never shows it")
    return out


def _plain(value: Any, text: str, dps: int) -> str:
    """A value at the user's settings as printed once, in one format: 0 when it is zero to the
    working precision (a fixed point at 0 that iteration reaches to 1e-51), a terminating exact
    value as a decimal (1e-30, not 1/10^30), else the computed text."""
    import mpmath
    if isinstance(value, mpmath.mpf) and dps and abs(value) <= mpmath.mpf(10) ** (-(dps - 10)):
        return "0"
    exact = value if isinstance(value, (int, Fraction)) else Fraction(int(value.p), int(value.q)) \
        if getattr(value, "is_Rational", False) else None
    if exact is not None:
        return short_value(exact, None) or text
    return trim(text) if isinstance(value, mpmath.mpf) else text


def _moved(takes: dict[str, str], params: dict[str, str]) -> str:
    """How a quoted number stands at the user's values: recomputed when its check takes a value
    set, else unchanged (it depends on none of them)."""
    used = [k for k in params if k in takes]
    if used:
        return f"recomputed at your {', '.join(used)}"
    return f"unchanged: it does not depend on {', '.join(params)}" + (
        f" (it takes {', '.join(takes)})" if takes else "")


def _given(n: NumberResult, decides, run, content) -> tuple[NumberResult, bool | None]:
    """The conclusion judged by its conditions too (``decides.given``): it holds only where each
    holds at the values (the threshold alone does not decide "does not settle" from a fixed start).
    The number, and whether the conclusion holds (None: a condition cannot be decided there)."""
    if n.decision:
        return n, False
    for cid in decides.given:
        check = content.get(cid, CheckKind.CONDITION)
        try:
            holds = run.call(check)
        except MemoryError:
            raise
        except Exception:
            holds = None
        if holds is not True:
            verb = "fails" if holds is False else "cannot be decided"
            return replace(n, decision=holds is False,
                           message=f"the note's conclusion {decides.says!r} "
                                   f"{'does not hold' if holds is False else 'is not decided'} at your settings: "
                                   f"{what_of(check)} {verb} there"), None if holds is None else False
    return n, True


def _is_example(now: Evidence, before: Evidence, taken: dict[str, str], params: dict[str, str]) -> bool:
    """Evidence about the page's worked example: its statement changes with the values set and is
    instantiated at settings the user did not change (the example's step count, its resolution)."""
    if now.statement == before.statement:
        return False
    for name, value in taken.items():
        if name in params or len(value) < 2:
            continue
        if re.search(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)", before.statement):
            return True
    return False


def _rational(text: str) -> Any:
    import sympy
    q = Fraction(text)
    return sympy.Rational(q.numerator, q.denominator)


def _typeset(r, derived, spec, table: dict):
    """A formula's result with its derived form as MathML and LaTeX in the note's names (as the
    report's enrichment gives them: run.extras), for Jupyter's view of a check."""
    from .extras import named_form, to_mathml
    form = named_form(derived, spec)
    if form is None:
        return r
    return replace(r, mathml=r.mathml or to_mathml(form, table, "\\partial" in spec.text),
                   derived_latex=r.derived_latex or _latex_of(lambda: form, table, "\\partial" in spec.text))


def _latex_of(form_of, table: dict, partial: bool = False) -> str:
    try:
        return form_latex(form_of(), table, partial)
    except MemoryError:
        raise
    except Exception:   # no form to print: the plain text stands alone
        return ""


def form_at(check_id: str, name: str, form: Any, values: dict[str, str], changed: set[str],
            table: dict | None = None) -> dict | None:
    """A derived closed form evaluated at ``values`` (by symbol name); None when it does not
    involve a parameter in ``changed``. ``value`` is the exact value (and a decimal) when the form
    becomes a number, ``why`` says why it is undefined there. ``expression`` and ``at`` are plain
    text; ``expression_latex``, ``at_latex`` and ``value_latex`` the same in LaTeX, in the note's
    names (``table``: reader name -> the note's fragment)."""
    import sympy
    if not isinstance(form, sympy.Basic):
        return None
    symbols = {s for s in form.free_symbols if isinstance(s, sympy.Symbol)}
    if not {s.name for s in symbols} & changed:
        return None
    subs = {}
    for s in symbols:
        if s.name in values:
            try:
                subs[s] = _rational(values[s.name])
            except (ValueError, ZeroDivisionError):
                continue
    out = {"derivation": check_id, "form": name, "expression": text_of(form),
           "expression_latex": _latex_of(lambda: form, table or {}), "at": "", "at_latex": "", "value": None,
           "value_latex": "", "why": ""}
    try:
        if isinstance(form, sympy.core.relational.Relational):
            at = type(form)(form.lhs.xreplace(subs), form.rhs.xreplace(subs), evaluate=False)
        else:
            at = form.xreplace(subs)
            if at.is_number:
                at = sympy.nsimplify(at) if at.is_Float else sympy.simplify(at)
    except MemoryError:
        raise
    except Exception:  # a general form (an indefinite integral in t): no value to give, nothing judged
        out["why"] = f"{name} = {text_of(form)} is not evaluated here: it is a general form that has no value at " \
                     f"{settings_text(_shown(values, changed))}"
        out["evaluated"] = False
        return out
    out["at"], out["at_latex"] = text_of(at), _latex_of(lambda: at, table or {})
    if isinstance(at, sympy.core.relational.Relational) and at.lhs.is_number and at.rhs.is_number:
        truth = type(form)(at.lhs, at.rhs)   # evaluated: 1 ≠ 1 is false
        if truth in (sympy.true, sympy.false):
            out["holds"] = bool(truth)
    if isinstance(at, sympy.Expr) and at.is_number:
        if at.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
            out["why"] = f"{name} = {text_of(form)} is undefined at {settings_text(_shown(values, changed))}" \
                         + _vanishing(form, subs)
        else:
            out["value"] = text_of(at)
            if not at.is_Rational:
                out["value"] += f" = {sympy.N(at, 15)}"
            if at.is_real is False:
                out["value"] += " (complex: no real value)"
            out["value_latex"] = prose_latex(out["value"]) if at.is_real is False else tex(out["value"])
    return out


def _shown(values: dict[str, str], changed: set[str]) -> dict[str, str]:
    return {k: v for k, v in values.items() if k in changed}


def _vanishing(form: Any, subs: dict) -> str:
    import sympy
    try:
        _, den = sympy.fraction(sympy.together(form))
        if den.free_symbols and sympy.simplify(den.xreplace(subs)) == 0:
            return f": its denominator {text_of(den)} is 0 there"
    except MemoryError:
        raise
    except Exception:
        pass
    return ""


