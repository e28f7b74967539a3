import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, pageOfAll } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import {
  acceptApplicationResponse,
  applicationAnswer,
  applicationsQuery,
  applicationsResponse,
  applyRequest,
  categoriesQuery,
  categoriesResponse,
  companyTasksQuery,
  companyTasksResponse,
  IDEMPOTENCY_KEY_HEADER,
  publishedTask,
  taskCreateHeaders,
  taskCreateRequest,
  taskDetailResponse,
  taskIdParams,
  taskIdQuery,
  taskListQuery,
  taskListResponse,
  taskUpdateRequest,
  taskViewAnswer,
} from '../../../shared/schemas/tasks';
import type { AppContext } from '../../platform/context';
import { notModified } from '../../platform/openapi/responses';
import { visitorKey } from '../../platform/visitor';
import { invalidateOnWrite } from '../../platform/publicCache';
import { AppError } from '../../platform/errors';
import { currentUser, guard } from '../../platform/session';
import { actedFor } from '../agencies';
import { onBehalfQuery } from '../../../shared/schemas/agencies';
import { acceptApplication, applyOnce, decidedOf, refuseApplication, withdrawApplication } from './applications';
import { listMyApplications, listTaskApplications } from './applicationLists';
import { listCategories } from './categories';
import { listCompanyTasks } from './companyTasks';
import { createTask } from './create';
import { getTaskDetail } from './detail';
import { listTasks } from './hall';
import { cancelTask, completeTask } from './lifecycle';
import { updateTask } from './update';
import { recordView } from './views';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const companyOnly = guard({ roles: ['company'], unauthenticated: 'UNAUTHENTICATED', forbidden: 'COMPANY_ONLY_TASKS' });
const influencerOnly = guard({ roles: ['influencer'], unauthenticated: 'INFLUENCER_LOGIN_REQUIRED', forbidden: 'INFLUENCER_ACCOUNT_REQUIRED' });

export const taskRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // publishing, applying, accepting … change what the hall shows
    invalidateOnWrite(app, ctx.publicCache, 'tasks');
    app.get(
      '/api/categories',
      {
        config: { keyScope: 'tasks:read' },
        schema: {
          operationId: 'listCategories',
          tags: ['tasks'],
          summary: 'Active task categories in sort order',
          description: 'Who: anyone. Every active category fits the default page.',
          querystring: categoriesQuery,
          response: { 200: categoriesResponse, 304: notModified, 400: errorBody },
        },
      },
      async (request, reply) => ctx.publicCache.serve(request, reply, 'tasks', async () => pageOfAll(await listCategories(ctx.db), request.query)),
    );

    app.get(
      '/api/tasks',
      {
        config: { keyScope: 'tasks:read' },
        schema: {
          operationId: 'listTasks',
          tags: ['tasks'],
          summary: 'The task hall: search, category, budget range, sort, pagination (open tasks by default)',
          description: 'Who: anyone. `total` is counted up to 10000.',
          querystring: taskListQuery,
          response: { 200: taskListResponse, 304: notModified, 400: errorBody },
        },
      },
      async (request, reply) => ctx.publicCache.serve(request, reply, 'tasks', () => listTasks(ctx.db, request.query)),
    );

    // GET /api/tasks/{id} is the task; /api/task-detail?id= is its deprecated alias for one release (decision 0054)
    for (const alias of [false, true]) {
      app.get(
        alias ? '/api/task-detail' : '/api/tasks/:id',
        {
          // an agency reads the viewer fields (its application, invitation, deal) of a roster influencer (decision 0045)
          config: { keyScope: 'tasks:read', onBehalf: 'new' },
          schema: {
            operationId: alias ? 'getTaskByQuery' : 'getTask',
            tags: ['tasks'],
            summary: alias ? 'Deprecated alias of GET /api/tasks/{id}' : 'One task with its company and category, and what the viewer may do',
            description: `Who: anyone (viewer fields depend on the session; with onBehalfOf, an agency sees those of a roster influencer). 404 任务不存在.${alias ? ' Deprecated: use GET /api/tasks/{id}; this alias goes in the next release.' : ''}`,
            ...(alias ? { deprecated: true, querystring: taskIdQuery.extend(onBehalfQuery.shape) } : { params: taskIdParams, querystring: onBehalfQuery }),
            response: { 200: taskDetailResponse, ...errors },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'private, no-cache');
          const { id } = (alias ? request.query : request.params) as { id: string };
          return getTaskDetail(ctx.db, id, await request.getUser());
        },
      );
    }

    app.patch(
      '/api/tasks/:id',
      {
        config: { keyScope: 'tasks:write' },
        schema: {
          operationId: 'updateTask',
          tags: ['tasks'],
          summary: 'Edit a task before anyone applies',
          description:
            'Who: the owning company (another company 403, an influencer 403). Only while the task is open and nobody has applied or been invited (409 TASK_HAS_APPLICATIONS); the prepayment cannot change. The edited task must keep the publish rules (budget range, slots ≤ maxApplicants, commission, deposit ≤ budgetMax). Answers the task as GET /api/tasks/{id} does.',
          params: taskIdParams,
          body: taskUpdateRequest,
          response: { 200: taskDetailResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        await updateTask(ctx, user.id, request.params.id, request.body);
        return getTaskDetail(ctx.db, request.params.id, user);
      },
    );

    app.post(
      '/api/tasks/:id/view',
      {
        schema: {
          operationId: 'recordTaskView',
          tags: ['tasks'],
          summary: 'Count a visit of the task page (once per visitor per 30 minutes)',
          description: 'Who: anyone; the page calls it once per visit.',
          params: idParam,
          response: { 200: taskViewAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const key = await visitorKey(ctx, request, reply);
        const budget = await ctx.limiter.hit(`views:ip:${request.ip}`, 120, 3600);
        if (!budget.allowed) return { counted: false };
        return { counted: await recordView(ctx, request.params.id, key) };
      },
    );

    app.post(
      '/api/tasks',
      {
        config: { keyScope: 'tasks:write' },
        schema: {
          operationId: 'publishTask',
          tags: ['tasks'],
          summary: 'Publish a task',
          description:
            'Who: companies with a company profile (else 无法获取企业信息). An optional `Idempotency-Key` header (1–200 visible ASCII characters): the same key from the same account within 24 h answers with the task the first request created (no second task); the same key with another body is 409.',
          body: taskCreateRequest,
          headers: taskCreateHeaders,
          response: { 200: publishedTask, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => ({
        task: await createTask(ctx, (await currentUser(request)).id, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
      }),
    );

    app.get(
      '/api/my/tasks',
      {
        config: { keyScope: 'tasks:read' },
        schema: {
          operationId: 'listMyTasks',
          tags: ['tasks'],
          summary: "The company's own tasks, newest first, with applicant counts",
          description: 'Who: companies (仅企业用户可访问此页面).',
          querystring: companyTasksQuery,
          response: { 200: companyTasksResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listCompanyTasks(ctx.db, (await currentUser(request)).id, request.query);
      },
    );

    app.post(
      '/api/tasks/:id/cancel',
      {
        config: { keyScope: 'tasks:write' },
        schema: {
          operationId: 'cancelTask',
          tags: ['tasks'],
          summary: 'Cancel an open or in-progress task',
          description: 'Who: the owning company. Answers the task as GET /api/tasks/{id} does.',
          params: idParam,
          response: { 200: taskDetailResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => cancelTask(ctx, await currentUser(request), request.params.id),
    );
    app.post(
      '/api/tasks/:id/complete',
      {
        config: { keyScope: 'tasks:write' },
        schema: {
          operationId: 'completeTask',
          tags: ['tasks'],
          summary: 'Complete an in-progress task',
          description: 'Who: the owning company. Answers the task as GET /api/tasks/{id} does.',
          params: idParam,
          response: { 200: taskDetailResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => completeTask(ctx, await currentUser(request), request.params.id),
    );

    app.get(
      '/api/task-applications',
      {
        config: { keyScope: 'tasks:read', onBehalf: 'new' },
        schema: {
          operationId: 'listApplications',
          tags: ['applications'],
          summary: 'Applications of a task (owning company) or of an influencer (that influencer)',
          description: 'Who: ?taskId= the owning company only; ?influencerId= (or nothing) the influencer themself only.',
          querystring: applicationsQuery.extend(onBehalfQuery.shape),
          response: { 200: applicationsResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await request.getUser();
        if (!user) throw new AppError('UNAUTHENTICATED');
        if (request.query.taskId) {
          if (user.userType !== 'company') throw new AppError('FORBIDDEN');
          return listTaskApplications(ctx.db, user.id, request.query.taskId, request.query);
        }
        if (user.userType !== 'influencer') throw new AppError('INFLUENCER_ONLY_TASKS');
        return listMyApplications(ctx.db, user.id, request.query.influencerId, request.query);
      },
    );

    app.post(
      '/api/task-applications',
      {
        config: { keyScope: 'applications:write', onBehalf: 'new' },
        schema: {
          operationId: 'applyToTask',
          tags: ['applications'],
          summary: 'Apply for an open task with a quote within its budget',
          description:
            'Who: influencers with a profile. One application per task (409 您已经申请过该任务); a withdrawn one may be sent again while the task is open (the same application goes back to pending); capped by max_applicants.',
          querystring: onBehalfQuery,
          body: applyRequest,
          response: { 200: applicationAnswer, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => {
        const user = await currentUser(request);
        const a = await applyOnce(ctx, user.id, request.body, actedFor(user));
        return { application: decidedOf(a) };
      },
    );

    app.post(
      '/api/task-applications/:id/accept',
      {
        config: { keyScope: 'applications:write' },
        schema: {
          operationId: 'acceptApplication',
          tags: ['applications'],
          summary: 'Accept a pending application: it fills a slot and starts its deal',
          description: 'Who: the owning company. Only pending applications (409 otherwise). Answers the accepted application and the deal it started.',
          params: idParam,
          response: { 200: acceptApplicationResponse, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => acceptApplication(ctx, (await currentUser(request)).id, request.params.id),
    );
    app.post(
      '/api/task-applications/:id/refuse',
      {
        config: { keyScope: 'applications:write' },
        schema: {
          operationId: 'refuseApplication',
          tags: ['applications'],
          summary: 'Refuse a pending application',
          description: 'Who: the owning company. Only pending applications (409 otherwise). Answers the refused application.',
          params: idParam,
          response: { 200: applicationAnswer, ...errors },
        },
        preValidation: companyOnly,
      },
      async (request) => refuseApplication(ctx, (await currentUser(request)).id, request.params.id),
    );
    app.post(
      '/api/task-applications/:id/withdraw',
      {
        config: { keyScope: 'applications:write', onBehalf: 'new' },
        schema: {
          operationId: 'withdrawApplication',
          tags: ['applications'],
          summary: 'Withdraw my pending application',
          description: 'Who: the applicant. Answers the withdrawn application.',
          params: idParam,
          querystring: onBehalfQuery,
          response: { 200: applicationAnswer, ...errors },
        },
        preValidation: influencerOnly,
      },
      async (request) => withdrawApplication(ctx, (await currentUser(request)).id, request.params.id),
    );
  };
