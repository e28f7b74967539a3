import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

/** An address of this machine (IPv4 127/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Developer endpoints and pages (the outbox holds sign-up and reset codes) answer only clients on
 * this machine: the socket's own peer address decides, never X-Forwarded-For. Others get a plain 404,
 * as if the route did not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) {
    return reply.status(404).send(errorBody('NOT_FOUND'));
  }
}
