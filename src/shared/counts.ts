/**
 * Counts (views, likes, followers) as people write them — '12.5万', '8,932', '3k', '1.2亿' — read
 * as numbers and shown in the reader's language: 12.5万 in Chinese, 125K in English. The server's
 * SQL for sorting by count reads the same units (features/videos/service.ts).
 */
const UNITS: [RegExp, number][] = [
  [/亿/, 1e8],
  [/万/, 1e4],
  [/[0-9.]\s*m/i, 1e6],
  [/[0-9.]\s*k/i, 1e3],
];

/** The number a count text stands for; null when it holds no number. */
export function parseCount(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (!text) return null;
  const plain = text.replace(/,/g, '');
  const m = /[0-9]+\.?[0-9]*/.exec(plain);
  if (!m) return null;
  const unit = UNITS.find(([re]) => re.test(plain))?.[1] ?? 1;
  return Math.round(Number(m[0]) * unit);
}

const trim1 = (n: number) => (Math.round(n * 10) / 10).toString();

/** A count for display: 1.2亿 / 12.5万 / 8,932 in Chinese; 125K / 1.2M / 8,932 in English. */
export function formatCount(n: number, lang: 'zh' | 'en'): string {
  if (lang === 'zh') {
    if (n >= 1e8) return `${trim1(n / 1e8)}亿`;
    if (n >= 1e4) return `${trim1(n / 1e4)}万`;
    return n.toLocaleString('zh-CN');
  }
  if (n >= 1e4) return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  return n.toLocaleString('en');
}

/** A stored count text shown in `lang`; text without a number is shown as written ('0' when empty). */
export function displayCount(text: string | number | null | undefined, lang: 'zh' | 'en'): string {
  const n = parseCount(text);
  if (n === null) return typeof text === 'string' && text.trim() ? text : '0';
  return formatCount(n, lang);
}
