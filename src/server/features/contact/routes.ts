import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/errorBody';
import { contactRequest, contactResponse } from '../../../shared/schemas/contact';
import type { AppContext } from '../../platform/context';
import { sendContactMessage } from './service';

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact',
      {
        schema: {
          operationId: 'sendContactMessage',
          tags: ['content'],
          summary: 'Send a message to the support team (the /contact form)',
          description:
            'Who: anyone (a signed-in sender is recorded). Stored, mailed to SUPPORT_EMAIL, acknowledged to the sender. At most 5 per IP and 3 per email address per hour.',
          body: contactRequest,
          response: { 200: contactResponse, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const user = await request.getUser();
        return sendContactMessage(ctx, request.body, request.ip, user?.id ?? null);
      },
    );
  };
