import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../shared/limits';
import { uploadQuery, uploadRequest, uploadResponse } from '../../../shared/schemas/uploads';
import { errorBody } from '../../../shared/schemas/errorBody';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findByTicket } from '../../platform/codes';
import { PURPOSE_POLICY, storeUpload, type UploadOwner } from './service';

export const SIGNUP_TICKET_COOKIE = 'signup_ticket';

export const uploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/uploads',
      {
        schema: {
          operationId: 'uploadFile',
          tags: ['uploads'],
          summary: 'Upload one file (multipart field "file")',
          description:
            'Who: portfolio — an influencer, or a browser holding a verified sign-up email (cookie from /api/auth/email-code/verify); ' +
            'avatar — any signed-in user; logo — companies; video-cover — admins; deal-file — companies, influencers and agencies (private: served by /api/deal-files/:id); ' +
            "business-license — companies, agencies and an agency's sign-up with its ticket (private: served by /api/company-licenses/:id to the company and admins with 用户管理); image-test — any signed-in user, development only. " +
            'Type decided by content (videos: a whole MP4/MOV/M4V or WebM container); images re-encoded, ' +
            'at most 40 megapixels (400 IMAGE_TOO_LARGE_PIXELS), processed a few at a time (503 UPLOAD_BUSY when too many wait); ' +
            'size enforced while streaming (413).',
          documentedBody: { mediaType: 'multipart/form-data', schema: uploadRequest },
          querystring: uploadQuery,
          response: { 200: uploadResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        const { purpose, talentType } = request.query;
        const user = await request.getUser();
        let owner: UploadOwner;
        if (purpose === 'image-test') {
          if (ctx.config.isProduction) throw new AppError('NOT_FOUND');
          // the test pages upload only for signed-in users: a visitor cannot fill the disk
          if (!user) throw new AppError('UNAUTHENTICATED');
          owner = { userId: user.id };
        } else if (purpose === 'portfolio') {
          if (user) {
            if (user.userType !== 'influencer') throw new AppError('FORBIDDEN');
            owner = { userId: user.id };
          } else {
            const ticket = request.cookies[SIGNUP_TICKET_COOKIE];
            const v = ticket ? await findByTicket(ctx, 'signup_email', ticket, LIMITS.signupVerifiedTtlSeconds) : null;
            if (!v) throw new AppError('UNAUTHENTICATED');
            owner = { signupVerificationId: v.id };
          }
        } else if (purpose === 'logo' || purpose === 'business-license') {
          if (user) {
            if (user.userType !== 'company' && user.userType !== 'agency') throw new AppError('FORBIDDEN');
            owner = { userId: user.id };
          } else {
            // an agency's sign-up carries its licence and logo (decision 0044): uploaded under the verified e-mail
            const ticket = request.cookies[SIGNUP_TICKET_COOKIE];
            const v = ticket ? await findByTicket(ctx, 'signup_email', ticket, LIMITS.signupVerifiedTtlSeconds) : null;
            if (!v) throw new AppError('UNAUTHENTICATED');
            owner = { signupVerificationId: v.id };
          }
        } else if (purpose === 'deal-file') {
          if (!user) throw new AppError('UNAUTHENTICATED');
          // an agency's own upload, attached when it acts for a roster influencer (decision 0045)
          if (user.userType !== 'company' && user.userType !== 'influencer' && user.userType !== 'agency') throw new AppError('FORBIDDEN');
          owner = { userId: user.id };
        } else if (purpose === 'video-cover') {
          if (!user) throw new AppError('UNAUTHENTICATED');
          if (user.userType !== 'admin') throw new AppError('FORBIDDEN');
          owner = { userId: user.id };
        } else {
          if (!user) throw new AppError('UNAUTHENTICATED');
          owner = { userId: user.id };
        }
        const limit = await ctx.limiter.hit(`upload:ip:${request.ip}`, 120, 3600);
        if (!limit.allowed) throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(limit.retryAfterSeconds) });

        // not a multipart body at all (the plugin would answer 406): the file is simply missing
        if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
        const policy = PURPOSE_POLICY[purpose];
        const file = await request.file({ limits: { fileSize: policy.maxBytes, files: 1 } });
        if (!file || file.fieldname !== 'file') throw new AppError('FILE_REQUIRED');
        return storeUpload(ctx, {
          stream: file.file,
          originalName: file.filename,
          purpose,
          talentType: purpose === 'portfolio' ? talentType : undefined,
          owner,
        });
      },
    );
  };
