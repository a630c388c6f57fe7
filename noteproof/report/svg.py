"""A small SVG plotter for the HTML report: polylines, linear or log axes, ticks, legend.

No matplotlib: the figure is a string of inline SVG, deterministic to the byte
(coordinates printed with one decimal), readable offline.
"""
from __future__ import annotations

import math
from html import escape

from ..model import FigureResult

WIDTH, PLOT_HEIGHT = 600, 330          # the legend adds a row per series below the plot
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 22, 52
ROW = 16
COLORS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#555555")


def _f(x: float) -> str:
    return f"{x:.1f}"


def _num(text: str) -> float | None:
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


class Axis:
    """Maps data values to pixels on one axis, linear or log10."""

    def __init__(self, values: list[float], log: bool, lo_px: float, hi_px: float) -> None:
        self.log = log
        vs = [math.log10(v) for v in values] if log else values
        lo, hi = (min(vs), max(vs)) if vs else (0.0, 1.0)
        if hi - lo < 1e-12:
            lo, hi = lo - 1, hi + 1
        if log:
            lo, hi = math.floor(lo + 1e-9), math.ceil(hi - 1e-9)
        else:
            step = nice_step(hi - lo)
            lo, hi = math.floor(lo / step + 1e-9) * step, math.ceil(hi / step - 1e-9) * step
        self.lo, self.hi, self.lo_px, self.hi_px = lo, hi, lo_px, hi_px

    def px(self, value: float) -> float:
        v = math.log10(value) if self.log else value
        return self.lo_px + (v - self.lo) / (self.hi - self.lo) * (self.hi_px - self.lo_px)

    def ticks(self) -> list[tuple[float, str]]:
        if self.log:
            span = int(self.hi - self.lo)
            every = max(1, math.ceil(span / 8))
            return [(10.0 ** e, _power(e)) for e in range(int(self.lo), int(self.hi) + 1, every)]
        step = nice_step(self.hi - self.lo)
        n = int(round((self.hi - self.lo) / step))
        return [(self.lo + i * step, _linear(self.lo + i * step, step)) for i in range(n + 1)]


def nice_step(span: float, target: int = 6) -> float:
    """A tick step of 1, 2 or 5 times a power of ten giving about ``target`` ticks."""
    raw = span / target
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw - 1e-12)


def _power(e: int) -> str:
    return "1" if e == 0 else "10" if e == 1 else f'10<tspan dy="-6" font-size="9">{e}</tspan>'


def _linear(v: float, step: float) -> str:
    digits = max(0, -math.floor(math.log10(step) + 1e-9))
    text = f"{v:.{digits}f}"
    return "0" if text.strip("-0.") == "" else text


def plot(fig: FigureResult) -> str:
    """One figure as an inline <svg> element (its title is the caption's: only <title> here)."""
    series = [(s.label, [(x, y) for x, y in (map(_num, p) for p in s.points)
                         if x is not None and y is not None
                         and (x > 0 or "x" not in fig.log) and (y > 0 or "y" not in fig.log)])
              for s in fig.series]
    xs = [x for _, pts in series for x, _ in pts]
    ys = [y for _, pts in series for _, y in pts]
    ax = Axis(xs, "x" in fig.log, LEFT, WIDTH - RIGHT)
    ay = Axis(ys, "y" in fig.log, PLOT_HEIGHT - BOTTOM, TOP)
    height = PLOT_HEIGHT + ROW * len(series) + 6
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(fig.title)}" '
           'font-family="sans-serif" font-size="11">',
           f"<title>{escape(fig.title)}</title>"]
    out += _frame(ax, ay, fig)
    for i, (label, pts) in enumerate(series):
        out += _line(pts, ax, ay, COLORS[i % len(COLORS)])
    out += _legend([label for label, _ in series])
    out.append("</svg>")
    return "\n".join(out)


def _frame(ax: Axis, ay: Axis, fig: FigureResult) -> list[str]:
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, PLOT_HEIGHT - BOTTOM, TOP
    out = [f'<rect x="{x0}" y="{y1}" width="{x1 - x0}" height="{y0 - y1}" fill="none" stroke="#444"/>']
    for v, label in ax.ticks():
        px = _f(ax.px(v))
        out.append(f'<line x1="{px}" y1="{y0}" x2="{px}" y2="{y1}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{px}" y="{y0 + 15}" text-anchor="middle">{label}</text>')
    for v, label in ay.ticks():
        py = _f(ay.px(v))
        out.append(f'<line x1="{x0}" y1="{py}" x2="{x1}" y2="{py}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{x0 - 6}" y="{py}" text-anchor="end" dominant-baseline="middle">{label}</text>')
    out.append(f'<text x="{(x0 + x1) / 2:.1f}" y="{y0 + 34}" text-anchor="middle">'
               f'{escape(fig.x_label)}{" (log scale)" if ax.log else ""}</text>')
    out.append(f'<text transform="translate(16 {(y0 + y1) / 2:.1f}) rotate(-90)" text-anchor="middle">'
               f'{escape(fig.y_label)}{" (log scale)" if ay.log else ""}</text>')
    return out


def _line(pts: list[tuple[float, float]], ax: Axis, ay: Axis, color: str) -> list[str]:
    coords = [(_f(ax.px(x)), _f(ay.px(y))) for x, y in pts]
    out = []
    if len(coords) > 1:
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="'
                   + " ".join(f"{x},{y}" for x, y in coords) + '"/>')
    out += [f'<circle cx="{x}" cy="{y}" r="3" fill="{color}"/>' for x, y in coords]
    return out


def _legend(labels: list[str]) -> list[str]:
    """One row per series under the plot, so no line is hidden behind it."""
    out = []
    for i, label in enumerate(labels):
        cy = PLOT_HEIGHT + ROW * i
        color = COLORS[i % len(COLORS)]
        out.append(f'<line x1="{LEFT}" y1="{cy}" x2="{LEFT + 22}" y2="{cy}" stroke="{color}" stroke-width="2"/>')
        out.append(f'<circle cx="{LEFT + 11}" cy="{cy}" r="3" fill="{color}"/>')
        out.append(f'<text x="{LEFT + 30}" y="{cy}" dominant-baseline="middle">{escape(label)}</text>')
    return out
