import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';

/** Admin routes of this area (filled by its feature work); registered by ./routes.ts. */
export const adminContentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {
    void ctx;
  };
