import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Storage } from '../../platform/storage';

/** Locally generated artwork for demo data: no external image hosts, works offline. */
const PALETTES: [string, string, string][] = [
  ['#ff7a45', '#f5222d', '#fff1e6'],
  ['#9254de', '#2f54eb', '#f0e6ff'],
  ['#13c2c2', '#1677ff', '#e6fffb'],
  ['#faad14', '#fa541c', '#fff7e6'],
  ['#eb2f96', '#722ed1', '#fff0f6'],
  ['#52c41a', '#13a8a8', '#f6ffed'],
];

function posterSvg(i: number, w: number, h: number): string {
  const [a, b, c] = PALETTES[i % PALETTES.length];
  const r = (n: number) => ((i * 9301 + n * 49297) % 233280) / 233280;
  const circles = Array.from({ length: 6 }, (_, k) => {
    const cx = Math.round(r(k + 1) * w);
    const cy = Math.round(r(k + 7) * h);
    const rad = Math.round(30 + r(k + 13) * (w / 4));
    return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${c}" fill-opacity="${(0.08 + r(k + 3) * 0.18).toFixed(2)}"/>`;
  }).join('');
  const px = w / 2;
  const py = h / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${circles}
  <rect x="${w * 0.08}" y="${h * 0.72}" width="${w * 0.5}" height="${h * 0.06}" rx="${h * 0.03}" fill="#fff" fill-opacity="0.85"/>
  <rect x="${w * 0.08}" y="${h * 0.81}" width="${w * 0.32}" height="${h * 0.045}" rx="${h * 0.022}" fill="#fff" fill-opacity="0.6"/>
  <circle cx="${px}" cy="${py * 0.85}" r="${h * 0.13}" fill="#fff" fill-opacity="0.92"/>
  <path d="M ${px - h * 0.04} ${py * 0.85 - h * 0.065} L ${px + h * 0.07} ${py * 0.85} L ${px - h * 0.04} ${py * 0.85 + h * 0.065} Z" fill="${b}"/>
</svg>`;
}

function avatarSvg(i: number): string {
  const [a, b, c] = PALETTES[(i + 2) % PALETTES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="128" cy="102" r="48" fill="${c}"/>
  <path d="M40 240 C 52 170, 204 170, 216 240 Z" fill="${c}"/>
</svg>`;
}

async function store(storage: Storage, key: string, svg: string): Promise<string> {
  const dir = path.join(os.tmpdir(), 'lc-seed');
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${randomBytes(8).toString('hex')}.webp`);
  await sharp(Buffer.from(svg)).webp({ quality: 82 }).toFile(tmp);
  await storage.putFile(key, tmp, 'image/webp');
  return `/uploads/${key}`;
}

export const makePoster = (storage: Storage, i: number) => store(storage, `seed/posters/video-${i}.webp`, posterSvg(i, 640, 360));
export const makeAvatar = (storage: Storage, i: number) => store(storage, `seed/avatars/influencer-${i}.webp`, avatarSvg(i));

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A demo business licence (营业执照, marked 演示样本): the company's name and 统一社会信用代码 on a licence-like sheet. */
function licenseSvg(name: string, code: string): string {
  const w = 960;
  const h = 660;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" fill="#fdf6e3"/>
  <rect x="18" y="18" width="${w - 36}" height="${h - 36}" fill="none" stroke="#b8860b" stroke-width="6"/>
  <rect x="32" y="32" width="${w - 64}" height="${h - 64}" fill="none" stroke="#d4a84b" stroke-width="2"/>
  <circle cx="${w / 2}" cy="112" r="44" fill="#c8102e"/>
  <circle cx="${w / 2}" cy="112" r="30" fill="none" stroke="#ffd700" stroke-width="4"/>
  <text x="${w / 2}" y="222" font-family="Noto Serif CJK SC, Noto Sans CJK SC, serif" font-size="60" font-weight="700" fill="#c8102e" text-anchor="middle" letter-spacing="18">营业执照</text>
  <text x="80" y="300" font-family="Noto Sans CJK SC, sans-serif" font-size="26" fill="#333">统一社会信用代码</text>
  <text x="330" y="300" font-family="DejaVu Sans Mono, monospace" font-size="30" font-weight="700" fill="#111">${escapeXml(code)}</text>
  <text x="80" y="370" font-family="Noto Sans CJK SC, sans-serif" font-size="26" fill="#333">名\u3000\u3000称</text>
  <text x="330" y="370" font-family="Noto Sans CJK SC, sans-serif" font-size="28" fill="#111">${escapeXml(name)}</text>
  <text x="80" y="440" font-family="Noto Sans CJK SC, sans-serif" font-size="26" fill="#333">类\u3000\u3000型</text>
  <text x="330" y="440" font-family="Noto Sans CJK SC, sans-serif" font-size="28" fill="#111">有限责任公司</text>
  <circle cx="${w - 190}" cy="${h - 150}" r="80" fill="none" stroke="#c8102e" stroke-width="6" opacity="0.8"/>
  <text x="${w - 190}" y="${h - 140}" font-family="Noto Sans CJK SC, sans-serif" font-size="24" fill="#c8102e" text-anchor="middle" opacity="0.8">登记机关</text>
  <text x="80" y="${h - 70}" font-family="Noto Sans CJK SC, sans-serif" font-size="22" fill="#999">演示样本 · DEMO SAMPLE — not a real licence</text>
</svg>`;
}

/** Stores a demo licence under the private folder (served only by /api/company-licenses/:id). */
export async function makeLicense(storage: Storage, ownerUserId: string, name: string, code: string) {
  const key = `private/business_licenses/${ownerUserId}/demo-license.webp`;
  const dir = path.join(os.tmpdir(), 'lc-seed');
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${randomBytes(8).toString('hex')}.webp`);
  const info = await sharp(Buffer.from(licenseSvg(name, code)))
    .webp({ quality: 80 })
    .toFile(tmp);
  await storage.putFile(key, tmp, 'image/webp');
  return { key, size: info.size, width: info.width, height: info.height };
}
