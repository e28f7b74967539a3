import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResponse,
  deletionRequestBody,
  passwordChangeRequest,
  phoneCodeRequest,
  phoneCodeResponse,
  phoneUpdateRequest,
  phoneVerification,
  phoneVerifyRequest,
  settings,
  settingsUpdate,
} from '../../../shared/schemas/accounts';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  companyProfileResponse,
  companyProfileUpdate,
  influencerProfileResponse,
  influencerProfileUpdate,
  materialsUpdate,
  verificationRequestBody,
} from '../../../shared/schemas/profiles';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { invalidateOnWrite } from '../../platform/publicCache';
import { mediaResponse } from '../../platform/openapi/responses';
import { currentUser, guard } from '../../platform/session';
import { cancelDeletion, changePassword, getAccount, requestDeletion, sendPhoneCode, updatePhone, updateSettings, verifyPhoneCode } from './account';
import { getCompanyProfile, getOwnInfluencer, saveCompanyProfile, toInfluencerProfile, updateInfluencerProfile, updateMaterials } from './profiles';
import { readLicenseFile, requestCompanyVerification } from './verification';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const influencerOnly = guard({ roles: ['influencer'], unauthenticated: 'LOGIN_REQUIRED_PROFILE', forbidden: 'INFLUENCER_ONLY' });
const companyOnly = guard({ roles: ['company'], unauthenticated: 'LOGIN_REQUIRED_PROFILE', forbidden: 'COMPANY_ONLY' });
const signedIn = guard({ unauthenticated: 'LOGIN_REQUIRED_SETTINGS' });
const licenseReaders = guard({ roles: ['company', 'agency', 'admin'] });

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // profile and privacy changes change the directory; company changes the hall's cards
    invalidateOnWrite(app, ctx.publicCache, 'influencers', 'tasks');
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // ---- influencer's own profile (/influencer-profile, /materials)
    app.get(
      '/api/influencers/me',
      {
        schema: {
          operationId: 'getMyInfluencerProfile',
          tags: ['profiles'],
          summary: "The influencer's own full profile",
          description: 'Who: influencers.',
          response: { 200: influencerProfileResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        return { profile: toInfluencerProfile(await getOwnInfluencer(ctx.db, user.id)) };
      },
    );
    app.put(
      '/api/influencers/me',
      {
        schema: {
          operationId: 'updateMyInfluencerProfile',
          tags: ['profiles'],
          summary: 'Save the influencer profile (edit mode)',
          description: 'Who: influencers, their own profile only. Approval, verification, status, rating and counters are not accepted.',
          body: influencerProfileUpdate,
          response: { 200: influencerProfileResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        return { profile: await updateInfluencerProfile(ctx, user.id, request.body) };
      },
    );
    app.put(
      '/api/influencers/me/materials',
      {
        schema: {
          operationId: 'updateMyMaterials',
          tags: ['profiles'],
          summary: 'Save the profile supplement form',
          description: 'Who: influencers, their own profile only.',
          body: materialsUpdate,
          response: { 200: influencerProfileResponse, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        return { profile: await updateMaterials(ctx, user.id, request.body) };
      },
    );

    // ---- company's own profile (/company-profile)
    app.get(
      '/api/companies/me',
      {
        schema: {
          operationId: 'getMyCompanyProfile',
          tags: ['profiles'],
          summary: "The company's own profile (null until first saved) and its verification request",
          description: 'Who: companies.',
          response: { 200: companyProfileResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => getCompanyProfile(ctx.db, (await currentUser(request)).id),
    );
    app.put(
      '/api/companies/me',
      {
        schema: {
          operationId: 'updateMyCompanyProfile',
          tags: ['profiles'],
          summary: 'Create or update the company profile',
          description: 'Who: companies, their own profile only. Verification is decided by admins and cannot be set here.',
          body: companyProfileUpdate,
          response: { 200: companyProfileResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => saveCompanyProfile(ctx, (await currentUser(request)).id, request.body),
    );
    app.post(
      '/api/companies/me/verification-requests',
      {
        schema: {
          operationId: 'requestCompanyVerification',
          tags: ['profiles'],
          summary: 'Apply for company verification with the business licence and the 统一社会信用代码 (pending until an admin decides)',
          description:
            'Who: companies with a saved profile. The licence is the company’s own upload (POST /api/uploads?purpose=business-license); ' +
            'the code is checked per GB 32100-2015 (400 CREDIT_CODE_INVALID / CREDIT_CODE_CHECK) and must not be one another company is verified with (409 CREDIT_CODE_TAKEN). ' +
            'One request waits at a time (409 VERIFICATION_PENDING); after a rejection the company submits again.',
          body: verificationRequestBody,
          response: { 200: companyProfileResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => requestCompanyVerification(ctx, (await currentUser(request)).id, request.body),
    );
    app.get(
      '/api/company-licenses/:id',
      {
        preValidation: licenseReaders,
        schema: {
          operationId: 'getCompanyLicense',
          tags: ['profiles'],
          summary: 'A business licence image (营业执照) of a verification request',
          description:
            'Who: the company that uploaded it, and admins holding user_management (an admin without it 403). A visitor 401, an influencer 403, any other company 404.',
          params: z.object({ id: z.string().uuid({ error: 'NOT_FOUND' }) }),
          response: { 200: mediaResponse('image/*', 'The licence image (WebP), private: never cached') },
        },
      },
      async (request, reply) => {
        const file = await readLicenseFile(ctx, await currentUser(request), request.params.id);
        if (!file) throw new AppError('NOT_FOUND');
        // an identity document: never kept by a browser or proxy cache (this plugin answers no-store)
        reply.header('content-type', file.contentType).header('content-disposition', 'inline');
        return reply.send(file.stream);
      },
    );

    // ---- account settings (/account-settings)
    app.get(
      '/api/account',
      {
        schema: {
          operationId: 'getAccount',
          tags: ['account'],
          summary: 'Account info and settings',
          description: 'Who: any signed-in user (their own account).',
          response: { 200: accountResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => ({ account: await getAccount(ctx.db, (await currentUser(request)).id) }),
    );
    app.put(
      '/api/account/settings',
      {
        schema: {
          operationId: 'updateAccountSettings',
          tags: ['account'],
          summary: 'Save notification and privacy settings',
          description: 'Who: any signed-in user.',
          body: settingsUpdate,
          response: { 200: settings, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => updateSettings(ctx.db, (await currentUser(request)).id, request.body),
    );
    app.post(
      '/api/account/phone/code',
      {
        schema: {
          operationId: 'sendPhoneCode',
          tags: ['account'],
          summary: 'Send a 4-digit SMS code to a new phone number',
          description: 'Who: any signed-in user. 60 s cool-down; rate-limited; gateway errors are reported, never a false success.',
          body: phoneCodeRequest,
          response: { 200: phoneCodeResponse, ...errors, 502: errorBody },
        },
        preValidation: signedIn,
      },
      async (request) => ({ ok: true as const, ...(await sendPhoneCode(ctx, (await currentUser(request)).id, request.body.phone, request.ip)) }),
    );
    app.post(
      '/api/account/phone/verify',
      {
        schema: {
          operationId: 'verifyPhoneCode',
          tags: ['account'],
          summary: 'Check the SMS code',
          description: 'Who: any signed-in user (their own code).',
          body: phoneVerifyRequest,
          response: { 200: phoneVerification, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => verifyPhoneCode(ctx, (await currentUser(request)).id, request.body.phone, request.body.code),
    );
    app.put(
      '/api/account/phone',
      {
        schema: {
          operationId: 'updatePhone',
          tags: ['account'],
          summary: 'Save a verified phone number',
          description: 'Who: any signed-in user; the number must have been verified by code first.',
          body: phoneUpdateRequest,
          response: { 200: accountResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => ({ account: await updatePhone(ctx, (await currentUser(request)).id, request.body.phone) }),
    );
    app.post(
      '/api/account/password',
      {
        schema: {
          operationId: 'changePassword',
          tags: ['account'],
          summary: 'Change the password (checks the current one; ends other sessions)',
          description: 'Who: any signed-in user.',
          body: passwordChangeRequest,
          response: { 204: noContent, ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const user = await currentUser(request);
        await changePassword(ctx, user.id, user.sessionId, request.body);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/account/deletion-request',
      {
        schema: {
          operationId: 'requestAccountDeletion',
          tags: ['account'],
          summary: 'Request deletion of the account (needs confirm: true)',
          description: 'Who: any signed-in user.',
          body: deletionRequestBody,
          response: { 200: accountResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => ({ account: await requestDeletion(ctx, (await currentUser(request)).id, request.body.reason) }),
    );
    app.delete(
      '/api/account/deletion-request',
      {
        schema: {
          operationId: 'cancelAccountDeletion',
          tags: ['account'],
          summary: 'Withdraw a pending deletion request',
          description: 'Who: any signed-in user.',
          response: { 200: accountResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => ({ account: await cancelDeletion(ctx, (await currentUser(request)).id) }),
    );
  };
