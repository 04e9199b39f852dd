/**
 * The load bench's curve as a plain SVG line chart (no library, nothing
 * fetched): clients along x, milliseconds along a logarithmic y (the figures
 * run from tens of ms to seconds), one line per curve, target marks as crosses.
 */

export type Curve = {
  label: string;
  color: string;
  dashed: boolean;
  points: Array<[x: number, y: number]>;
};

export type Mark = { x: number; y: number; label: string };

const W = 780;
const H = 460;
const M = { left: 78, right: 230, top: 64, bottom: 56 };

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function msLabel(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

export function lineChart(opts: {
  title: string;
  subtitle: string;
  xLabel: string;
  yLabel: string;
  xTicks: number[];
  curves: Curve[];
  marks: Mark[];
}): string {
  const ys = [
    ...opts.curves.flatMap((c) => c.points.map(([, y]) => y)),
    ...opts.marks.map((m) => m.y),
  ].filter((y) => Number.isFinite(y) && y > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...ys, 100)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...ys, 1000)));
  const xMax = Math.max(...opts.xTicks) * 1.05;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const sx = (x: number) => M.left + (x / xMax) * plotW;
  const sy = (y: number) =>
    M.top + plotH - ((Math.log10(y) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * plotH;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12" role="img">`,
    // The chart's name for screen readers (and Biome's a11y rule).
    `<title>${esc(`${opts.title}. ${opts.subtitle}`)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="24" font-size="15" font-weight="600">${esc(opts.title)}</text>`,
    `<text x="${M.left}" y="44" fill="#555">${esc(opts.subtitle)}</text>`,
  );
  // Grid: every power of ten labelled, 2x and 5x faint.
  for (let p = lo; p <= hi; p *= 10) {
    for (const f of [1, 2, 5]) {
      const y = p * f;
      if (y > hi) break;
      const py = sy(y).toFixed(1);
      out.push(
        `<line x1="${M.left}" x2="${M.left + plotW}" y1="${py}" y2="${py}" stroke="${f === 1 ? '#ccc' : '#eee'}"/>`,
      );
      if (f === 1 || hi / lo <= 100) {
        out.push(
          `<text x="${M.left - 8}" y="${py}" text-anchor="end" dominant-baseline="middle" fill="#333">${msLabel(y)}</text>`,
        );
      }
    }
  }
  for (const x of opts.xTicks) {
    const px = sx(x).toFixed(1);
    out.push(
      `<line x1="${px}" x2="${px}" y1="${M.top}" y2="${M.top + plotH}" stroke="#eee"/>`,
      `<text x="${px}" y="${M.top + plotH + 18}" text-anchor="middle" fill="#333">${x}</text>`,
    );
  }
  out.push(
    `<rect x="${M.left}" y="${M.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    `<text x="${M.left + plotW / 2}" y="${H - 12}" text-anchor="middle">${esc(opts.xLabel)}</text>`,
    `<text transform="translate(18 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(opts.yLabel)}</text>`,
  );
  for (const c of opts.curves) {
    const pts = c.points
      .filter(([, y]) => Number.isFinite(y) && y > 0)
      .sort(([a], [b]) => a - b)
      .map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
    if (pts.length === 0) continue;
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${c.color}" stroke-width="2"${c.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      ...pts.map((p) => {
        const [x, y] = p.split(',');
        return `<circle cx="${x}" cy="${y}" r="3.5" fill="${c.color}"/>`;
      }),
    );
  }
  for (const m of opts.marks) {
    const x = sx(m.x);
    const y = sy(m.y);
    out.push(
      `<path d="M${x - 6},${y - 6}L${x + 6},${y + 6}M${x - 6},${y + 6}L${x + 6},${y - 6}" stroke="#c00" stroke-width="2"/>`,
      `<text x="${x + 9}" y="${y - 8}" fill="#c00">${esc(m.label)}</text>`,
    );
  }
  const lx = W - M.right + 20;
  opts.curves.forEach((c, i) => {
    const y = M.top + 10 + i * 22;
    out.push(
      `<line x1="${lx}" x2="${lx + 28}" y1="${y}" y2="${y}" stroke="${c.color}" stroke-width="2"${c.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${lx + 36}" y="${y}" dominant-baseline="middle">${esc(c.label)}</text>`,
    );
  });
  if (opts.marks.length > 0) {
    const y = M.top + 10 + opts.curves.length * 22;
    out.push(
      `<path d="M${lx + 8},${y - 6}L${lx + 20},${y + 6}M${lx + 8},${y + 6}L${lx + 20},${y - 6}" stroke="#c00" stroke-width="2"/>`,
      `<text x="${lx + 36}" y="${y}" dominant-baseline="middle">target</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
