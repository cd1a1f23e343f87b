/**
 * Deterministic SVG artwork for the demo catalogue (rendered to real images by sharp): landscapes, city skylines,
 * abstract compositions and product shots, each varied by a seed string.
 */

function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#0b1d3a', '#f36f45', '#ffc765', '#2a4b7c', '#173158'],
  ['#1d0f2f', '#8f7bff', '#ff8fb1', '#4b2f7a', '#2c1b4a'],
  ['#06302b', '#4cd59a', '#e4ff9a', '#0f5c4d', '#0a443a'],
  ['#2b1408', '#ff9d3b', '#ffe1a8', '#6b3516', '#48220c'],
  ['#0d2231', '#59c3ff', '#f0fbff', '#1e4d6b', '#143547'],
  ['#2a0b12', '#ff5b6e', '#ffd0a1', '#6e1f2e', '#4a131f'],
];

export type ArtKind = 'landscape' | 'city' | 'abstract' | 'product';

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function ridge(r: () => number, w: number, h: number, base: number, rough: number): string {
  const pts: string[] = [`0,${h}`];
  const steps = 12 + Math.floor(r() * 10);
  for (let i = 0; i <= steps; i++) pts.push(`${((i / steps) * w).toFixed(0)},${(base - r() * rough).toFixed(0)}`);
  pts.push(`${w},${h}`);
  return pts.join(' ');
}

function landscape(r: () => number, p: string[], w: number, h: number): string {
  const sunX = w * (0.2 + r() * 0.6);
  const sunY = h * (0.25 + r() * 0.2);
  let layers = '';
  for (let i = 0; i < 4; i++) {
    const base = h * (0.5 + i * 0.12);
    layers += `<polygon points="${ridge(r, w, h, base, h * (0.25 - i * 0.04))}" fill="${i % 2 ? p[3] : p[4]}" opacity="${0.55 + i * 0.15}"/>`;
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset=".65" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[2]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${sunX}" cy="${sunY}" r="${h * (0.08 + r() * 0.07)}" fill="${p[2]}" opacity=".9"/>${layers}`;
}

function city(r: () => number, p: string[], w: number, h: number): string {
  let out = `<defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#dusk)"/>`;
  // Every lit window goes into one path (buildings never overlap, so it draws the same pixels as a rect per window):
  // thousands of elements made the renderer the slowest step of the demo's first start.
  let windows = '';
  let x = 0;
  while (x < w) {
    const bw = w * (0.05 + r() * 0.09);
    const bh = h * (0.25 + r() * 0.55);
    out += `<rect x="${x.toFixed(0)}" y="${(h - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${r() > 0.5 ? p[3] : p[4]}"/>`;
    for (let wy = h - bh + 12; wy < h - 12; wy += 18) {
      for (let wx = x + 8; wx < x + bw - 10; wx += 14) if (r() > 0.55) windows += `M${wx.toFixed(0)} ${wy.toFixed(0)}h6v9h-6z`;
    }
    x += bw + 2;
  }
  return `${out}<path d="${windows}" fill="${p[2]}" opacity=".85"/>`;
}

function abstract(r: () => number, p: string[], w: number, h: number): string {
  let out = `<rect width="${w}" height="${h}" fill="${p[0]}"/>`;
  for (let i = 0; i < 9; i++) {
    const c = p[1 + Math.floor(r() * 4)];
    out += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(Math.min(w, h) * (0.08 + r() * 0.3)).toFixed(0)}" fill="${c}" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`;
  }
  return out;
}

function product(r: () => number, p: string[], w: number, h: number): string {
  const s = Math.min(w, h);
  const bw = s * (0.45 + r() * 0.15);
  const bh = s * (0.55 + r() * 0.15);
  const x = (w - bw) / 2;
  const y = (h - bh) / 2;
  return `<defs><radialGradient id="bg" cx=".5" cy=".4" r=".8"><stop offset="0" stop-color="${p[2]}"/><stop offset="1" stop-color="${p[1]}"/></radialGradient>
<linearGradient id="face" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[3]}"/><stop offset="1" stop-color="${p[0]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/><ellipse cx="${w / 2}" cy="${y + bh + s * 0.04}" rx="${bw * 0.55}" ry="${s * 0.03}" fill="#000" opacity=".25"/>
<rect x="${x}" y="${y}" width="${bw}" height="${bh}" rx="${s * 0.03}" fill="url(#face)"/><rect x="${x + bw * 0.12}" y="${y + bh * 0.12}" width="${bw * 0.76}" height="${bh * 0.5}" rx="${s * 0.015}" fill="${p[1]}" opacity=".85"/>
<circle cx="${x + bw * 0.5}" cy="${y + bh * 0.37}" r="${bw * 0.14}" fill="${p[2]}"/>`;
}

const KINDS = { landscape, city, abstract, product };

/** An SVG of the given kind, size and seed (the same seed always draws the same picture). */
export function artwork(kind: ArtKind, seed: string, w: number, h: number): string {
  const r = rng(seed);
  const palette = PALETTES[Math.floor(r() * PALETTES.length)]!;
  return svg(w, h, KINDS[kind](r, palette, w, h));
}
