import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { InboxOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { INFLUENCER_CATEGORIES } from '@shared/options';
import type { InfluencerSort } from '@shared/schemas/people';
import { ListPage, SearchFilter, SelectFilter } from '../../components/ListPage';
import { Pager } from '../../components/Pager';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { usePageTitle } from '../../lib/usePageTitle';
import { useDebouncedSearch, useUrlFilters } from '../../lib/useUrlFilters';
import { useMe } from '../auth/api';
import { directoryQuery, type DirectoryFilters } from './api';
import { usePeopleFormat } from './format';
import { InfluencerCard, InfluencerCardSkeleton } from './InfluencerCard';
import '../tasks/tasks.css';
import './people.css';
import type { Prefetch } from '../../app/prefetch';

// kept here (not imported from @shared/schemas/people) so the page chunk does not pull zod in
const SORT_SET: Record<InfluencerSort, true> = { rating: true, followers: true, price: true, experience: true };
const SORTS = Object.keys(SORT_SET) as InfluencerSort[];
const CATEGORY_VALUES = new Set<string>(INFLUENCER_CATEGORIES.map((c) => c.value));
const PAGE_SIZE = 12;
const SKELETONS = 6;
const SEARCH_MAX = 100;
/** the server counts totals up to this many */
const TOTAL_CAP = 10_000;
const DEFAULTS: Partial<DirectoryFilters> = { sort: 'rating' };

function readFilters(p: URLSearchParams): DirectoryFilters {
  const page = Number(p.get('page'));
  const sort = p.get('sort');
  const category = p.get('category') ?? '';
  return {
    search: (p.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    category: CATEGORY_VALUES.has(category) ? category : '',
    sort: sort !== null && sort in SORT_SET ? (sort as InfluencerSort) : 'rating',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** What the directory's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = ({ queryClient, search }) => queryClient.prefetchQuery(directoryQuery(readFilters(search)));

/** /influencers — the influencer directory (part 2 §2): search, category, sort, refresh, pages. */
export default function InfluencersPage() {
  const { t } = useTranslation('people');
  usePageTitle(t('list.documentTitle'));
  const f = usePeopleFormat();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const { filters, update, reset } = useUrlFilters(readFilters, DEFAULTS);
  const ids = { search: useId(), category: useId(), sort: useId() };
  const resultsRef = useRef<HTMLDivElement>(null);
  const list = useQuery(directoryQuery(filters));
  const pushSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const search = useDebouncedSearch(filters.search, pushSearch);

  const filtered = Boolean(filters.search || filters.category);
  const loading = list.isPending || list.isPlaceholderData;
  const data = list.data;
  const total = data?.total ?? 0;

  let body: React.ReactNode;
  if (list.isError && !data) {
    body = (
      <LoadFailed testId="directory" title={t('list.errorTitle')} text={t('list.errorText')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  } else if (loading) {
    body = (
      <Loading className="pp-grid" label={t('list.loading')}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <InfluencerCardSkeleton key={i} />
        ))}
      </Loading>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <Empty
        testId="directory-empty"
        icon={<InboxOutlined />}
        title={filtered ? t('list.noMatch') : t('list.empty')}
        actions={
          filtered ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                search.clear();
                reset();
              }}
              data-testid="directory-clear"
            >
              {t('list.clearFilters')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul className="pp-grid" data-testid="directory-list">
        {data.items.map((item) => (
          <li key={item.id}>
            <InfluencerCard item={item} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ListPage
      className="pp-directory"
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      filtersLabel={t('list.filtersLabel')}
      filters={
        <>
          <SearchFilter
            id={ids.search}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            value={search.text}
            maxLength={SEARCH_MAX}
            onChange={search.setText}
            onSubmit={search.submit}
            testId="directory-search"
          />
          <SelectFilter<string>
            id={ids.category}
            label={t('list.category')}
            value={filters.category}
            onChange={(v) => update({ category: v })}
            options={[{ value: '', label: t('list.allCategories') }, ...INFLUENCER_CATEGORIES.map((c) => ({ value: c.value, label: f.category(c.value) }))]}
            testId="directory-category"
          />
          <SelectFilter<InfluencerSort>
            id={ids.sort}
            label={t('list.sort')}
            value={filters.sort}
            onChange={(v) => update({ sort: v })}
            options={SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) }))}
            testId="directory-sort"
          />
        </>
      }
    >
      <h2 className="visually-hidden">{t('list.results')}</h2>
      <div className="tk-results-head" ref={resultsRef}>
        <p className="tk-results-head__count" aria-live="polite">
          {data && !list.isError ? t('list.total', { total: total >= TOTAL_CAP ? `${TOTAL_CAP}+` : total }) : '\u00a0'}
          {data && !list.isError && (
            <span className={`pp-freshness${data.cached ? ' is-cached' : ''}`} data-testid="directory-freshness">
              {data.cached ? t('list.cached') : t('list.fresh')}
            </span>
          )}
          {!signedIn && me.isSuccess && (
            <span className="pp-masked-hint">
              <LockOutlined aria-hidden="true" /> {t('list.maskedHint')}
            </span>
          )}
        </p>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          aria-busy={list.isFetching || undefined}
          data-testid="directory-refresh"
        >
          <ReloadOutlined aria-hidden="true" spin={list.isFetching && !loading} /> {t('list.refresh')}
        </button>
      </div>

      {body}

      {data && total > PAGE_SIZE && (
        <nav className="tk-pagination" aria-label={t('list.pagination')}>
          <Pager
            current={filters.page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={(page) => {
              update({ page });
              resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
            testId="directory-pagination"
          />
        </nav>
      )}
    </ListPage>
  );
}
