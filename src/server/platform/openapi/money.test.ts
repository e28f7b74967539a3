/**
 * One money unit in the document (issue 38, decision 0053): no schema of the API carries an amount or a percentage
 * whose name does not say its unit — amounts are `…Cents` (integer cents, USD), percentages `…Bps` (basis points) —
 * and each of them says so in its description. Statistics that are not money keep their names and say their unit.
 */
import { describe, expect, it } from 'vitest';
import { buildApiDocument } from './build';

type Prop = { type?: string | string[]; description?: string; anyOf?: Prop[]; properties?: Record<string, Prop>; items?: Prop; $ref?: string };

/** names that speak of money or of a share of it */
const MONEY_WORDS =
  /(budget|rate|amount|price|fee|deposit|gmv|balance|earning|revenue|refund|commission|escrow|payout|percent|share|cents|bps|quote|gross|net)/i;
/** numbers with those words that are not money, and what they are instead */
const NOT_MONEY: Record<string, string> = {
  avgEngagementRate: 'a statistic of the TikTok account, a percentage 0–100',
  acceptanceRate: 'a statistic of the admin analytics, a percentage 0–100',
};

const numeric = (p: Prop): boolean =>
  ['number', 'integer'].some((t) => p.type === t || (Array.isArray(p.type) && p.type.includes(t))) || Boolean(p.anyOf?.some(numeric));
const described = (p: Prop): string => p.description ?? p.anyOf?.map(described).find(Boolean) ?? '';

function walk(p: Prop, path: string, out: { path: string; name: string; prop: Prop }[]) {
  for (const [name, child] of Object.entries(p.properties ?? {})) {
    out.push({ path: `${path}.${name}`, name, prop: child });
    walk(child, `${path}.${name}`, out);
  }
  if (p.items) walk(p.items, `${path}[]`, out);
  for (const a of p.anyOf ?? []) walk(a, path, out);
}

describe('money in the API document', async () => {
  const doc = (await buildApiDocument()) as {
    components: { schemas: Record<string, Prop> };
    paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
  };
  const fields: { path: string; name: string; prop: Prop }[] = [];
  for (const [id, schema] of Object.entries(doc.components.schemas)) walk(schema, id, fields);
  // counts (sharesCount: a video's shares) are never money
  const numbers = fields.filter((f) => numeric(f.prop) && MONEY_WORDS.test(f.name) && !f.name.endsWith('Count'));

  it('finds the money fields at all (the walk is not empty)', () => {
    expect(numbers.filter((f) => f.name.endsWith('Cents')).length).toBeGreaterThan(40);
    expect(numbers.filter((f) => f.name.endsWith('Bps')).length).toBeGreaterThan(8);
  });

  it('names every amount …Cents and every percentage …Bps', () => {
    const unnamed = numbers.filter((f) => !/(Cents|Bps|^cents)$/.test(f.name) && !(f.name in NOT_MONEY)).map((f) => f.path);
    expect(unnamed).toEqual([]);
  });

  it('describes each: integer cents (USD) or basis points; the statistics say their unit', () => {
    const silent = numbers
      .filter(
        (f) =>
          (/(Cents|^cents)$/.test(f.name) && !/integer cents \(USD\)/.test(described(f.prop))) ||
          (f.name.endsWith('Bps') && !/basis points/.test(described(f.prop))),
      )
      .map((f) => f.path);
    expect(silent).toEqual([]);
    for (const f of numbers.filter((x) => x.name in NOT_MONEY)) expect(described(f.prop), f.path).toMatch(/not money/);
  });

  it('takes no query parameter in dollars: the hall’s budget range is budgetCents', () => {
    const params = Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.parameters ?? []));
    expect(params.map((p) => p.name)).toContain('budgetCents');
    expect(params.map((p) => p.name)).not.toContain('budget');
  });
});
