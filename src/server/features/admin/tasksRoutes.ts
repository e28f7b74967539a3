import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoriesQuery,
  adminCategoriesResponse,
  adminCategory,
  adminTaskDetail,
  adminTaskListQuery,
  adminTasksResponse,
  categoryInput,
} from '../../../shared/schemas/adminTasks';
import { noContent } from '../../../shared/schemas/common';
import { errorBody } from '../../../shared/schemas/errorBody';
import { currentAdmin, requireAdmin } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { createCategory, deleteAdminTask, deleteCategory, getAdminTask, listAdminCategories, listAdminTasks, updateCategory } from './tasks';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const WHO = 'Who: admins holding task_management (a visitor 401, an influencer or a company 403, an admin without the permission 403).';
const categoryId = z.object({ id: z.string().uuid({ error: 'CATEGORY_NOT_FOUND' }) });
const taskId = z.object({ id: z.string().uuid({ error: 'TASK_NOT_FOUND' }) });

/** 分类管理 and 任务管理 (permission task_management). */
export const adminTasksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const preValidation = requireAdmin(ctx, 'task_management');
    const meta = (ip: string) => ({ ip });

    app.get(
      '/api/admin/categories',
      {
        preValidation,
        schema: {
          operationId: 'adminListCategories',
          tags: ['admin'],
          summary: '分类管理: every task category (inactive too) with its task count',
          description: WHO,
          querystring: adminCategoriesQuery,
          response: { 200: adminCategoriesResponse, ...errors },
        },
      },
      async (request) => listAdminCategories(ctx.db, request.query),
    );
    app.post(
      '/api/admin/categories',
      {
        preValidation,
        schema: {
          operationId: 'createCategory',
          tags: ['admin'],
          summary: 'Create a category (name required, level 1–3, parent of a lower level)',
          description: WHO,
          body: categoryInput,
          response: { 200: adminCategory, ...errors },
        },
      },
      async (request) => createCategory(ctx, currentAdmin(request).id, request.body, meta(request.ip)),
    );
    app.put(
      '/api/admin/categories/:id',
      {
        preValidation,
        schema: {
          operationId: 'updateCategory',
          tags: ['admin'],
          summary: 'Edit a category',
          description: WHO,
          params: categoryId,
          body: categoryInput,
          response: { 200: adminCategory, ...errors },
        },
      },
      async (request) => updateCategory(ctx, currentAdmin(request).id, request.params.id, request.body, meta(request.ip)),
    );
    app.delete(
      '/api/admin/categories/:id',
      {
        preValidation,
        schema: {
          operationId: 'deleteCategory',
          tags: ['admin'],
          summary: 'Delete a category (soft: is_active false); refused with active subcategories or tasks using it',
          description: WHO,
          params: categoryId,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteCategory(ctx, currentAdmin(request).id, request.params.id, meta(request.ip));
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/admin/tasks',
      {
        preValidation,
        schema: {
          operationId: 'adminListTasks',
          tags: ['admin'],
          summary: '任务管理: status filter, search, newest first, paginated',
          description: WHO,
          querystring: adminTaskListQuery,
          response: { 200: adminTasksResponse, ...errors },
        },
      },
      async (request) => listAdminTasks(ctx.db, request.query),
    );
    app.get(
      '/api/admin/tasks/:id',
      {
        preValidation,
        schema: {
          operationId: 'adminGetTask',
          tags: ['admin'],
          summary: 'One task with its applicants',
          description: WHO,
          params: taskId,
          response: { 200: adminTaskDetail, ...errors },
        },
      },
      async (request) => getAdminTask(ctx.db, request.params.id),
    );
    app.delete(
      '/api/admin/tasks/:id',
      {
        preValidation,
        schema: {
          operationId: 'adminDeleteTask',
          tags: ['admin'],
          summary: 'Delete a task (the company and applicants are told); refused while its deal is open',
          description: WHO,
          params: taskId,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAdminTask(ctx, currentAdmin(request).id, request.params.id, meta(request.ip));
        return reply.code(204).send();
      },
    );
  };
