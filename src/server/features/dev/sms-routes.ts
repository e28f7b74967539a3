import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneCodeRequest, phoneCodeResponse, phoneVerifyRequest } from '../../../shared/schemas/accounts';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { issueCode, verifyCode } from '../../platform/codes';
import { loopbackOnly } from '../../platform/loopback';
import type { AppContext } from '../../platform/context';

/** /sms-test: exercises the product's own SMS path (format check, 4-digit code). Development only. */
export const devSmsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // only this machine may read codes or use these tools (platform/loopback.ts)
    app.addHook('onRequest', loopbackOnly);
    const errors = { 400: errorBody, 429: errorBody, 502: errorBody };
    app.post(
      '/api/dev/sms-code',
      {
        schema: {
          operationId: 'devSendSmsCode',
          tags: ['dev'],
          summary: 'Send a 4-digit test code by SMS (development only)',
          description: 'Who: anyone, development and test only.',
          body: phoneCodeRequest,
          response: { 200: phoneCodeResponse, ...errors },
        },
      },
      async (request) => ({
        ok: true as const,
        ...(await issueCode(ctx, 'sms_test', request.body.phone, request.ip, (code, ttl) =>
          ctx.sms.send(request.body.phone, `【直播带货平台】测试验证码 ${code}，${Math.round(ttl / 60)} 分钟内有效。`),
        )),
      }),
    );
    app.post(
      '/api/dev/sms-code/verify',
      {
        schema: {
          operationId: 'devVerifySmsCode',
          tags: ['dev'],
          summary: 'Check a test SMS code (development only)',
          description: 'Who: anyone, development and test only.',
          body: phoneVerifyRequest,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await verifyCode(ctx, 'sms_test', request.body.phone, request.body.code);
        return reply.code(204).send();
      },
    );
  };
