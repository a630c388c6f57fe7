"""The registering decorators for derivations/ and numerics/, and their loader.

Content modules register functions by id::

    @derivation("w09.fixed-point-slope")
    def fixed_point_slope() -> Derived: ...

    @numeric("w09.separation-after-ten-steps")
    def separation(beta="1/2", steps="10"): ...   # returns an mpf, int, Rational or float

    @condition("c12.d02.contraction")
    def contraction(theta="1.2") -> bool: ...     # docstring's first line is the statement

Parameters are keyword arguments whose defaults are the note's values written as
strings; `noteproof check ID --set NAME=VALUE` overrides them with exact decimal or
fraction strings. Convert them with :func:`exact` (SymPy Rational) or
:func:`mpnum` (mpf at the working precision). A numeric returning a Python float
declares that it computed in 64-bit arithmetic.
"""
from __future__ import annotations

import enum
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import ContentError
from ..model import Location
from .literal import refuse_constant_evidence

CONTENT_DIRS = ("derivations", "numerics")


class CheckKind(enum.Enum):
    DERIVATION = "derivation"
    NUMERIC = "numeric"
    CONDITION = "condition"


@dataclass(frozen=True)
class Check:
    """A registered content function."""

    id: str
    kind: CheckKind
    fn: Callable[..., Any]
    location: Location
    share: str = ""   # what its process keeps for others with the same key (run.pool.shared_groups)

    @property
    def params(self) -> dict[str, str]:
        """The function's parameters and their default values (the note's settings)."""
        sig = inspect.signature(self.fn)
        return {n: str(p.default) for n, p in sig.parameters.items()
                if p.default is not inspect.Parameter.empty}

    @property
    def doc(self) -> str:
        return inspect.getdoc(self.fn) or ""


_REGISTRY: dict[str, Check] = {}   # what the modules being imported register (one root's at a time)
_LOADED: dict[str, "Content"] = {}   # by content_tag: the same files are imported once, others never mix


def _register(kind: CheckKind, check_id: str, share: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        code = fn.__code__
        loc = Location(_relative(code.co_filename), code.co_firstlineno)
        old = _REGISTRY.get(check_id)
        if old is not None and old.location != loc:
            raise ContentError(f"{kind.value} id {check_id!r} already registered at {old.location}", loc)
        _REGISTRY[check_id] = Check(check_id, kind, fn, loc, share)
        return fn
    return wrap


def derivation(check_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a SymPy derivation returning :class:`noteproof.model.Derived`."""
    return _register(CheckKind.DERIVATION, check_id)


def numeric(check_id: str, share: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register an mpmath computation returning one number. Numerics with the same ``share`` (a
    name for what they build and keep in their process, e.g. a quadrature's nodes at the working
    precision) run in one worker, as the claims that share a derivation do, so it is built once."""
    return _register(CheckKind.NUMERIC, check_id, share)


def condition(check_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a predicate on a claim's parameters (a 'where it applies' condition)."""
    return _register(CheckKind.CONDITION, check_id)


def exact(value: Any) -> Any:
    """A parameter as an exact SymPy Rational ('1.5', '3/2', 2, Fraction)."""
    import sympy
    return sympy.Rational(str(value))


def mpnum(value: Any) -> Any:
    """A parameter as an mpf at the working precision, via an exact rational."""
    import mpmath
    q = exact(value)
    return mpmath.mpf(int(q.p)) / int(q.q)


def zero(expr: Any) -> bool:
    """True when SymPy proves ``expr`` identically 0. The exact rewritings are tried first, each
    a proof when it gives 0: ``expand`` (products and powers multiplied out), then ``cancel`` of
    ``together`` (a rational function of its generators, x, exp(t), sin(t)..., over one
    denominator with common factors cancelled), then, for trigonometric and hyperbolic functions,
    the same of their rewriting in exponentials (sin x = (e^(ix) - e^(-ix))/2i, tanh x =
    (e^x - e^-x)/(e^x + e^-x), ...: an identity among them is one among rational functions of
    e^x); ``simplify`` only where they do not decide (radicals, logs, ...), so every expression
    ``simplify`` proves 0 is still proved 0. Never a sampled value: a value at a point may
    refute, not prove."""
    import sympy
    if isinstance(expr, int):    # content hands SymPy objects or plain integers, never text
        expr = sympy.Integer(expr)
    if expr == 0:
        return True
    if isinstance(expr, sympy.Expr):
        rewrites = [sympy.expand, lambda e: sympy.cancel(sympy.together(e))]
        from sympy.functions.elementary.hyperbolic import HyperbolicFunction
        from sympy.functions.elementary.trigonometric import TrigonometricFunction
        if expr.has(TrigonometricFunction, HyperbolicFunction):
            rewrites.append(lambda e: sympy.cancel(sympy.together(sympy.expand(e.rewrite(sympy.exp)))))
        for rewrite in rewrites:
            try:
                if rewrite(expr) == 0:
                    return True
            except (sympy.PolynomialError, TypeError, ValueError):  # not a rational function of generators
                pass
    return bool(sympy.simplify(expr) == 0)


def rational_nonzero(expr: Any) -> bool | None:
    """Whether a rational function of its symbols with integer or rational coefficients (after
    ``doit``, so an unevaluated Subs of a symbol counts) is not identically 0: True exactly when,
    over one denominator, its numerator is a nonzero polynomial (nonzero at some point of its
    symbols); False when that numerator is 0. None for anything else, nothing proved: a
    coefficient like sin(1)^2 + cos(1)^2 - 1, sqrt(3 + 2 sqrt(2)) - 1 - sqrt(2) or a Float may be
    0 in disguise."""
    import sympy
    if not isinstance(expr, sympy.Expr):
        return None
    done = expr.doit()
    gens = sorted(done.free_symbols, key=str)
    if not gens or done.atoms(sympy.Function, sympy.Derivative, sympy.Subs):
        return None
    try:
        num, den = (sympy.Poly(part, *gens) for part in sympy.fraction(sympy.together(done)))
    except sympy.PolynomialError:
        return None
    if not all(part.domain.is_ZZ or part.domain.is_QQ for part in (num, den)) or den.is_zero:
        return None
    return not num.is_zero


_ROOT: list[Path] = []


def _relative(filename: str) -> str:
    path = Path(filename)
    for root in _ROOT:
        try:
            return str(path.relative_to(root))
        except ValueError:
            pass
    return str(path)


@dataclass(frozen=True)
class Content:
    """Everything registered under a project root, and the modules that failed to import."""

    checks: dict[str, Check]
    broken: dict[str, str]  # module path -> error message

    def get(self, check_id: str, kind: CheckKind | None = None) -> Check:
        check = self.checks.get(check_id)
        if check is None or (kind is not None and check.kind is not kind):
            what = kind.value if kind else "check"
            raise ContentError(f"no {what} registered as {check_id!r}")
        return check


def load_content(root: Path) -> Content:
    """Import derivations/*.py and numerics/*.py under ``root`` and collect what they register.

    A module that fails to import is recorded in ``broken``; the others still load. Content is
    imported once per process for each distinct set of files (:func:`content_tag`: their names
    and bytes), under module names of its own (:func:`module_name`): a second project in the same
    process (a notebook, a test, a forked worker) with other files gets its own checks, never the
    first one's under the same id, and a copy of the same files (an audit's clone, a test's copy
    of the project) gets the checks already imported.
    """
    root = root.resolve()
    files = content_files(root)
    tag = content_tag(root, files)
    if tag not in _LOADED:
        _LOADED[tag] = _import_all(root, files, tag)
    loaded = _LOADED[tag]   # a fresh mapping: a caller may wrap its checks (memoize_derivations)
    return Content(dict(loaded.checks), dict(loaded.broken))


def content_files(root: Path) -> list[Path]:
    """The content modules under ``root``, in import order (a name starting with _ is private)."""
    return [path for folder in CONTENT_DIRS for path in sorted((root / folder).glob("*.py"))
            if not path.name.startswith("_")]


def content_tag(root: Path, files: list[Path] | None = None) -> str:
    """A short hash of the content modules' paths under ``root`` and their bytes."""
    import hashlib
    h = hashlib.sha1()
    for path in content_files(root) if files is None else files:
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def _import_all(root: Path, files: list[Path], tag: str) -> Content:
    """Import every content module of ``root`` (resolved) under names of ``tag``, and collect."""
    global _REGISTRY
    if root not in _ROOT:
        _ROOT.insert(0, root)
    broken: dict[str, str] = {}
    outer, _REGISTRY = _REGISTRY, {}
    try:
        for path in files:
            shown = str(path.relative_to(root))
            refuse_constant_evidence(path, shown)   # a located error: exit 2
            try:
                _import(module_name(tag, path.parent.name, path.stem), path)
            except Exception as exc:  # a broken module must not take the others down
                broken[shown] = f"{type(exc).__name__}: {exc}"
        return Content(dict(_REGISTRY), broken)
    finally:
        _REGISTRY = outer


def module_name(tag: str, folder: str, stem: str) -> str:
    """The name a content module is imported under: ``noteproof_content.r<tag>.<folder>.<stem>``."""
    return f"noteproof_content.r{tag}.{folder}.{stem}"


def content_module(root: Path, folder: str, stem: str) -> Any:
    """The imported module ``folder/stem.py`` of the project at ``root`` (loading its content)."""
    root = root.resolve()
    load_content(root)
    return sys.modules[module_name(content_tag(root), folder, stem)]


def _import(name: str, path: Path) -> None:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise


def memoize_derivations(content) -> None:
    """Run each derivation once per (parameters, precision) in this process: `show` then
    pretty-prints, and a report worker renders, the very objects the checks derived."""
    import dataclasses
    import functools

    import mpmath

    def memo(fn):
        seen: dict = {}

        @functools.wraps(fn)  # keeps the signature, which Run.call inspects
        def wrapper(**kwargs):
            key = (tuple(sorted(kwargs.items())), mpmath.mp.prec)
            if key not in seen:
                seen[key] = fn(**kwargs)
            return seen[key]
        wrapper.noteproof_memo = True
        return wrapper

    for check_id, check in list(content.checks.items()):
        if check.kind is CheckKind.DERIVATION and not getattr(check.fn, "noteproof_memo", False):
            content.checks[check_id] = dataclasses.replace(check, fn=memo(check.fn))
