#!/usr/bin/env python3
"""Score against time, one line per run, as an SVG: scripts/e2-plot.py OUT.svg RUN.log ...

Each log holds lines `T s: score N/TOTAL` (what `wgrnd solve --maximize matches -v` writes as
`c` lines, scripts/e2-run.sh keeps them); the x axis is logarithmic in seconds."""
import math
import re
import sys

W, H, L, R, T, B = 640, 400, 60, 120, 20, 50
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def read(path):
    pts = []
    for line in open(path):
        m = re.match(r"\s*([0-9.]+) s: score (\d+)/(\d+)", line)
        if m:
            pts.append((max(float(m.group(1)), 0.01), int(m.group(2)), int(m.group(3))))
    return pts


def main():
    out, logs = sys.argv[1], sys.argv[2:]
    runs = [(p, read(p)) for p in logs]
    runs = [(p, pts) for p, pts in runs if pts]
    if not runs:
        sys.exit("no scores in the logs")
    total = runs[0][1][0][2]
    tmax = max(pts[-1][0] for _, pts in runs)
    tmax = max(tmax, 1.0)
    lo = min(pts[0][1] for _, pts in runs)
    lo = (lo // 20) * 20
    x = lambda t: L + (W - L - R) * math.log10(t / 0.01) / math.log10(tmax / 0.01)
    y = lambda s: T + (H - T - B) * (1 - (s - lo) / max(total - lo, 1))
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    for s in range(int(lo), total + 1, 20):
        svg.append(f'<line x1="{L}" y1="{y(s):.1f}" x2="{W-R}" y2="{y(s):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{L-6}" y="{y(s)+4:.1f}" text-anchor="end">{s}</text>')
    t = 0.01
    while t <= tmax * 1.0001:
        svg.append(f'<line x1="{x(t):.1f}" y1="{T}" x2="{x(t):.1f}" y2="{H-B}" stroke="#ddd"/>')
        svg.append(f'<text x="{x(t):.1f}" y="{H-B+16}" text-anchor="middle">{t:g}</text>')
        t *= 10
    svg.append(f'<text x="{(L+W-R)/2}" y="{H-10}" text-anchor="middle">seconds (log scale)</text>')
    svg.append(f'<text x="14" y="{(T+H-B)/2}" transform="rotate(-90 14 {(T+H-B)/2})" text-anchor="middle">matched inner edges of {total}</text>')
    for i, (path, pts) in enumerate(runs):
        c = COLOURS[i % len(COLOURS)]
        d = [f"M{x(pts[0][0]):.1f} {y(pts[0][1]):.1f}"]
        for t, s, _ in pts[1:]:
            d.append(f"H{x(t):.1f} V{y(s):.1f}")
        d.append(f"H{x(tmax):.1f}")
        svg.append(f'<path d="{" ".join(d)}" fill="none" stroke="{c}" stroke-width="1.5"/>')
        name = path.rsplit("/", 1)[-1].removesuffix(".log")
        svg.append(f'<text x="{W-R+8}" y="{T+16+16*i}" fill="{c}">{name}: {pts[-1][1]}</text>')
    svg.append("</svg>")
    open(out, "w").write("\n".join(svg) + "\n")


main()
