/**
 * The part of the API document the SDK (`packages/sdk`, decision 0043) is generated from: the operations an API key
 * may call (those with `x-scopes`, decision 0038), the webhooks when the document has them, and only the components
 * they reach. An operation a key cannot call answers 403 API_KEY_NOT_ALLOWED, so the SDK does not offer it.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** every `#/components/<kind>/<name>` reference under `node` */
function collectRefs(node: Json | undefined, into: Set<string>) {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/')) into.add(v);
      else collectRefs(v, into);
    }
  }
}

export function sdkDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const source = structuredClone(doc) as JsonObject;
  const paths: JsonObject = {};
  for (const [url, item] of Object.entries(isObject(source.paths) ? source.paths : {})) {
    if (!isObject(item)) continue;
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(item)) {
      if (!METHODS.includes(key)) kept[key] = value;
      else if (isObject(value) && Array.isArray(value['x-scopes'])) {
        // a key is the only credential an SDK user has: the session alternative is not theirs
        kept[key] = { ...value, security: [{ bearerAuth: [] }] };
      }
    }
    if (Object.keys(kept).some((k) => METHODS.includes(k))) paths[url] = kept;
  }
  const webhooks = isObject(source.webhooks) ? source.webhooks : undefined;

  // the components the kept operations and webhooks reach, followed through the components themselves
  const components = isObject(source.components) ? source.components : {};
  const reached = new Set<string>();
  const queue = new Set<string>();
  collectRefs(paths, queue);
  collectRefs(webhooks, queue);
  while (queue.size > 0) {
    const [ref] = queue;
    queue.delete(ref!);
    if (reached.has(ref!)) continue;
    reached.add(ref!);
    const [, , kind, name] = ref!.split('/');
    const section = components[kind!];
    if (isObject(section)) collectRefs(section[decodeURIComponent(name!)], queue);
  }
  const keptComponents: JsonObject = {};
  for (const [kind, section] of Object.entries(components)) {
    if (!isObject(section)) continue;
    const names = Object.keys(section).filter((name) => reached.has(`#/components/${kind}/${name}`));
    if (kind === 'securitySchemes' && isObject(section.bearerAuth)) keptComponents[kind] = { bearerAuth: section.bearerAuth };
    else if (names.length > 0) keptComponents[kind] = Object.fromEntries(names.map((n) => [n, section[n]!]));
  }
  const usedTags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item as JsonObject)) if (isObject(op) && Array.isArray(op.tags)) for (const t of op.tags) usedTags.add(String(t));
  }
  return {
    openapi: source.openapi,
    info: source.info,
    servers: source.servers,
    ...(Array.isArray(source.tags) ? { tags: source.tags.filter((t) => isObject(t) && usedTags.has(String(t.name))) } : {}),
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: keptComponents,
  };
}
