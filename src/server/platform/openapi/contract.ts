/**
 * Checks a response against the API document (decision 0031): is its status declared for the operation,
 * its media type one the operation declares, and its JSON body valid against the declared schema? Used
 * by the API test harness after every app.inject and, with API_CONTRACT_LOG, by a running server (the
 * browser suite), which logs each mismatch.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: unknown }> };
type Operation = { operationId?: string; responses?: Record<string, Response | { $ref: string }> };
type PathEntry = { template: string; re: RegExp; statics: number; ops: Record<string, Operation> };

export type CheckedResponse = {
  method: string;
  /** the request's address (a query string is ignored) */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
};

// ajv-formats is CommonJS: its function is the default export under ESM
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Does `type` (from a Content-Type header, parameters removed) match `declared` (a media type or range)? */
function mediaMatches(declared: string, type: string): boolean {
  if (declared === '*/*' || declared === type) return true;
  return declared.endsWith('/*') && type.startsWith(declared.slice(0, -1));
}

export class ContractChecker {
  private readonly paths: PathEntry[];
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly responses: Record<string, Response>;

  constructor(document: Json) {
    const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
    this.paths = Object.entries(paths)
      .map(([template, ops]) => {
        const segments = template.split('/');
        const re = new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
        return { template, re, statics: segments.filter((s) => !s.startsWith('{')).length, ops };
      })
      // a literal segment wins over a parameter (/api/tasks/mine before /api/tasks/{id}), as in the router
      .sort((a, b) => b.statics - a.statics);
    this.responses = (document.components as { responses?: Record<string, Response> } | undefined)?.responses ?? {};
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
  }

  /** The operation a request reaches, or null when no documented operation has that address and method. */
  operation(method: string, url: string): { template: string; op: Operation } | null {
    let path = url.split('?')[0] ?? '';
    try {
      path = decodeURI(path);
    } catch {
      return null;
    }
    const m = method.toLowerCase();
    for (const p of this.paths) if (p.re.test(path) && p.ops[m]) return { template: p.template, op: p.ops[m] };
    return null;
  }

  /** What is wrong with a response (empty when it keeps the contract). Only addresses under /api/ are checked. */
  check(r: CheckedResponse): string[] {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return [];
    const method = r.method.toUpperCase() === 'HEAD' ? 'GET' : r.method.toUpperCase();
    const found = this.operation(method, r.url);
    const where = found ? `${method} ${found.template} (${found.op.operationId ?? '?'})` : `${method} ${r.url.split('?')[0]}`;
    const type = (r.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!found) {
      // no operation: the router's 404 (or a refusal before routing), in the error body
      if (r.status < 400) return [`${where}: answered ${r.status} but the document has no such operation`];
      return this.validate(r, ['components', 'schemas', 'ErrorBody'], where, type);
    }
    const responses = found.op.responses ?? {};
    const key =
      String(r.status) in responses
        ? String(r.status)
        : `${String(r.status)[0]}XX` in responses
          ? `${String(r.status)[0]}XX`
          : 'default' in responses
            ? 'default'
            : null;
    if (!key) return [`${where}: answered ${r.status}, which the document does not declare (declared: ${Object.keys(responses).join(', ')})`];
    const declared = this.resolve(responses[key]);
    const content = declared?.content;
    if (!content || r.method.toUpperCase() === 'HEAD') return [];
    const media = Object.keys(content).find((d) => mediaMatches(d, type));
    if (!media) return [`${where}: answered ${r.status} as ${type || 'no content type'}, declared: ${Object.keys(content).join(', ')}`];
    if (!/json/.test(media)) return [];
    const at =
      declared === responses[key]
        ? ['paths', found.template, method.toLowerCase(), 'responses', key]
        : (responses[key] as { $ref: string }).$ref.slice(2).split('/');
    return this.validate(r, [...at, 'content', media, 'schema'], `${where} ${r.status}`, type);
  }

  /** A response object, following a `$ref` to components.responses. */
  private resolve(res: Response | { $ref: string } | undefined): Response | undefined {
    if (!res || !('$ref' in res)) return res;
    const name = res.$ref.replace('#/components/responses/', '');
    return this.responses[name];
  }

  private validate(r: CheckedResponse, at: string[], where: string, type: string): string[] {
    if (!/json/.test(type)) return [`${where}: answered ${r.status} as ${type || 'no content type'}, not JSON`];
    let data: unknown;
    try {
      data = JSON.parse(r.body);
    } catch {
      return [`${where}: answered ${r.status} with a body that is not JSON`];
    }
    const ref = `openapi.json#/${pointer(at)}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(data)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
    return [`${where}: the body does not match the declared schema: ${errors.join('; ')}`];
  }
}
