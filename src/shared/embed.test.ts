import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS, toPlayable } from './embed';

describe('toPlayable', () => {
  it('plays same-site video files', () => {
    expect(toPlayable('/demo/clip-1.mp4')).toEqual({ kind: 'file', src: '/demo/clip-1.mp4' });
    expect(toPlayable('/uploads/v/a.webm?x=1')).toEqual({ kind: 'file', src: '/uploads/v/a.webm?x=1' });
    expect(toPlayable('/demo/readme.txt')).toBeNull();
    expect(toPlayable('//evil.example.com/a.mp4')).toBeNull();
  });
  it('embeds the well-known hosts, only on their player origins', () => {
    const cases: [string, string][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://www.bilibili.com/video/BV1xx411c7mD', 'https://player.bilibili.com/player.html?bvid=BV1xx411c7mD&autoplay=0'],
      ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
      ['https://www.douyin.com/video/7300000000000000000', 'https://open.douyin.com/player/video?vid=7300000000000000000&autoplay=0'],
      ['https://www.tiktok.com/@someone/video/7300000000000000000', 'https://www.tiktok.com/embed/v2/7300000000000000000'],
    ];
    for (const [url, src] of cases) {
      const p = toPlayable(url);
      expect(p?.kind, url).toBe('embed');
      expect(p?.src).toBe(src);
      expect(EMBED_ORIGINS.some((o) => p?.src.startsWith(`${o}/`))).toBe(true);
    }
  });
  it('refuses other hosts, scripts and malformed ids', () => {
    for (const url of ['https://example.com/a.mp4', 'javascript:alert(1)', 'https://www.youtube.com/watch?v=<x>', 'https://vimeo.com/abc', '', null]) {
      expect(toPlayable(url), String(url)).toBeNull();
    }
  });
});
