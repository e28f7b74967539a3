/**
 * Secrets at rest (decision 0020): AES-256-GCM under a key derived from SECRET_KEY for one purpose
 * (HMAC-SHA256(SECRET_KEY, purpose), as the payment webhook key is derived), a fresh 12-byte IV per
 * value, and the row's owner as additional data — a sealed value copied onto another user's row does not
 * open. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export type Sealer = { seal(plain: string, owner: string): string; open(sealed: string, owner: string): string };

export function sealer(secretKey: string, purpose: string): Sealer {
  const key = createHmac('sha256', secretKey).update(`sealed:${purpose}`).digest();
  return {
    seal(plain, owner) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(Buffer.from(owner));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, owner) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed: unknown format');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAAD(Buffer.from(owner));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
  };
}
