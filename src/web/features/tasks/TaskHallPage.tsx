import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import type { BudgetRange, TaskSort } from '@shared/schemas/tasks';
import { usePageTitle } from '../../lib/usePageTitle';
import { categoriesQuery, hallQuery, type HallFilters } from './api';
import { useTaskFormat } from './format';
import { ListPage, SearchFilter, SelectFilter } from '../../components/ListPage';
import { ForYouMount } from '../matching/ForYouMount';
import { Pager } from '../../components/Pager';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { TaskCard, TaskCardSkeleton } from './TaskCard';
import { ActingBannerMount } from '../agencies/actingFor';
import './tasks.css';
import type { Prefetch } from '../../app/prefetch';

// kept here (not imported from @shared/schemas/tasks) so the hall chunk does not pull zod in;
// the Records make tsc report a missing or extra value
const BUDGET_SET: Record<BudgetRange, true> = { '0-100000': true, '100000-500000': true, '500000-1000000': true, '1000000-5000000': true, '5000000+': true };
const SORT_SET: Record<TaskSort, true> = { created_at: true, budget_desc: true, budget_asc: true, live_date: true, urgent: true };
const BUDGETS = Object.keys(BUDGET_SET) as BudgetRange[];
const SORTS = Object.keys(SORT_SET) as TaskSort[];
const isBudget = (v: string | null): v is BudgetRange => v !== null && v in BUDGET_SET;
const isSort = (v: string | null): v is TaskSort => v !== null && v in SORT_SET;

const PAGE_SIZE = 12;
const SKELETONS = 6;
const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MAX = 50;
/** the server counts the total up to this many */
const TOTAL_CAP = 10_000;

function readFilters(params: URLSearchParams): HallFilters {
  const page = Number(params.get('page'));
  const budget = params.get('budget');
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    category: params.get('category') ?? '',
    budget: isBudget(budget) ? budget : '',
    sort: isSort(sort) ? sort : 'created_at',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/** What the hall's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = ({ queryClient, search }) =>
  Promise.all([queryClient.prefetchQuery(categoriesQuery), queryClient.prefetchQuery(hallQuery(readFilters(search)))]);

/** /tasks — the task hall: search, category, budget range, sort, refresh, paginated cards. */
export default function TaskHallPage() {
  const { t } = useTranslation('tasks');
  usePageTitle(t('hall.documentTitle'));
  const f = useTaskFormat();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const ids = { search: useId(), category: useId(), budget: useId(), sort: useId(), results: useId() };
  const resultsRef = useRef<HTMLDivElement>(null);

  const categories = useQuery(categoriesQuery);
  const hall = useQuery(hallQuery(filters));

  /** Updates the URL query (filters other than the page reset it to 1). */
  const update = useCallback(
    (patch: Partial<HallFilters>, opts?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const empty = v === '' || v === undefined || (k === 'sort' && v === 'created_at') || (k === 'page' && v === 1);
            if (empty) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: opts?.replace },
      );
    },
    [setParams],
  );

  // search: typed text → URL after a pause; the URL (back/forward) → the box
  const [searchText, setSearchText] = useState(filters.search);
  const lastPushed = useRef(filters.search);
  useEffect(() => {
    if (filters.search !== lastPushed.current) {
      lastPushed.current = filters.search;
      setSearchText(filters.search);
    }
  }, [filters.search]);
  useEffect(() => {
    const value = searchText.trim();
    if (value === lastPushed.current) return;
    const id = window.setTimeout(() => {
      lastPushed.current = value;
      update({ search: value }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [searchText, update]);

  const changePage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const filtered = Boolean(filters.search || filters.category || filters.budget);
  const loading = hall.isPending || hall.isPlaceholderData;
  const data = hall.data;
  const total = data?.total ?? 0;
  const totalText = total >= TOTAL_CAP ? `${TOTAL_CAP}+` : String(total);

  let body: React.ReactNode;
  if (hall.isError && !data) {
    body = <LoadFailed testId="hall" title={t('hall.errorTitle')} text={t('hall.errorText')} onRetry={() => void hall.refetch()} retrying={hall.isFetching} />;
  } else if (loading) {
    body = (
      <Loading className="tk-grid" label={t('hall.loading')}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <TaskCardSkeleton key={i} />
        ))}
      </Loading>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <Empty
        testId="hall-empty"
        icon={<InboxOutlined />}
        title={t('hall.empty')}
        text={filtered ? t('hall.emptyHint') : undefined}
        actions={
          filtered ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setSearchText('');
                lastPushed.current = '';
                setParams(filters.sort === 'created_at' ? {} : { sort: filters.sort });
              }}
              data-testid="hall-clear"
            >
              {t('hall.clearFilters')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul className="tk-grid" data-testid="hall-list">
        {data.items.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ListPage
      className="tk-hall"
      title={t('hall.title')}
      subtitle={t('hall.subtitle')}
      filtersLabel={t('hall.filtersLabel')}
      notice={<ActingBannerMount />}
      filters={
        <>
          <SearchFilter
            id={ids.search}
            label={t('hall.search')}
            placeholder={t('hall.searchPlaceholder')}
            value={searchText}
            maxLength={SEARCH_MAX}
            onChange={setSearchText}
            onSubmit={() => {
              const value = searchText.trim();
              lastPushed.current = value;
              update({ search: value }, { replace: true });
            }}
            testId="hall-search"
          />
          <SelectFilter<string>
            id={ids.category}
            label={t('hall.category')}
            value={filters.category}
            onChange={(v) => update({ category: v })}
            loading={categories.isPending}
            options={[{ value: '', label: t('hall.allCategories') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: f.category(c) }))]}
            testId="hall-category"
          />
          <SelectFilter<BudgetRange | ''>
            id={ids.budget}
            label={t('hall.budget')}
            value={filters.budget}
            onChange={(v) => update({ budget: v })}
            options={[{ value: '', label: t('hall.allBudgets') }, ...BUDGETS.map((b) => ({ value: b, label: t(`hall.budgets.${b}`) }))]}
            testId="hall-budget"
          />
          <SelectFilter<TaskSort>
            id={ids.sort}
            label={t('hall.sort')}
            value={filters.sort}
            onChange={(v) => update({ sort: v })}
            options={SORTS.map((s) => ({ value: s, label: t(`hall.sorts.${s}`) }))}
            testId="hall-sort"
          />
        </>
      }
    >
      <ForYouMount />
      <h2 className="visually-hidden">{t('hall.results')}</h2>
      <div className="tk-results-head" ref={resultsRef} id={ids.results}>
        <p className="tk-results-head__count" aria-live="polite">
          {data && !hall.isError ? t('hall.total', { total: totalText, count: data?.total ?? 0 }) : '\u00a0'}
        </p>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            void hall.refetch();
            if (categories.isError) void categories.refetch();
          }}
          disabled={hall.isFetching}
          aria-busy={hall.isFetching || undefined}
          data-testid="hall-refresh"
        >
          <ReloadOutlined aria-hidden="true" spin={hall.isFetching && !loading} />
          {t('hall.refresh')}
        </button>
      </div>

      {body}

      {data && total > PAGE_SIZE && !(hall.isError && !data) && (
        <nav className="tk-pagination" aria-label={t('hall.pagination')}>
          <Pager
            current={filters.page}
            pageSize={PAGE_SIZE}
            total={total}
            totalText={t('hall.total', { total: totalText, count: data?.total ?? 0 })}
            onChange={changePage}
            testId="hall-pagination"
          />
        </nav>
      )}
    </ListPage>
  );
}
