/**
 * The API's versioned contract (decision 0052): what in the current document breaks a client written against the last
 * release's (docs/api/openapi-<version>.json), each breaking change one stable line, and whether docs/api-changelog.md
 * lists it under the current version. `npm run lint:api` fails on a breaking change the changelog does not list.
 *
 * A line reads `<where>: <change>`, e.g.
 *   `GET /api/tasks 200 response: removed property tasks[].budgetMin`
 *   `POST /api/tasks request body: new required property budgetMinCents`
 *   `GET /api/tasks parameter query.status: removed enum value "open"`
 *   `DELETE /api/tasks/{id}: removed operation`
 *   `webhook deal.created: removed property data.budgetMin`
 *   `components: removed schema Error`
 * Breaking: a removed operation, webhook, success response, media type or named schema (a generated client's type); in what the client reads (responses,
 * webhooks) a removed property, a property that may now be absent, a new type or `null`; in what it sends (parameters,
 * request bodies) a new required parameter or property, a removed property or parameter, a removed enum value, a type no
 * longer accepted. Not breaking: anything added that a client may ignore (operations, optional inputs, response
 * properties, enum values in responses), error answers (their body is the one shared shape).
 *
 * The changelog's rules: each list item of the version's section that starts with a code span is a rule. It covers a
 * line when it is that line, when it matches with `*` standing for any text (`* /api/old/*: removed operation`), or,
 * written `<change> <name> (everywhere)`, when the line's change is that and its property, parameter or enum value is
 * `name` wherever it is (`removed property budgetMin (everywhere)` covers `…: removed property tasks[].budgetMin`).
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };
type Doc = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** what a client reads (a response, a webhook we send) or sends (a parameter, a request body) */
type Direction = 'read' | 'sent';

/** `/api/tasks/{id}` and `/api/tasks/{taskId}` are one address: a parameter's name is no part of it */
const pathKey = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

class Resolver {
  constructor(private readonly doc: Doc) {}
  /** follows `$ref`s to components (a few levels: a ref to a ref) */
  resolve(v: Json | undefined): JsonObject | undefined {
    let cur = v;
    for (let depth = 0; depth < 8 && isObject(cur) && typeof cur.$ref === 'string'; depth += 1) {
      const parts = cur.$ref.replace(/^#\//, '').split('/');
      let at: unknown = this.doc;
      for (const p of parts) at = isObject(at) ? at[p.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      cur = at as Json | undefined;
    }
    return isObject(cur) ? cur : undefined;
  }
}

/** The JSON types a schema admits (integer counts as number when compared). */
function typesOf(s: JsonObject, r: Resolver): Set<string> {
  const out = new Set<string>();
  if (typeof s.type === 'string') out.add(s.type);
  if (Array.isArray(s.type)) for (const t of s.type) if (typeof t === 'string') out.add(t);
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
  for (const v of values)
    out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'number' ? 'number' : typeof v);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) for (const b of list) for (const t of typesOf(r.resolve(b) ?? {}, r)) out.add(t);
  }
  if (out.size === 0 && isObject(s.properties)) out.add('object');
  if (out.size === 0 && 'items' in s) out.add('array');
  return out;
}

const admits = (types: Set<string>, t: string) => types.size === 0 || types.has(t) || (t === 'integer' && types.has('number'));

/** The enum values of a schema (its `enum`, its `const`, or those of a union of them), or null when it is not one. */
function enumOf(s: JsonObject, r: Resolver): Json[] | null {
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    const values: Json[] = [];
    for (const b of list) {
      const branch = r.resolve(b) ?? {};
      if (typesOf(branch, r).size === 1 && typesOf(branch, r).has('null')) continue;
      const e = enumOf(branch, r);
      if (!e) return null;
      values.push(...e);
    }
    return values.length ? values : null;
  }
  return null;
}

/** The one non-null branch of `anyOf: [X, {type: null}]` (a nullable X), else the schema itself. */
function unwrapNullable(s: JsonObject, r: Resolver): JsonObject {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    const branches = list
      .map((b) => r.resolve(b) ?? {})
      .filter((b) => !(b.type === 'null' || (Array.isArray(b.type) && b.type.length === 1 && b.type[0] === 'null')));
    if (branches.length === 1) return branches[0]!;
  }
  return s;
}

type Ctx = { base: Resolver; cur: Resolver; out: string[] };

const join = (at: string, name: string) => (at ? `${at}.${name}` : name);
const show = (v: Json) => JSON.stringify(v);

/** Compares one schema of the last release (`b`) with the current one (`c`) at `at`, reporting under `where`. */
function compareSchema(ctx: Ctx, where: string, at: string, bIn: Json | undefined, cIn: Json | undefined, dir: Direction) {
  const b = ctx.base.resolve(bIn);
  const c = ctx.cur.resolve(cIn);
  if (!b || !c) return;
  // a recursive schema (a comment's replies) stops somewhere: no document here nests deeper than this
  if (at.split(/[.[]/).length > 12) return;
  const subject = at || '(body)';
  const bTypes = typesOf(b, ctx.base);
  const cTypes = typesOf(c, ctx.cur);
  if (bTypes.size && cTypes.size) {
    if (dir === 'read') {
      // the client may now read a type it never saw
      for (const t of cTypes)
        if (!admits(bTypes, t)) ctx.out.push(t === 'null' ? `${where}: may now be null ${subject}` : `${where}: type changed ${subject} (now ${t})`);
    } else {
      // what the client sent before may now be refused
      for (const t of bTypes) if (!admits(cTypes, t)) ctx.out.push(`${where}: type changed ${subject} (no longer ${t})`);
    }
  }
  const bEnum = enumOf(b, ctx.base);
  const cEnum = enumOf(c, ctx.cur);
  if (dir === 'sent' && bEnum && cEnum) {
    const now = new Set(cEnum.map(show));
    for (const v of bEnum) if (!now.has(show(v))) ctx.out.push(`${where}: removed enum value ${show(v)} of ${subject}`);
  }
  const bb = unwrapNullable(b, ctx.base);
  const cc = unwrapNullable(c, ctx.cur);
  const bProps = isObject(bb.properties) ? bb.properties : null;
  const cProps = isObject(cc.properties) ? cc.properties : null;
  if (bProps && cProps) {
    const bReq = new Set(Array.isArray(bb.required) ? bb.required.map(String) : []);
    const cReq = new Set(Array.isArray(cc.required) ? cc.required.map(String) : []);
    for (const [name, bp] of Object.entries(bProps)) {
      const path = join(at, name);
      if (!(name in cProps)) {
        ctx.out.push(`${where}: removed property ${path}`);
        continue;
      }
      if (dir === 'read' && bReq.has(name) && !cReq.has(name)) ctx.out.push(`${where}: may now be absent ${path}`);
      if (dir === 'sent' && !bReq.has(name) && cReq.has(name)) ctx.out.push(`${where}: now required ${path}`);
      compareSchema(ctx, where, path, bp, cProps[name], dir);
    }
    if (dir === 'sent') for (const name of cReq) if (!(name in bProps)) ctx.out.push(`${where}: new required property ${join(at, name)}`);
  }
  if ('items' in bb && 'items' in cc) compareSchema(ctx, where, `${at}[]`, bb.items, cc.items, dir);
}

type Parameter = { name: string; in: string; required?: boolean; schema?: Json };

function parametersOf(op: JsonObject, item: JsonObject, r: Resolver): Map<string, Parameter> {
  const out = new Map<string, Parameter>();
  for (const list of [item.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = r.resolve(raw) as unknown as Parameter | undefined;
      // a path parameter is named by its place in the address, not its name
      if (p && p.in !== 'path') out.set(`${p.in}.${p.name}`, p);
    }
  }
  return out;
}

function compareOperation(ctx: Ctx, where: string, b: JsonObject, c: JsonObject, bItem: JsonObject, cItem: JsonObject) {
  // parameters (path ones are part of the address)
  const bParams = parametersOf(b, bItem, ctx.base);
  const cParams = parametersOf(c, cItem, ctx.cur);
  for (const [name, bp] of bParams) {
    const cp = cParams.get(name);
    if (!cp) {
      ctx.out.push(`${where}: removed parameter ${name}`);
      continue;
    }
    if (!bp.required && cp.required) ctx.out.push(`${where}: now required parameter ${name}`);
    compareSchema(ctx, `${where} parameter ${name}`, '', bp.schema, cp.schema, 'sent');
  }
  for (const [name, cp] of cParams) if (!bParams.has(name) && cp.required) ctx.out.push(`${where}: new required parameter ${name}`);

  // the request body
  const bBody = ctx.base.resolve(b.requestBody);
  const cBody = ctx.cur.resolve(c.requestBody);
  if (cBody?.required && !bBody?.required) ctx.out.push(`${where}: new required request body`);
  if (bBody && cBody && isObject(bBody.content) && isObject(cBody.content)) {
    for (const media of Object.keys(bBody.content)) {
      const cm = cBody.content[media];
      if (!isObject(cm)) ctx.out.push(`${where} request body: removed media type ${media}`);
      else compareSchema(ctx, `${where} request body`, '', (bBody.content[media] as JsonObject).schema, cm.schema, 'sent');
    }
  }

  // success responses: what the client reads
  const bRes = isObject(b.responses) ? b.responses : {};
  const cRes = isObject(c.responses) ? c.responses : {};
  for (const status of Object.keys(bRes).filter((s) => /^2/.test(s))) {
    const br = ctx.base.resolve(bRes[status]);
    const cr = ctx.cur.resolve(cRes[status]);
    if (!cr) {
      ctx.out.push(`${where}: removed response ${status}`);
      continue;
    }
    const bContent = isObject(br?.content) ? br.content : {};
    const cContent = isObject(cr.content) ? cr.content : {};
    for (const media of Object.keys(bContent)) {
      if (!(media in cContent)) {
        ctx.out.push(`${where} ${status} response: removed media type ${media}`);
        continue;
      }
      if (/json/.test(media)) {
        compareSchema(ctx, `${where} ${status} response`, '', (bContent[media] as JsonObject).schema, (cContent[media] as JsonObject).schema, 'read');
      }
    }
  }
}

/** Every breaking change from `base` (the last release's document) to `current`, one sorted line each. */
export function breakingChanges(base: Doc, current: Doc): string[] {
  const ctx: Ctx = { base: new Resolver(base), cur: new Resolver(current), out: [] };
  const curPaths = new Map<string, [string, JsonObject]>();
  for (const [p, item] of Object.entries((current.paths ?? {}) as Record<string, Json>)) if (isObject(item)) curPaths.set(pathKey(p), [p, item]);
  for (const [p, bItem] of Object.entries((base.paths ?? {}) as Record<string, Json>)) {
    if (!isObject(bItem)) continue;
    const found = curPaths.get(pathKey(p));
    for (const m of METHODS) {
      const b = bItem[m];
      if (!isObject(b)) continue;
      const where = `${m.toUpperCase()} ${p}`;
      const c = found?.[1][m];
      if (!isObject(c)) {
        ctx.out.push(`${where}: removed operation`);
        continue;
      }
      compareOperation(ctx, where, b, c, bItem, found![1]);
    }
  }
  // webhooks: their body is what the receiver reads
  const curHooks = (current.webhooks ?? {}) as Record<string, Json>;
  for (const [name, bItem] of Object.entries((base.webhooks ?? {}) as Record<string, Json>)) {
    const cItem = curHooks[name];
    const where = `webhook ${name}`;
    if (!isObject(bItem)) continue;
    if (!isObject(cItem)) {
      ctx.out.push(`${where}: removed webhook`);
      continue;
    }
    for (const m of METHODS) {
      const b = bItem[m];
      const c = cItem[m];
      if (!isObject(b)) continue;
      if (!isObject(c)) {
        ctx.out.push(`${where}: removed operation ${m.toUpperCase()}`);
        continue;
      }
      const bBody = ctx.base.resolve(b.requestBody);
      const cBody = ctx.cur.resolve(c.requestBody);
      const bContent = isObject(bBody?.content) ? bBody.content : {};
      const cContent = isObject(cBody?.content) ? cBody.content : {};
      for (const media of Object.keys(bContent)) {
        if (!(media in cContent)) ctx.out.push(`${where}: removed media type ${media}`);
        else compareSchema(ctx, where, '', (bContent[media] as JsonObject).schema, (cContent[media] as JsonObject).schema, 'read');
      }
    }
  }
  // a named schema is a type of a generated client (src/web/lib/apiTypes.ts, the SDK): gone, the client's code breaks
  const curSchemas = ((current.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  for (const name of Object.keys(((base.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject)) {
    if (!(name in curSchemas)) ctx.out.push(`components: removed schema ${name}`);
  }
  return [...new Set(ctx.out)].sort();
}

/** The rules of one version's section of the changelog: the code span that starts each of its list items. */
export function changelogRules(markdown: string, version: string): string[] | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`).test(l));
  if (start < 0) return null;
  const rules: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^## /.test(line)) break;
    const m = /^\s*[-*]\s+`([^`]+)`/.exec(line);
    if (m) rules.push(m[1]!.trim());
  }
  return rules;
}

const EVERYWHERE = / \(everywhere\)$/;

/** Does a changelog rule cover a breaking change's line? (see the module comment) */
export function covers(rule: string, line: string): boolean {
  if (rule === line) return true;
  if (EVERYWHERE.test(rule)) {
    const [change, name] = splitEverywhere(rule.replace(EVERYWHERE, ''));
    const body = line.slice(line.indexOf(': ') + 2);
    if (!body.startsWith(`${change} `)) return false;
    // the subject: a property path (tasks[].budgetMin), a parameter (query.status) or an enum value ("open" of status)
    const subject = body.slice(change.length + 1).replace(/ \((now|no longer) [a-z]+\)$/, '');
    const value = / of /.test(subject) ? subject.slice(0, subject.indexOf(' of ')) : null;
    const last = subject
      .split(/[.[\]]+/)
      .filter(Boolean)
      .pop();
    return subject === name || value === name || last === name;
  }
  if (!rule.includes('*')) return false;
  const re = new RegExp(
    `^${rule
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(line);
}

/** `removed property budgetMin` → ['removed property', 'budgetMin']: the change is every word but the last */
function splitEverywhere(text: string): [string, string] {
  const i = text.lastIndexOf(' ');
  return [text.slice(0, i), text.slice(i + 1)];
}

/** The change and the name a line is about (`removed property`, `budgetMin`), or null for a line about no name. */
function nameOf(line: string): { change: string; name: string } | null {
  const m =
    /: (removed property|may now be absent|may now be null|type changed|new required property|now required|removed parameter|new required parameter|now required parameter|removed enum value|removed schema) (.+)$/.exec(
      line,
    );
  if (!m) return null;
  const subject = m[2]!.replace(/ \((now|no longer) [a-z]+\)$/, '');
  if (m[1] === 'removed enum value') return { change: m[1], name: subject.slice(0, subject.indexOf(' of ')) };
  const name = subject
    .split(/[.[\]]+/)
    .filter(Boolean)
    .pop();
  return name && name !== '(body)' ? { change: m[1]!, name } : null;
}

/**
 * The fewest rules that cover `lines`, to paste into the changelog: a change of one name seen more than once is one
 * `<change> <name> (everywhere)` rule, anything else its own line.
 */
export function suggestRules(lines: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const line of lines) {
    const n = nameOf(line);
    if (n) count.set(`${n.change} ${n.name}`, (count.get(`${n.change} ${n.name}`) ?? 0) + 1);
  }
  const rules = new Set<string>();
  for (const line of lines) {
    const n = nameOf(line);
    rules.add(n && (count.get(`${n.change} ${n.name}`) ?? 0) > 1 ? `${n.change} ${n.name} (everywhere)` : line);
  }
  return [...rules].sort();
}

export type ContractReport = { breaking: string[]; unlisted: string[]; unusedRules: string[]; rules: string[] | null };

/** The breaking changes and which of them the changelog's section of `version` does not list. */
export function checkContract(base: Doc, current: Doc, changelog: string, version: string): ContractReport {
  const breaking = breakingChanges(base, current);
  const rules = changelogRules(changelog, version);
  const unlisted = breaking.filter((line) => !(rules ?? []).some((rule) => covers(rule, line)));
  const unusedRules = (rules ?? []).filter((rule) => /^(\* |[A-Z]+ \/|webhook )|\(everywhere\)$/.test(rule) && !breaking.some((line) => covers(rule, line)));
  return { breaking, unlisted, unusedRules, rules };
}

/** Versions compared as numbers, part by part (0.10.0 after 0.9.0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
