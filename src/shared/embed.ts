/**
 * How a showcase video plays: a file the browser plays itself (uploaded or the demo clips, same site),
 * or an embed from a well-known video host (admin-entered URLs). Anything else does not play.
 * EMBED_ORIGINS is the server's Content-Security-Policy frame-src: nothing else may be framed.
 */
export type Playable = { kind: 'file'; src: string } | { kind: 'embed'; src: string; host: string };

export const EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.bilibili.com',
  'https://player.vimeo.com',
  'https://open.douyin.com',
  'https://www.tiktok.com',
] as const;

const FILE = /\.(mp4|webm|ogg|ogv|mov|m4v)(\?.*)?$/i;

function parse(url: string): URL | null {
  try {
    return new URL(url, 'http://local.invalid');
  } catch {
    return null;
  }
}

export function toPlayable(raw: string | null | undefined): Playable | null {
  const url = raw?.trim();
  if (!url) return null;
  // same-site files: /uploads/…, /demo/…
  if (url.startsWith('/') && !url.startsWith('//')) return FILE.test(url) ? { kind: 'file', src: url } : null;
  const u = parse(url);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.hostname === 'local.invalid') return null;
  const host = u.hostname.replace(/^www\.|^m\./, '');
  const id = (re: RegExp, s: string) => re.exec(s)?.[1] ?? null;
  if (host === 'youtube.com' || host === 'youtu.be') {
    const v = host === 'youtu.be' ? id(/^\/([\w-]{6,20})/, u.pathname) : (u.searchParams.get('v') ?? id(/^\/(?:embed|shorts)\/([\w-]{6,20})/, u.pathname));
    return v && /^[\w-]{6,20}$/.test(v) ? { kind: 'embed', host: 'youtube', src: `https://www.youtube-nocookie.com/embed/${v}` } : null;
  }
  if (host === 'bilibili.com') {
    const bv = id(/^\/video\/(BV[0-9A-Za-z]{10})/, u.pathname);
    return bv ? { kind: 'embed', host: 'bilibili', src: `https://player.bilibili.com/player.html?bvid=${bv}&autoplay=0` } : null;
  }
  if (host === 'vimeo.com') {
    const v = id(/^\/(\d{5,12})/, u.pathname);
    return v ? { kind: 'embed', host: 'vimeo', src: `https://player.vimeo.com/video/${v}` } : null;
  }
  if (host === 'douyin.com') {
    const v = id(/^\/video\/(\d{8,25})/, u.pathname);
    return v ? { kind: 'embed', host: 'douyin', src: `https://open.douyin.com/player/video?vid=${v}&autoplay=0` } : null;
  }
  if (host === 'tiktok.com') {
    const v = id(/\/video\/(\d{8,25})/, u.pathname);
    return v ? { kind: 'embed', host: 'tiktok', src: `https://www.tiktok.com/embed/v2/${v}` } : null;
  }
  return null;
}

/** The showcase's fixed hot tags (part 2 §9): shown in the reader's language, searched by the zh word. */
export const HOT_TAGS = [
  { zh: '美妆', en: 'Beauty' },
  { zh: '护肤', en: 'Skincare' },
  { zh: '穿搭', en: 'Outfits' },
  { zh: '数码', en: 'Tech' },
  { zh: '美食', en: 'Food' },
  { zh: '零食', en: 'Snacks' },
  { zh: '家居', en: 'Home' },
  { zh: '旅行', en: 'Travel' },
  { zh: '直播', en: 'Live' },
  { zh: '好物推荐', en: 'Top picks' },
] as const;
