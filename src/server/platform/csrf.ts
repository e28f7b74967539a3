import type { FastifyInstance } from 'fastify';
import { sendsBearer } from './apiKeyAuth';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Addresses posted to by others by design: the one-click unsubscribe of RFC 8058 is posted by the recipient's mail
 * provider; it needs no session and its signed token is the authority (decision 0040).
 */
const EXEMPT = new Set(['/api/mail/unsubscribe']);

/**
 * State-changing requests from another origin are refused: the Origin header (sent by browsers on
 * every cross-origin and every POST request) must name this site, and Sec-Fetch-Site must not say
 * cross-site. Non-browser clients that send neither are allowed (they carry no ambient cookies), and so are
 * requests with an API key (`Authorization: Bearer`, decision 0038).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl?: string) {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || EXEMPT.has(request.url.split('?')[0])) return;
    // an API key is sent on purpose, never ambiently like a cookie; with one, the cookie is not read (apiKeyAuth.ts)
    if (sendsBearer(request)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (origin) {
      const allowed = new Set<string>();
      if (publicUrl) allowed.add(new URL(publicUrl).origin);
      const host = request.headers.host;
      if (host) {
        allowed.add(`http://${host}`);
        allowed.add(`https://${host}`);
      }
      if (!allowed.has(origin)) throw new AppError('CROSS_ORIGIN');
    } else if (site === 'cross-site') {
      throw new AppError('CROSS_ORIGIN');
    }
  });
}
