#!/usr/bin/env node
// Generates small, deterministic SVG illustrations for the demo content.
//
// It scans server/db/seed/demo/*.ts for `imageUrl: "/images/demo/<kind>/<slug>.svg"`
// strings, so every image the content references gets a file, and writes them to
// public/images/demo/<kind>/<slug>.svg. It also writes public/placeholder.svg.
// No dependencies and no randomness: the look of each image comes from a hash of its slug.
//
// Usage: node scripts/generate-demo-images.mjs

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const contentDir = join(root, "server/db/seed/demo");
const publicDir = join(root, "public");

const PALETTES = [
  { bg: "#FFF7ED", blob: "#FED7AA", main: "#F97316", accent: "#0D9488", soft: "#FDE68A" },
  { bg: "#F0FDFA", blob: "#99F6E4", main: "#0D9488", accent: "#F97316", soft: "#FEF3C7" },
  { bg: "#FEFCE8", blob: "#FDE68A", main: "#EA580C", accent: "#14B8A6", soft: "#FFEDD5" },
  { bg: "#FFF7ED", blob: "#CCFBF1", main: "#0F766E", accent: "#FB923C", soft: "#FEF9C3" },
  { bg: "#FFFBEB", blob: "#FDBA74", main: "#C2410C", accent: "#0D9488", soft: "#FEF3C7" },
  { bg: "#ECFEFF", blob: "#FDE68A", main: "#14B8A6", accent: "#EA580C", soft: "#FFEDD5" },
];
const INK = "#431407";

/** FNV-1a 32-bit hash, so output is stable across runs and machines. */
function hash(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function esc(s) {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function titleFromSlug(slug) {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function svg(w, h, title, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${esc(title)}</title>${body}</svg>\n`;
}

function label(text, cx, top, color) {
  const lines = wrap(text, 24).slice(0, 3);
  const size = lines.length > 2 ? 34 : 40;
  const tspans = lines.map((l, i) => `<tspan x="${cx}" dy="${i === 0 ? 0 : size * 1.2}">${esc(l)}</tspan>`).join("");
  const y = top - ((lines.length - 1) * size * 1.2) / 2;
  return `<text x="${cx}" y="${y}" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif" font-size="${size}" font-weight="700" fill="${color}">${tspans}</text>`;
}

// ---------- toys ----------

const TOY_SHAPES = ["ball", "bone", "rope", "ring"];

function toyShape(slug) {
  // Prefer a shape that matches the product, otherwise pick one from the hash.
  if (/(^|-)balls?(-|$)/.test(slug)) return "ball";
  if (/(^|-)(bone|wishbone)(-|$)/.test(slug)) return "bone";
  if (/(^|-)(rope|tug)(-|$)/.test(slug)) return "rope";
  if (/(^|-)(ring|tread|tire|buoy)(-|$)/.test(slug)) return "ring";
  return TOY_SHAPES[hash(slug) % TOY_SHAPES.length];
}

function toyDrawing(shape, p, h) {
  const cx = 400;
  const cy = 240;
  const tilt = (h % 31) - 15;
  switch (shape) {
    case "ball":
      return `<g transform="rotate(${tilt} ${cx} ${cy})"><circle cx="${cx}" cy="${cy}" r="130" fill="${p.main}"/><path d="M${cx - 125} ${cy - 30}Q${cx} ${cy + 40} ${cx + 125} ${cy - 30}M${cx - 115} ${cy + 55}Q${cx} ${cy - 10} ${cx + 115} ${cy + 55}" fill="none" stroke="${p.soft}" stroke-width="12" stroke-linecap="round"/><circle cx="${cx - 45}" cy="${cy - 60}" r="22" fill="#fff" opacity=".35"/></g>`;
    case "bone":
      return `<g transform="rotate(${tilt - 20} ${cx} ${cy})" fill="${p.main}"><rect x="${cx - 150}" y="${cy - 38}" width="300" height="76" rx="38"/><circle cx="${cx - 160}" cy="${cy - 42}" r="52"/><circle cx="${cx - 160}" cy="${cy + 42}" r="52"/><circle cx="${cx + 160}" cy="${cy - 42}" r="52"/><circle cx="${cx + 160}" cy="${cy + 42}" r="52"/><rect x="${cx - 120}" y="${cy - 12}" width="240" height="10" rx="5" fill="#fff" opacity=".35"/></g>`;
    case "rope":
      return `<g transform="rotate(${tilt} ${cx} ${cy})"><path d="M${cx - 180} ${cy}C${cx - 100} ${cy - 90} ${cx - 40} ${cy + 90} ${cx + 40} ${cy}S${cx + 140} ${cy - 80} ${cx + 180} ${cy}" fill="none" stroke="${p.main}" stroke-width="44" stroke-linecap="round"/><path d="M${cx - 180} ${cy}C${cx - 100} ${cy - 90} ${cx - 40} ${cy + 90} ${cx + 40} ${cy}S${cx + 140} ${cy - 80} ${cx + 180} ${cy}" fill="none" stroke="${p.soft}" stroke-width="10" stroke-dasharray="18 22"/><circle cx="${cx - 185}" cy="${cy}" r="46" fill="${p.accent}"/><circle cx="${cx + 185}" cy="${cy}" r="46" fill="${p.accent}"/></g>`;
    default:
      return `<g transform="rotate(${tilt} ${cx} ${cy})"><circle cx="${cx}" cy="${cy}" r="115" fill="none" stroke="${p.main}" stroke-width="56"/><circle cx="${cx}" cy="${cy}" r="115" fill="none" stroke="${p.soft}" stroke-width="8" stroke-dasharray="14 24"/><circle cx="${cx + 80}" cy="${cy - 80}" r="14" fill="#fff" opacity=".4"/></g>`;
  }
}

function toySvg(slug, name) {
  const h = hash(slug);
  const p = PALETTES[h % PALETTES.length];
  const shape = toyShape(slug);
  const body = [
    `<rect width="800" height="600" rx="48" fill="${p.bg}"/>`,
    `<circle cx="400" cy="240" r="200" fill="${p.blob}"/>`,
    `<circle cx="${110 + (h % 60)}" cy="${90 + ((h >>> 6) % 50)}" r="26" fill="${p.soft}"/>`,
    `<circle cx="${690 - ((h >>> 3) % 60)}" cy="${110 + ((h >>> 9) % 60)}" r="16" fill="${p.accent}" opacity=".5"/>`,
    toyDrawing(shape, p, h),
    label(name, 400, 520, INK),
  ].join("");
  return svg(800, 600, name, body);
}

// ---------- breeds ----------

function ears(style, fur, dark) {
  switch (style) {
    case 0: // pointy, upright
      return `<path d="M310 200L285 60L385 150Z" fill="${fur}"/><path d="M490 200L515 60L415 150Z" fill="${fur}"/><path d="M318 175L302 95L362 150Z" fill="${dark}" opacity=".35"/><path d="M482 175L498 95L438 150Z" fill="${dark}" opacity=".35"/>`;
    case 1: // long, floppy
      return `<ellipse cx="282" cy="260" rx="50" ry="105" transform="rotate(14 282 260)" fill="${dark}"/><ellipse cx="518" cy="260" rx="50" ry="105" transform="rotate(-14 518 260)" fill="${dark}"/>`;
    case 2: // rounded bat ears
      return `<ellipse cx="300" cy="130" rx="52" ry="72" transform="rotate(-22 300 130)" fill="${fur}"/><ellipse cx="500" cy="130" rx="52" ry="72" transform="rotate(22 500 130)" fill="${fur}"/><ellipse cx="302" cy="138" rx="26" ry="44" transform="rotate(-22 302 138)" fill="${dark}" opacity=".3"/><ellipse cx="498" cy="138" rx="26" ry="44" transform="rotate(22 498 138)" fill="${dark}" opacity=".3"/>`;
    default: // folded flaps
      return `<path d="M300 160Q250 170 262 250Q300 230 335 190Z" fill="${dark}"/><path d="M500 160Q550 170 538 250Q500 230 465 190Z" fill="${dark}"/>`;
  }
}

const FURS = [
  ["#F59E0B", "#92400E"],
  ["#FDBA74", "#9A3412"],
  ["#D6D3D1", "#57534E"],
  ["#FCD34D", "#B45309"],
  ["#A8A29E", "#44403C"],
  ["#FB923C", "#7C2D12"],
];

function breedSvg(slug, name) {
  const h = hash(slug);
  const p = PALETTES[h % PALETTES.length];
  const [fur, dark] = FURS[(h >>> 4) % FURS.length];
  const earStyle = (h >>> 8) % 4;
  const body = [
    `<rect width="800" height="600" rx="48" fill="${p.bg}"/>`,
    `<circle cx="400" cy="235" r="205" fill="${p.blob}"/>`,
    `<path d="M120 ${70 + (h % 40)}l14 28 30 4-22 20 6 30-28-14-28 14 6-30-22-20 30-4z" fill="${p.soft}"/>`,
    ears(earStyle, fur, dark),
    `<ellipse cx="400" cy="240" rx="120" ry="112" fill="${fur}"/>`,
    `<ellipse cx="400" cy="300" rx="70" ry="52" fill="#FFF7ED"/>`,
    `<circle cx="355" cy="220" r="14" fill="${INK}"/><circle cx="445" cy="220" r="14" fill="${INK}"/>`,
    `<circle cx="359" cy="215" r="4" fill="#fff"/><circle cx="449" cy="215" r="4" fill="#fff"/>`,
    `<ellipse cx="400" cy="280" rx="24" ry="17" fill="${INK}"/>`,
    `<path d="M400 297v14M380 318q20 14 40 0" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M350 350q50 22 100 0" fill="none" stroke="${p.main}" stroke-width="14" stroke-linecap="round"/>`,
    label(name, 400, 520, INK),
  ].join("");
  return svg(800, 600, name, body);
}

// ---------- posts ----------

function paw(x, y, s, fill) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><ellipse cx="0" cy="20" rx="34" ry="28"/><ellipse cx="-38" cy="-22" rx="13" ry="17"/><ellipse cx="-13" cy="-40" rx="13" ry="17"/><ellipse cx="13" cy="-40" rx="13" ry="17"/><ellipse cx="38" cy="-22" rx="13" ry="17"/></g>`;
}

function postSvg(slug, name) {
  const h = hash(slug);
  const p = PALETTES[h % PALETTES.length];
  const q = PALETTES[(h >>> 5) % PALETTES.length];
  const id = `g${h.toString(36)}`;
  const body = [
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="1" stop-color="${q.soft}"/></linearGradient></defs>`,
    `<rect width="1200" height="630" rx="40" fill="url(#${id})"/>`,
    `<circle cx="${180 + (h % 120)}" cy="${160 + ((h >>> 3) % 80)}" r="${150 + (h % 60)}" fill="${p.blob}"/>`,
    `<circle cx="${980 - ((h >>> 7) % 120)}" cy="${470 - ((h >>> 11) % 80)}" r="${190 + ((h >>> 2) % 50)}" fill="${q.blob}" opacity=".8"/>`,
    `<rect x="${520 + ((h >>> 13) % 120)}" y="80" width="140" height="140" rx="32" transform="rotate(${(h % 40) - 20} 600 150)" fill="${p.accent}" opacity=".25"/>`,
    `<path d="M0 ${520 + (h % 40)}Q300 ${450 + ((h >>> 4) % 60)} 600 530T1200 ${500 + ((h >>> 8) % 50)}V630H0Z" fill="${p.main}" opacity=".18"/>`,
    `<circle cx="${300 + ((h >>> 6) % 200)}" cy="470" r="18" fill="${q.accent}" opacity=".6"/>`,
    paw(600, 330, 2.4, p.main),
    paw(870, 170, 0.9, p.accent),
  ].join("");
  return svg(1200, 630, name, body);
}

// ---------- people ----------

function initials(name) {
  const parts = name
    .replace(/[^\p{L}\s'-]/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : "";
  return (first + last).toUpperCase();
}

function personSvg(slug, name) {
  const h = hash(slug);
  const p = PALETTES[h % PALETTES.length];
  const body = [
    `<circle cx="100" cy="100" r="100" fill="${p.main}"/>`,
    `<circle cx="100" cy="100" r="88" fill="${p.blob}"/>`,
    `<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif" font-size="72" font-weight="700" fill="${INK}">${esc(initials(name))}</text>`,
  ].join("");
  return svg(200, 200, name, body);
}

// ---------- placeholder ----------

function placeholderSvg() {
  const body = [
    `<rect width="800" height="600" rx="32" fill="#E5E7EB"/>`,
    `<rect x="290" y="210" width="220" height="170" rx="18" fill="none" stroke="#9CA3AF" stroke-width="12"/>`,
    `<circle cx="350" cy="265" r="20" fill="#9CA3AF"/>`,
    `<path d="M302 368l70-76 44 46 30-30 58 60z" fill="#9CA3AF"/>`,
  ].join("");
  return svg(800, 600, "Image not available", body);
}

// ---------- collect references ----------

const RENDERERS = {
  toys: toySvg,
  breeds: breedSvg,
  posts: postSvg,
  people: personSvg,
};

function collect() {
  const found = new Map(); // "kind/slug" -> { kind, slug, name }
  const files = readdirSync(contentDir).filter((f) => f.endsWith(".ts"));
  const urlRe = /imageUrl:\s*"\/images\/demo\/([a-z0-9-]+)\/([a-z0-9-]+)\.svg"/g;
  const nameRe = /\b(?:name|title):\s*"((?:[^"\\]|\\.)*)"/g;
  for (const file of files) {
    const text = readFileSync(join(contentDir, file), "utf8");
    let prevEnd = 0;
    for (const m of text.matchAll(urlRe)) {
      const [, kind, slug] = m;
      // The readable name is the last `name:`/`title:` between the previous image and this one.
      const between = text.slice(prevEnd, m.index);
      let name = null;
      for (const n of between.matchAll(nameRe)) name = JSON.parse(`"${n[1]}"`);
      prevEnd = m.index + m[0].length;
      const key = `${kind}/${slug}`;
      if (!found.has(key)) found.set(key, { kind, slug, name: name ?? titleFromSlug(slug) });
    }
  }
  return [...found.values()];
}

function main() {
  const refs = collect();
  const counts = {};
  let written = 0;
  let largest = 0;
  for (const { kind, slug, name } of refs) {
    const render = RENDERERS[kind] ?? toySvg;
    const out = render(slug, name);
    const file = join(publicDir, "images/demo", kind, `${slug}.svg`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out);
    largest = Math.max(largest, Buffer.byteLength(out));
    counts[kind] = (counts[kind] ?? 0) + 1;
    written++;
  }
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(join(publicDir, "placeholder.svg"), placeholderSvg());
  written++;

  const summary = Object.entries(counts)
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  console.log(
    `Wrote ${written} SVG files (${summary || "no content images"}, placeholder: 1). Largest: ${largest} bytes.`,
  );
}

main();
