import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { randomToken } from './crypto';

const VISITOR_COOKIE = 'vid';

/**
 * Who is looking, for counting views once per visit: the signed-in user, else an anonymous visitor id
 * kept in an httpOnly cookie (set on the first counted view). Nothing personal is stored.
 */
export async function visitorKey(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const user = await request.getUser();
  if (user) return `u:${user.id}`;
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{10,64}$/.test(existing)) return `v:${existing}`;
  const vid = randomToken(16);
  reply.setCookie(VISITOR_COOKIE, vid, { path: '/api', httpOnly: true, sameSite: 'lax', secure: ctx.config.isProduction, maxAge: 365 * 24 * 3600 });
  return `v:${vid}`;
}
