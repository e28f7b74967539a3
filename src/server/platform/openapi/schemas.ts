/**
 * Every zod schema that travels gets one id, so the document names it once in components.schemas and
 * $refs it everywhere (decision 0031). The ids are the exports' own names in PascalCase (taskCard →
 * TaskCard); a request-only schema keeps that name, one used both ways also has an `…Input` twin (zod's
 * input and output differ: defaults, trims). Query, path and header schemas stay inline: the document
 * lists them as parameters.
 */
import { z } from 'zod';
import * as accounts from '../../../shared/schemas/accounts';
import * as agencies from '../../../shared/schemas/agencies';
import * as agencyStaff from '../../../shared/schemas/agencyStaff';
import * as admin from '../../../shared/schemas/admin';
import * as apiKeys from '../../../shared/schemas/apiKeys';
import * as adminContent from '../../../shared/schemas/adminContent';
import * as adminInsights from '../../../shared/schemas/adminInsights';
import * as adminTasks from '../../../shared/schemas/adminTasks';
import * as auth from '../../../shared/schemas/auth';
import * as common from '../../../shared/schemas/common';
import * as contact from '../../../shared/schemas/contact';
import * as deals from '../../../shared/schemas/deals';
import * as errorBody from '../../../shared/schemas/errorBody';
import * as dev from '../../../shared/schemas/dev';
import * as finance from '../../../shared/schemas/finance';
import * as invitations from '../../../shared/schemas/invitations';
import * as mail from '../../../shared/schemas/mail';
import * as matching from '../../../shared/schemas/matching';
import * as messages from '../../../shared/schemas/messages';
import * as money from '../../../shared/schemas/money';
import * as notifications from '../../../shared/schemas/notifications';
import * as payouts from '../../../shared/schemas/payouts';
import * as people from '../../../shared/schemas/people';
import * as profiles from '../../../shared/schemas/profiles';
import * as reviews from '../../../shared/schemas/reviews';
import * as stats from '../../../shared/schemas/stats';
import * as stripeMoney from '../../../shared/schemas/stripeMoney';
import * as tasks from '../../../shared/schemas/tasks';
import * as uploads from '../../../shared/schemas/uploads';
import * as videos from '../../../shared/schemas/videos';
import * as webhooks from '../../../shared/schemas/webhooks';

const MODULES: Record<string, Record<string, unknown>> = {
  accounts,
  agencies,
  agencyStaff,
  admin,
  apiKeys,
  adminContent,
  adminInsights,
  adminTasks,
  auth,
  common,
  contact,
  deals,
  dev,
  errorBody,
  finance,
  invitations,
  mail,
  matching,
  messages,
  money,
  notifications,
  payouts,
  people,
  profiles,
  reviews,
  stats,
  stripeMoney,
  tasks,
  uploads,
  videos,
  webhooks,
};

/** Exports whose PascalCase name would say less than it should, or that two modules share. */
const NAMES: Record<string, string> = {
  // not `Error`: a generated client's type of that name would shadow the language's own (decision 0052)
  'errorBody.errorBody': 'ErrorBody',
  'errorBody.errorCode': 'ErrorCode',
  'admin.inviteRequest': 'AdminInviteRequest',
  'invitations.inviteRequest': 'TaskInviteRequest',
};

/** Parameter schemas (listed as parameters, never referenced) and single fields (inline where used). */
const PARAMETERS = /(Query|Params?|Headers)$/;
const KINDS = new Set(['object', 'array', 'enum', 'union', 'record', 'intersection']);

/** taskCard → TaskCard; topupInput → TopupRequest (the library names input twins `…Input`) */
const idOf = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/Input$/, 'Request');

let registered: ReadonlyMap<z.ZodType, string> | null = null;

/**
 * Registers the traveling schemas of src/shared/schemas in zod's global registry, once per process (the
 * document's transform reads it). Returns schema → id. Two exports of one name, or one schema under two
 * names, stop the server at start rather than make an ambiguous document.
 */
export function registerSchemaIds(): ReadonlyMap<z.ZodType, string> {
  if (registered) return registered;
  const ids = new Map<z.ZodType, string>();
  const taken = new Map<string, string>();
  for (const [module, exports] of Object.entries(MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || PARAMETERS.test(name) || !KINDS.has(value.def.type)) continue;
      const id = NAMES[`${module}.${name}`] ?? idOf(name);
      const where = `${module}.${name}`;
      if (taken.has(id)) throw new Error(`schema id ${id}: both ${taken.get(id)} and ${where} (name one in NAMES)`);
      if (ids.has(value)) continue; // one schema exported under a second name keeps its first id
      taken.set(id, where);
      ids.set(value, id);
    }
  }
  for (const [schema, id] of ids) {
    const meta = z.globalRegistry.get(schema);
    if (!meta?.id) z.globalRegistry.add(schema, { ...meta, id });
  }
  registered = ids;
  return ids;
}
