import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../shared/limits';
import {
  emailCodeRequest,
  emailCodeResponse,
  emailCodeVerifyRequest,
  emailCodeVerifyResponse,
  loginRequest,
  meResponse,
  passwordResetConfirm,
  passwordResetRequest,
  passwordResetRequestResponse,
  sessionResponse,
  signupRequest,
} from '../../../shared/schemas/auth';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import type { AppContext } from '../../platform/context';
import { clearSessionCookie, createSession, currentUser, destroySession, requireUser, SESSION_COOKIE, setSessionCookie } from '../../platform/session';
import { browserLocale, setNotificationLocale } from '../notifications';
import { SIGNUP_TICKET_COOKIE } from '../uploads';
import { confirmPasswordReset, getMe, login, requestPasswordReset, sendSignupCode, signup, verifySignupCode } from './service';

const NO_STORE = new Set([
  '/api/auth/signup',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/me',
  '/api/auth/session',
  '/api/auth/email-code/verify',
  '/api/auth/password-reset/request',
  '/api/auth/password-reset/confirm',
]);

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = ctx.config.isProduction;

    // sign-in, sign-up, session and password-reset answers are never cached (item 13), errors included
    app.addHook('onRequest', async (request, reply) => {
      if (NO_STORE.has(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/auth/email-code',
      {
        schema: {
          operationId: 'sendSignupCode',
          tags: ['auth'],
          summary: 'Send a 6-digit sign-up code to an email address (never returned)',
          description:
            'Who: anyone. The same answer for registered and free addresses (a registered one gets a notice mail, no code). ' +
            'Limits: per IP first, then a 60 s cool-down and an hourly quota per address and requesting IP (429).',
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
          operationId: 'verifySignupCode',
          tags: ['auth'],
          summary: 'Check a sign-up code; marks the email verified for 30 minutes',
          description:
            'Who: anyone. At most 5 tries per code; a code verifies once. Sets the httpOnly signup_ticket cookie (portfolio uploads before ' +
            'the account exists, and the proof sign-up needs) and returns the same proof as `signupToken` for API clients.',
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
        return { verified: true as const, signupToken: ticket };
      },
    );

    app.post(
      '/api/auth/signup',
      {
        schema: {
          operationId: 'signUp',
          tags: ['auth'],
          summary: 'Create an influencer or company account (email must be verified) and sign in',
          description:
            'Who: the client that verified the email: the signup_ticket cookie of the verifying browser or the `signupToken` of the verify ' +
            'response (400 EMAIL_NOT_VERIFIED without either). Influencers must answer the talent questionnaire.',
          body: signupRequest,
          response: { 200: meResponse, ...errors },
        },
      },
      async (request, reply) => {
        const userId = await signup(ctx, request.body, request.cookies[SIGNUP_TICKET_COOKIE]);
        // like sign-in: a session this browser had before ends on the server, not only in the cookie jar
        const previous = await request.getUser();
        if (previous) await destroySession(ctx.db, previous.sessionId);
        const token = await createSession(ctx.db, userId, request);
        setSessionCookie(reply, token, secure);
        reply.clearCookie(SIGNUP_TICKET_COOKIE, { path: '/api' });
        await setNotificationLocale(ctx.db, userId, browserLocale(request.cookies.lang));
        return { user: await getMe(ctx.db, userId) };
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          operationId: 'signIn',
          tags: ['auth'],
          summary: 'Sign in with email and password',
          description:
            'Who: anyone. Attempts are counted per IP and per email before the password is checked (429 over the limit). A suspended account gets 403 ACCOUNT_SUSPENDED; a demo account on a production site 403 DEMO_ACCOUNT_DISABLED unless the server runs with SEED_DEMO=true.',
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
        await setNotificationLocale(ctx.db, userId, browserLocale(request.cookies.lang));
        return { user: await getMe(ctx.db, userId) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          operationId: 'signOut',
          tags: ['auth'],
          summary: 'End the current session on the server',
          description: 'Who: anyone (a visitor gets ok too).',
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const user = await request.getUser();
        if (user) await destroySession(ctx.db, user.sessionId);
        clearSessionCookie(reply, secure);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/auth/me',
      {
        schema: {
          operationId: 'getMe',
          tags: ['auth'],
          summary: 'The signed-in user',
          description: 'Who: signed-in users; 401 for visitors.',
          response: { 200: meResponse, 401: errorBody },
        },
        preValidation: requireUser,
      },
      async (request) => {
        const user = await currentUser(request);
        return { user: await getMe(ctx.db, user.id) };
      },
    );

    app.get(
      '/api/auth/session',
      {
        schema: {
          operationId: 'getSession',
          tags: ['auth'],
          summary: 'Who is signed in: the user, or null for a visitor (always 200)',
          description: 'Who: anyone. The web app asks this on every page; /api/auth/me answers 401 to visitors instead.',
          response: { 200: sessionResponse },
        },
      },
      async (request) => {
        const user = await request.getUser();
        return { user: user ? await getMe(ctx.db, user.id) : null };
      },
    );

    app.post(
      '/api/auth/password-reset/request',
      {
        schema: {
          operationId: 'requestPasswordReset',
          tags: ['auth'],
          summary: '忘记密码: mail a 6-digit password-reset code (never returned)',
          description:
            'Who: anyone. The same answer whether the address is registered or not (an unknown one gets a mail without a code). ' +
            'Code valid 10 minutes; limits as for sign-up codes, plus at most 10 codes per address per hour.',
          body: passwordResetRequest,
          response: { 200: passwordResetRequestResponse, ...errors, 502: errorBody },
        },
      },
      async (request) => ({ ok: true as const, ...(await requestPasswordReset(ctx, request.body.email, request.ip)) }),
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        schema: {
          operationId: 'confirmPasswordReset',
          tags: ['auth'],
          summary: 'Set a new password with the mailed code; ends every session of the account',
          description:
            'Who: anyone holding the code. 5 tries per code; the code is used up. Every session of the account ends (the caller is not ' +
            'signed in: sign in with the new password) and the owner is told by mail.',
          body: passwordResetConfirm,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await confirmPasswordReset(ctx, request.body);
        // this browser's session (if any) ended with the others
        if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, secure);
        return reply.code(204).send();
      },
    );
  };
