import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LedgerEntriesQuery } from '@shared/schemas/finance';
import { client, data } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
import { moneyKeys } from './api';

/** what the ledger search sends: everything but the cursor, which the pages carry */
export type LedgerSearch = Omit<LedgerEntriesQuery, 'before' | 'limit'>;
export const LEDGER_PAGE = 30;

export const financeKeys = {
  overview: (days: number) => [...moneyKeys.all, 'finance-overview', days] as const,
  entries: (s: LedgerSearch) => [...moneyKeys.all, 'finance-entries', s] as const,
};

/** GET /api/admin/finance/overview — the books at a glance and revenue per day */
export const financeOverviewQuery = (days: number) =>
  queryOptions({
    queryKey: financeKeys.overview(days),
    queryFn: ({ signal }) => data(client.GET('/api/admin/finance/overview', { params: { query: { days } }, signal })),
  });

/** GET /api/admin/finance/entries — 账本查询, newest first, one page after another (keyset) */
export const ledgerEntriesQuery = (s: LedgerSearch) =>
  infiniteQueryOptions({
    queryKey: financeKeys.entries(s),
    initialPageParam: null as number | null,
    queryFn: ({ signal, pageParam }) =>
      data(
        client.GET('/api/admin/finance/entries', {
          params: { query: compactQuery({ q: s.q, kind: s.kind, from: s.from, to: s.to, before: pageParam ?? undefined, limit: LEDGER_PAGE }) },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextBefore,
  });
