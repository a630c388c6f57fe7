"""A small SVG plotter for the HTML report: polylines, linear or log axes, ticks, legend.

No matplotlib: the figure is a string of inline SVG, deterministic to the byte
(coordinates printed with one decimal), readable offline.
"""
from __future__ import annotations

import math
from html import escape

from ..formula.prose import unicode as math_text
from ..model import FigureResult

WIDTH, PLOT_HEIGHT = 480, 330          # the legend adds a row per series below the plot
# font sizes in SVG units, chosen so that at a 400 px screen (the figure about 380 px wide) tick
# labels are drawn at 10 px or more: FONT * 380 / WIDTH >= 10
FONT, EXPONENT_FONT = 14, 13
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 22, 58
ROW = 20
COLORS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#555555")
# each series also differs by dash and marker, so the lines part without colour (and in print)
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 2", "1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "circle")


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
    return "1" if e == 0 else "10" if e == 1 else f'10<tspan dy="-7" font-size="{EXPONENT_FONT}">{e}</tspan>'


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
           f'font-family="sans-serif" font-size="{FONT}">',
           f"<title>{escape(fig.title)}</title>"]
    out += _frame(ax, ay, fig)
    for i, (label, pts) in enumerate(series):
        out += _line(pts, ax, ay, i)
    out += _legend([label for label, _ in series])
    out.append("</svg>")
    return "\n".join(out)


def _frame(ax: Axis, ay: Axis, fig: FigureResult) -> list[str]:
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, PLOT_HEIGHT - BOTTOM, TOP
    out = [f'<rect x="{x0}" y="{y1}" width="{x1 - x0}" height="{y0 - y1}" fill="none" stroke="#444"/>']
    for v, label in ax.ticks():
        px = _f(ax.px(v))
        out.append(f'<line x1="{px}" y1="{y0}" x2="{px}" y2="{y1}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{px}" y="{y0 + 18}" text-anchor="middle">{label}</text>')
    for v, label in ay.ticks():
        py = _f(ay.px(v))
        out.append(f'<line x1="{x0}" y1="{py}" x2="{x1}" y2="{py}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{x0 - 6}" y="{py}" text-anchor="end" dominant-baseline="middle">{label}</text>')
    out.append(f'<text x="{(x0 + x1) / 2:.1f}" y="{y0 + 40}" text-anchor="middle">'
               f'{escape(math_text(fig.x_label))}{" (log scale)" if ax.log else ""}</text>')
    out.append(f'<text transform="translate(16 {(y0 + y1) / 2:.1f}) rotate(-90)" text-anchor="middle">'
               f'{escape(math_text(fig.y_label))}{" (log scale)" if ay.log else ""}</text>')
    return out


def _marker(i: int, x: str, y: str) -> str:
    color, shape = COLORS[i % len(COLORS)], MARKERS[i % len(MARKERS)]
    cx, cy = float(x), float(y)
    if shape == "square":
        return f'<rect x="{_f(cx - 3)}" y="{_f(cy - 3)}" width="6" height="6" fill="{color}"/>'
    if shape == "triangle":
        return (f'<path d="M{_f(cx)} {_f(cy - 4)}L{_f(cx + 4)} {_f(cy + 3)}L{_f(cx - 4)} {_f(cy + 3)}Z" '
                f'fill="{color}"/>')
    if shape == "diamond":
        return (f'<path d="M{_f(cx)} {_f(cy - 4)}L{_f(cx + 4)} {_f(cy)}L{_f(cx)} {_f(cy + 4)}L{_f(cx - 4)} {_f(cy)}Z" '
                f'fill="none" stroke="{color}" stroke-width="1.5"/>')
    if shape == "cross":
        return (f'<path d="M{_f(cx - 3)} {_f(cy - 3)}L{_f(cx + 3)} {_f(cy + 3)}M{_f(cx - 3)} {_f(cy + 3)}'
                f'L{_f(cx + 3)} {_f(cy - 3)}" stroke="{color}" stroke-width="1.5"/>')
    return f'<circle cx="{x}" cy="{y}" r="3" fill="{color}"/>'


def _line(pts: list[tuple[float, float]], ax: Axis, ay: Axis, i: int) -> list[str]:
    coords = [(_f(ax.px(x)), _f(ay.px(y))) for x, y in pts]
    color, dash = COLORS[i % len(COLORS)], DASHES[i % len(DASHES)]
    out = []
    if len(coords) > 1:
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + ' points="'
                   + " ".join(f"{x},{y}" for x, y in coords) + '"/>')
    out += [_marker(i, x, y) for x, y in coords]
    return out


def _legend(labels: list[str]) -> list[str]:
    """One row per series under the plot, so no line is hidden behind it."""
    out = []
    for i, label in enumerate(labels):
        cy = PLOT_HEIGHT + ROW * i
        color, dash = COLORS[i % len(COLORS)], DASHES[i % len(DASHES)]
        out.append(f'<line x1="{LEFT}" y1="{cy}" x2="{LEFT + 22}" y2="{cy}" stroke="{color}" stroke-width="2"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        out.append(_marker(i, str(LEFT + 11), str(cy)))
        out.append(f'<text x="{LEFT + 30}" y="{cy}" dominant-baseline="middle">{escape(math_text(label))}</text>')
    return out


# ---- the dependency graph ----------------------------------------------------------------

NODE_H, NODE_GAP, LAYER_GAP, CHAR_W, PAD = 24, 10, 60, 7.0, 8
FILL = {"verified": ("#e3f4e6", "#17692a"), "partly": ("#dcf0f7", "#0b6a8a"), "failed": ("#fbe0e0", "#a31515"),
        "error": ("#fbe0e0", "#a31515"), "unverified": ("#fff4cc", "#8a6d00")}


def layers(results) -> tuple[list[list[str]], list[tuple[str, str]]]:
    """Claims in the `uses` graph by layer (a claim one layer right of the deepest claim it
    uses), each layer ordered by its neighbours' mean position (two sweeps), then registry order."""
    from ..run.graph import edges
    pairs = edges(results)
    involved = {x for p in pairs for x in p}
    order = [r.id for r in results if r.id in involved]
    index = {cid: i for i, cid in enumerate(order)}
    ups = {cid: [u for u, d in pairs if d == cid] for cid in order}
    depth: dict[str, int] = {}

    def visit(cid: str, trail: frozenset) -> int:
        if cid not in depth:
            depth[cid] = 1 + max((visit(u, trail | {cid}) for u in ups[cid] if u not in trail), default=-1)
        return depth[cid]

    for cid in order:
        visit(cid, frozenset())
    cols = [[c for c in order if depth[c] == k] for k in range(max(depth.values(), default=-1) + 1)]
    pos = {c: float(i) for col in cols for i, c in enumerate(col)}
    for _ in range(2):
        for k in range(1, len(cols)):
            def key(c):
                near = [pos[u] for u in ups[c]]
                return (sum(near) / len(near) if near else pos[c], index[c])
            cols[k].sort(key=key)
            pos.update({c: float(i) for i, c in enumerate(cols[k])})
        for k in range(len(cols) - 2, -1, -1):
            def key(c):
                near = [pos[d] for u, d in pairs if u == c and depth[d] == k + 1]
                return (sum(near) / len(near) if near else pos[c], index[c])
            cols[k].sort(key=key)
            pos.update({c: float(i) for i, c in enumerate(cols[k])})
    return cols, pairs


def dependency_graph(results) -> str:
    """The `uses` graph as inline SVG: layers left to right, boxes linked to their claims."""
    cols, pairs = layers(results)
    if not pairs:
        return ""
    by_id = {r.id: r for r in results}
    widths = [max(len(c) for c in col) * CHAR_W + 2 * PAD for col in cols]
    tall = max(len(col) for col in cols)
    height = tall * (NODE_H + NODE_GAP) + NODE_GAP + 30
    width = sum(widths) + LAYER_GAP * (len(cols) - 1) + 2 * NODE_GAP
    box: dict[str, tuple[float, float, float]] = {}
    x = NODE_GAP
    for col, w in zip(cols, widths):
        top = NODE_GAP + (tall - len(col)) * (NODE_H + NODE_GAP) / 2
        for i, cid in enumerate(col):
            box[cid] = (x, top + i * (NODE_H + NODE_GAP), w)
        x += w + LAYER_GAP
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
           f'viewBox="0 0 {_f(width)} {_f(height)}" role="img" aria-label="dependency graph of the claims" '
           'font-family="ui-monospace,monospace" font-size="11">',
           "<title>Dependency graph: an arrow from a claim to a claim that uses it</title>",
           ]
    for u, d in pairs:
        ux, uy, uw = box[u]
        dx, dy, _ = box[d]
        x1, y1, x2, y2 = ux + uw, uy + NODE_H / 2, dx - 8, dy + NODE_H / 2
        mid = (x1 + x2) / 2
        out.append(f'<path class="edge" d="M{_f(x1)} {_f(y1)}C{_f(mid)} {_f(y1)} {_f(mid)} {_f(y2)} {_f(x2)} {_f(y2)}" '
                   'fill="none" stroke="#888" stroke-width="1.2"/>')
        out.append(f'<path d="M{_f(x2 + 7)} {_f(y2)}L{_f(x2)} {_f(y2 - 4)}L{_f(x2)} {_f(y2 + 4)}Z" fill="#777"/>')
    for cid, (bx, by, bw) in box.items():
        r = by_id[cid]
        fill, stroke = FILL[r.outcome.value.split()[0]]
        out.append(f'<a href="#{escape(cid)}"><title>{escape(cid)}: {escape(r.outcome.value)}</title>'
                   f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(bw)}" height="{NODE_H}" rx="4" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="1.5"/>'
                   f'<text x="{_f(bx + PAD)}" y="{_f(by + NODE_H / 2)}" dominant-baseline="middle" '
                   f'fill="#111">{escape(cid)}</text></a>')
    ly = height - 14
    lx = NODE_GAP
    for name, (fill, stroke) in FILL.items():
        if name == "error":
            continue
        label = {"partly": "partly verified", "failed": "failed or error"}.get(name, name)
        out.append(f'<rect x="{_f(lx)}" y="{_f(ly - 6)}" width="12" height="12" rx="2" fill="{fill}" stroke="{stroke}"/>'
                   f'<text x="{_f(lx + 16)}" y="{_f(ly)}" dominant-baseline="middle" font-family="sans-serif">'
                   f"{label}</text>")
        lx += 16 + len(label) * 6.5 + 16
    out.append("</svg>")
    return "\n".join(out)
