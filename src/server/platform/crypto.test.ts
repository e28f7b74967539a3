import { describe, expect, it } from 'vitest';
import { hmac, numericCode, randomToken, safeEqualHex, sha256 } from './crypto';

describe('platform/crypto', () => {
  it('sha256 and hmac match the published test vectors (hex)', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hmac('key', 'The quick brown fox jumps over the lazy dog')).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    // the key matters: the same value under another key is another digest
    expect(hmac('other', 'The quick brown fox jumps over the lazy dog')).not.toBe(hmac('key', 'The quick brown fox jumps over the lazy dog'));
  });

  it('numericCode makes codes of exactly `length` digits without a leading zero (6-digit: 100000–999999)', () => {
    for (const length of [4, 6]) {
      const min = 10 ** (length - 1);
      const seen = new Set<string>();
      for (let i = 0; i < 2000; i++) {
        const c = numericCode(length);
        expect(c).toMatch(new RegExp(`^[1-9]\\d{${length - 1}}$`));
        const n = Number(c);
        expect(n).toBeGreaterThanOrEqual(min);
        expect(n).toBeLessThan(min * 10);
        seen.add(c);
      }
      // random, not a constant or a short cycle
      expect(seen.size).toBeGreaterThan(length === 4 ? 1000 : 1900);
    }
  });

  it('randomToken is url-safe, 256 bits by default, and never repeats', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const tok = randomToken();
      expect(tok).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.add(tok);
    }
    expect(tokens.size).toBe(500);
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
  });

  it('safeEqualHex compares digests: equal, different, and different lengths', () => {
    const a = sha256('one');
    expect(safeEqualHex(a, sha256('one'))).toBe(true);
    expect(safeEqualHex(a, sha256('two'))).toBe(false);
    expect(safeEqualHex(a, a.slice(0, 62))).toBe(false);
    expect(safeEqualHex(a, '')).toBe(false);
  });
});
