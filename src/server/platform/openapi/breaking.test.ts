/**
 * The versioned contract's differ (decision 0052): which changes between two documents break a client, and which
 * changelog rules cover them.
 */
import { describe, expect, it } from 'vitest';
import { breakingChanges, changelogRules, checkContract, compareVersions, covers, suggestRules } from './breaking';

type Doc = Record<string, unknown>;

/** A small document: a task list (GET) and publishing a task (POST), a webhook, named schemas. */
function base(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '0.1.0' },
    paths: {
      '/api/tasks': {
        get: {
          operationId: 'listTasks',
          parameters: [
            { in: 'query', name: 'status', required: false, schema: { type: 'string', enum: ['open', 'closed'] } },
            { in: 'query', name: 'page', required: false, schema: { type: 'integer' } },
          ],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/TaskList' } } } },
            '400': { $ref: '#/components/responses/BadRequest' },
          },
        },
        post: {
          operationId: 'publishTask',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PublishTaskRequest' } } },
          },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } } } },
        },
      },
      '/api/tasks/{id}': {
        delete: { operationId: 'deleteTask', responses: { '200': { description: 'ok' } } },
      },
    },
    webhooks: {
      'task.filled': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Task' } } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        Task: {
          type: 'object',
          required: ['id', 'title', 'budgetMin', 'category'],
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            budgetMin: { type: 'integer' },
            category: { type: 'string', enum: ['beauty', 'food'] },
            note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
        },
        TaskList: { type: 'object', required: ['tasks'], properties: { tasks: { type: 'array', items: { $ref: '#/components/schemas/Task' } } } },
        PublishTaskRequest: {
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string' }, budgetMin: { type: 'integer' }, category: { type: 'string', enum: ['beauty', 'food'] } },
        },
        ErrorBody: { type: 'object' },
      },
      responses: { BadRequest: { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } } },
    },
  };
}

type Key = string | number;
/** the object at `keys` under `d` */
function at(d: Doc, keys: Key[]): Record<Key, unknown> {
  let cur: unknown = d;
  for (const k of keys) cur = (cur as Record<Key, unknown>)[k];
  return cur as Record<Key, unknown>;
}
/** sets (or, with undefined, deletes) the value at `keys` */
function put(d: Doc, keys: Key[], value: unknown) {
  const parent = at(d, keys.slice(0, -1));
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}
const TASK = ['components', 'schemas', 'Task'];
const PUBLISH = ['components', 'schemas', 'PublishTaskRequest'];

/** a copy of the base document, changed by `edit` */
function changed(edit: (d: Doc) => void): Doc {
  const d = base();
  edit(d);
  return d;
}

describe('breaking changes', () => {
  it('an unchanged document has none', () => {
    expect(breakingChanges(base(), base())).toEqual([]);
  });

  it('a removed response property is breaking wherever the schema is read (lists, single answers, webhooks)', () => {
    const cur = changed((d) => {
      put(d, [...TASK, 'properties', 'budgetMin'], undefined);
      put(d, [...TASK, 'required'], ['id', 'title', 'category']);
    });
    expect(breakingChanges(base(), cur)).toEqual([
      'GET /api/tasks 200 response: removed property tasks[].budgetMin',
      'POST /api/tasks 200 response: removed property budgetMin',
      'webhook task.filled: removed property data.budgetMin',
    ]);
  });

  it('a new required request property is breaking; a new optional one is not', () => {
    const required = changed((d) => {
      put(d, [...PUBLISH, 'properties', 'budgetMinCents'], { type: 'integer' });
      put(d, [...PUBLISH, 'required'], ['title', 'budgetMinCents']);
    });
    expect(breakingChanges(base(), required)).toEqual(['POST /api/tasks request body: new required property budgetMinCents']);
    const optional = changed((d) => put(d, [...PUBLISH, 'properties', 'liveNote'], { type: 'string' }));
    expect(breakingChanges(base(), optional)).toEqual([]);
  });

  it('an added optional response field, a new operation and a new response enum value are not breaking', () => {
    const cur = changed((d) => {
      put(d, [...TASK, 'properties', 'slots'], { type: 'integer' });
      put(d, [...TASK, 'properties', 'category', 'enum'], ['beauty', 'food', 'home']);
      put(d, ['paths', '/api/videos'], { get: { operationId: 'listVideos', responses: { '200': { description: 'ok' } } } });
    });
    expect(breakingChanges(base(), cur)).toEqual([]);
  });

  it('an enum value removed from an input is breaking (a parameter and a request property)', () => {
    const cur = changed((d) => {
      put(d, ['paths', '/api/tasks', 'get', 'parameters', 0, 'schema', 'enum'], ['open']);
      put(d, [...PUBLISH, 'properties', 'category', 'enum'], ['food']);
    });
    expect(breakingChanges(base(), cur)).toEqual([
      'GET /api/tasks parameter query.status: removed enum value "closed" of (body)',
      'POST /api/tasks request body: removed enum value "beauty" of category',
    ]);
  });

  it('removed operations, responses, parameters and schemas; a type change; a property that may be absent or null', () => {
    const cur = changed((d) => {
      put(d, ['paths', '/api/tasks/{id}'], undefined);
      put(
        d,
        ['paths', '/api/tasks', 'get', 'parameters'],
        [at(d, ['paths', '/api/tasks', 'get', 'parameters', 0]), { in: 'query', name: 'q', required: true, schema: { type: 'string' } }],
      );
      put(d, [...TASK, 'properties', 'id'], { type: 'integer' });
      put(d, [...TASK, 'required'], ['id', 'budgetMin', 'category']);
      put(d, [...TASK, 'properties', 'category'], { anyOf: [{ type: 'string', enum: ['beauty', 'food'] }, { type: 'null' }] });
      put(d, ['components', 'schemas', 'ErrorBody2'], { type: 'object' });
      put(d, ['components', 'schemas', 'ErrorBody'], undefined);
      put(d, ['components', 'responses', 'BadRequest', 'content', 'application/json', 'schema', '$ref'], '#/components/schemas/ErrorBody2');
    });
    const lines = breakingChanges(base(), cur);
    expect(lines).toEqual(
      expect.arrayContaining([
        'DELETE /api/tasks/{id}: removed operation',
        'GET /api/tasks: removed parameter query.page',
        'GET /api/tasks: new required parameter query.q',
        'GET /api/tasks 200 response: type changed tasks[].id (now integer)',
        'GET /api/tasks 200 response: may now be absent tasks[].title',
        'GET /api/tasks 200 response: may now be null tasks[].category',
        'components: removed schema ErrorBody',
      ]),
    );
    // an error answer's schema is no client's data: its rename is the schema's line only
    expect(lines.filter((l) => l.includes(' 400 '))).toEqual([]);
  });

  it('a renamed path parameter is the same address', () => {
    const cur = changed((d) => {
      put(d, ['paths', '/api/tasks/{taskId}'], at(d, ['paths', '/api/tasks/{id}']));
      put(d, ['paths', '/api/tasks/{id}'], undefined);
    });
    expect(breakingChanges(base(), cur)).toEqual([]);
  });

  it('a recursive schema is compared without end', () => {
    const recursive = (d: Doc) => put(d, [...TASK, 'properties', 'replies'], { type: 'array', items: { $ref: '#/components/schemas/Task' } });
    const cur = changed((d) => {
      recursive(d);
      put(d, [...TASK, 'properties', 'note'], undefined);
    });
    const lines = breakingChanges(changed(recursive), cur);
    expect(lines).toContain('POST /api/tasks 200 response: removed property note');
    expect(lines).toContain('POST /api/tasks 200 response: removed property replies[].note');
  });
});

describe('the changelog', () => {
  const changelog = [
    '# API changelog',
    '- `GET /api/old: removed operation` (a rule of the intro is no rule of a version)',
    '## 0.2.0',
    '- `removed property budgetMin (everywhere)` — now budgetMinCents',
    '- `new required property budgetMinCents (everywhere)`',
    '- `DELETE /api/tasks/{id}: removed operation` — tasks are cancelled',
    '- `* /api/wallet/*: removed operation`',
    'prose with `GET /api/videos: removed operation` inside is no rule',
    '## 0.1.0',
    '- `GET /api/tasks: removed parameter query.page`',
  ].join('\n');

  it('reads the rules of one version’s section only', () => {
    expect(changelogRules(changelog, '0.2.0')).toEqual([
      'removed property budgetMin (everywhere)',
      'new required property budgetMinCents (everywhere)',
      'DELETE /api/tasks/{id}: removed operation',
      '* /api/wallet/*: removed operation',
    ]);
    expect(changelogRules(changelog, '0.3.0')).toBeNull();
  });

  it('a rule covers its own line, a line its `*` matches, or its change of a name anywhere', () => {
    expect(covers('DELETE /api/tasks/{id}: removed operation', 'DELETE /api/tasks/{id}: removed operation')).toBe(true);
    expect(covers('* /api/wallet/*: removed operation', 'GET /api/wallet/topups: removed operation')).toBe(true);
    expect(covers('* /api/wallet/*: removed operation', 'GET /api/wallet/topups 200 response: removed property x')).toBe(false);
    expect(covers('removed property budgetMin (everywhere)', 'GET /api/tasks 200 response: removed property tasks[].budgetMin')).toBe(true);
    expect(covers('removed property budgetMin (everywhere)', 'webhook task.filled: removed property data.budgetMin')).toBe(true);
    expect(covers('removed property budgetMin (everywhere)', 'GET /api/tasks 200 response: removed property budgetMinCents')).toBe(false);
    expect(covers('removed property budgetMin (everywhere)', 'POST /api/tasks request body: new required property budgetMin')).toBe(false);
    expect(covers('removed enum value "closed" (everywhere)', 'GET /api/tasks parameter query.status: removed enum value "closed" of (body)')).toBe(true);
    expect(covers('type changed id (everywhere)', 'GET /api/tasks 200 response: type changed tasks[].id (now integer)')).toBe(true);
  });

  it('fails on a breaking change the section does not list, passes once it does', () => {
    const cur = changed((d) => {
      put(d, [...TASK, 'properties', 'budgetMin'], undefined);
      put(d, [...TASK, 'required'], ['id', 'title', 'category']);
      put(d, [...PUBLISH, 'properties', 'budgetMinCents'], { type: 'integer' });
      put(d, [...PUBLISH, 'required'], ['title', 'budgetMinCents']);
      put(d, ['paths', '/api/tasks/{id}'], undefined);
    });
    const none = checkContract(base(), cur, '# API changelog\n', '0.2.0');
    expect(none.rules).toBeNull();
    expect(none.unlisted).toHaveLength(none.breaking.length);
    expect(none.breaking).toHaveLength(5);
    const listed = checkContract(base(), cur, changelog, '0.2.0');
    expect(listed.unlisted).toEqual([]);
    expect(listed.unusedRules).toEqual(['* /api/wallet/*: removed operation']);
    // listed under another version is not listed
    expect(checkContract(base(), cur, changelog.replace('## 0.2.0', '## 0.1.5'), '0.2.0').unlisted.length).toBe(5);
  });

  it('suggests the fewest rules: a name changed in several places is one (everywhere) rule, and they cover every line', () => {
    const lines = [
      'GET /api/tasks 200 response: removed property tasks[].budgetMin',
      'POST /api/tasks 200 response: removed property budgetMin',
      'webhook task.filled: removed property data.budgetMin',
      'POST /api/tasks request body: new required property budgetMinCents',
      'GET /api/tasks parameter query.status: removed enum value "closed" of (body)',
      'DELETE /api/tasks/{id}: removed operation',
    ];
    const rules = suggestRules(lines);
    expect(rules).toEqual([
      'DELETE /api/tasks/{id}: removed operation',
      'GET /api/tasks parameter query.status: removed enum value "closed" of (body)',
      'POST /api/tasks request body: new required property budgetMinCents',
      'removed property budgetMin (everywhere)',
    ]);
    for (const line of lines)
      expect(
        rules.some((rule) => covers(rule, line)),
        line,
      ).toBe(true);
  });

  it('compares versions part by part', () => {
    expect(compareVersions('0.10.0', '0.9.1')).toBeGreaterThan(0);
    expect(compareVersions('0.2.0', '0.2.0')).toBe(0);
    expect(compareVersions('0.1.0', '0.2.0')).toBeLessThan(0);
  });
});
