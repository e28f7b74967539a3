import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../shared/limits';
import {
  emailCodeRequest,
  emailCodeResponse,
  emailCodeVerifyRequest,
  emailCodeVerifyResponse,
  loginRequest,
  meResponse,
  signupRequest,
} from '../../../shared/schemas/auth';
import { errorBody, okBody } from '../../../shared/schemas/common';
import type { AppContext } from '../../platform/context';
import { clearSessionCookie, createSession, currentUser, destroySession, requireUser, setSessionCookie } from '../../platform/session';
import { SIGNUP_TICKET_COOKIE } from '../uploads/routes';
import { getMe, login, sendSignupCode, signup, verifySignupCode } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = ctx.config.isProduction;

    app.post(
      '/api/auth/email-code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a 6-digit sign-up code to an email address (never returned)',
          description: 'Who: anyone. 60 s cool-down per address; rate-limited per address and IP; 409 if already registered.',
          body: emailCodeRequest,
          response: { 200: emailCodeResponse, ...errors, 502: errorBody },
        },
      },
      async (request) => ({ ok: true as const, ...(await sendSignupCode(ctx, request.body.email, request.ip)) }),
    );

    app.post(
      '/api/auth/email-code/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Check a sign-up code; marks the email verified for 30 minutes',
          description: 'Who: anyone. At most 5 tries per code. Sets an httpOnly cookie that lets this browser upload portfolio files before the account exists.',
          body: emailCodeVerifyRequest,
          response: { 200: emailCodeVerifyResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { ticket } = await verifySignupCode(ctx, request.body.email, request.body.code);
        reply.setCookie(SIGNUP_TICKET_COOKIE, ticket, {
          path: '/api',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: LIMITS.signupVerifiedTtlSeconds,
        });
        return { verified: true as const };
      },
    );

    app.post(
      '/api/auth/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an influencer or company account (email must be verified) and sign in',
          description: 'Who: anyone with a verified email. Influencers must answer the talent questionnaire.',
          body: signupRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => {
        const userId = await signup(ctx, request.body);
        // like sign-in: a session this browser had before ends on the server, not only in the cookie jar
        const previous = await request.getUser();
        if (previous) await destroySession(ctx.db, previous.sessionId);
        const token = await createSession(ctx.db, userId, request);
        setSessionCookie(reply, token, secure);
        reply.clearCookie(SIGNUP_TICKET_COOKIE, { path: '/api' });
        return { user: await getMe(ctx.db, userId) };
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          description: 'Who: anyone. Failed attempts are rate-limited per email and per IP (429).',
          body: loginRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => {
        const userId = await login(ctx, request.body, request.ip);
        const previous = await request.getUser();
        if (previous) await destroySession(ctx.db, previous.sessionId);
        const token = await createSession(ctx.db, userId, request);
        setSessionCookie(reply, token, secure);
        return { user: await getMe(ctx.db, userId) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session on the server',
          description: 'Who: anyone (a visitor gets ok too).',
          response: { 200: okBody },
        },
      },
      async (request, reply) => {
        const user = await request.getUser();
        if (user) await destroySession(ctx.db, user.sessionId);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          description: 'Who: signed-in users; 401 for visitors.',
          response: { 200: meResponse, 401: errorBody },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await currentUser(request);
        return { user: await getMe(ctx.db, user.id) };
      },
    );
  };
