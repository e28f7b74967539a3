import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AppstoreOutlined, BarsOutlined, InboxOutlined } from '@ant-design/icons';
import { ListPage, SearchFilter, SelectFilter } from '../../components/ListPage';
import { Pager } from '../../components/Pager';
import { Empty, Loading, LoadFailed } from '../../components/PageState';
import { VideoCard } from '../../components/VideoCard';
import { usePageTitle } from '../../lib/usePageTitle';
import { useStored } from '../../lib/useStored';
import { useDebouncedSearch, useUrlFilters } from '../../lib/useUrlFilters';
import { SHOWCASE_PAGE_SIZE, showcaseQuery, type ShowcaseFilters, type VideoSort } from './api';
import '../tasks/tasks.css';
import './videos.css';
import type { Prefetch } from '../../app/prefetch';

const SORT_SET: Record<VideoSort, true> = { latest: true, popular: true, trending: true, rating: true, sort_order: true };
const SORTS = Object.keys(SORT_SET) as VideoSort[];
const CATEGORIES = ['1', '2', '3', '4', '5', '6'] as const;
const SEARCH_MAX = 100;
/** the server counts totals up to this many */
const TOTAL_CAP = 10_000;
const DEFAULTS: Partial<ShowcaseFilters> = { sort: 'latest' };
const VIEW_KEY = 'videos.view';
/** the grid / list switch (a light segmented control, styled in videos.css) */
const VIEWS = [
  { value: 'grid', Icon: AppstoreOutlined, label: 'list.grid' },
  { value: 'list', Icon: BarsOutlined, label: 'list.listView' },
] as const;

function readFilters(p: URLSearchParams): ShowcaseFilters {
  const page = Number(p.get('page'));
  const sort = p.get('sort');
  const category = p.get('category') ?? '';
  return {
    search: (p.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    category: (CATEGORIES as readonly string[]).includes(category) ? category : '',
    sort: sort !== null && sort in SORT_SET ? (sort as VideoSort) : 'latest',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** What the showcase's first render reads (rendered by the server for a visitor; decision 0034). */
export const prefetch: Prefetch = ({ queryClient, search }) => queryClient.prefetchQuery(showcaseQuery(readFilters(search)));

/** /videos — the showcase (part 2 §2): search (500 ms), category, sort, grid or list, pages. */
export default function VideosPage() {
  const { t } = useTranslation('videos');
  usePageTitle(t('list.documentTitle'));
  const { filters, update, reset } = useUrlFilters(readFilters, DEFAULTS);
  const ids = { search: useId(), category: useId(), sort: useId() };
  const resultsRef = useRef<HTMLDivElement>(null);
  // the visitor's choice of grid or list (the server renders the grid; decision 0034)
  const [storedView, setStoredView] = useStored('local', VIEW_KEY);
  const view: 'grid' | 'list' = storedView === 'list' ? 'list' : 'grid';
  const list = useQuery(showcaseQuery(filters));
  const pushSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const search = useDebouncedSearch(filters.search, pushSearch, 500);
  const filtered = Boolean(filters.search || filters.category);
  const loading = list.isPending || list.isPlaceholderData;
  const data = list.data;
  const total = data?.total ?? 0;

  let body: React.ReactNode;
  if (list.isError && !data) {
    body = <LoadFailed testId="videos" title={t('errorTitle')} text={t('errorText')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (loading) {
    body = (
      <Loading className="video-grid" label={t('loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <div className="video-card video-card--placeholder" key={i}>
            <div className="video-card__media skeleton" />
          </div>
        ))}
      </Loading>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <Empty
        testId="videos-empty"
        icon={<InboxOutlined />}
        title={filtered ? t('list.noMatch') : t('empty')}
        actions={
          filtered ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                search.clear();
                reset();
              }}
            >
              {t('list.clearFilters')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul className={view === 'grid' ? 'video-grid' : 'video-grid video-grid--list'} data-testid="videos-list">
        {data.items.map((v) => (
          <li key={v.id}>
            <VideoCard video={v} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ListPage
      className="vd-page"
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
            testId="videos-search"
          />
          <SelectFilter<string>
            id={ids.category}
            label={t('list.category')}
            value={filters.category}
            onChange={(v) => update({ category: v })}
            options={[{ value: '', label: t('list.allCategories') }, ...CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))]}
            testId="videos-category"
          />
          <SelectFilter<VideoSort>
            id={ids.sort}
            label={t('list.sort')}
            value={filters.sort}
            onChange={(v) => update({ sort: v })}
            options={SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) }))}
            testId="videos-sort"
          />
        </>
      }
    >
      <div className="tk-results-head" ref={resultsRef}>
        <p className="tk-results-head__count" aria-live="polite">
          {data && !list.isError ? t('list.total', { total: total >= TOTAL_CAP ? `${TOTAL_CAP}+` : total }) : '\u00a0'}
        </p>
        <div className="vd-view" role="radiogroup" aria-label={t('list.view')} data-testid="videos-view">
          {VIEWS.map(({ value, Icon, label }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={view === value}
              className={`vd-view__option${view === value ? ' is-selected' : ''}`}
              onClick={() => {
                setStoredView(value);
              }}
            >
              <Icon aria-hidden="true" /> {t(label)}
            </button>
          ))}
        </div>
      </div>
      {body}
      {data && total > SHOWCASE_PAGE_SIZE && (
        <nav className="tk-pagination" aria-label={t('list.pagination')}>
          <Pager
            current={filters.page}
            pageSize={SHOWCASE_PAGE_SIZE}
            total={total}
            onChange={(page) => {
              update({ page });
              resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
          />
        </nav>
      )}
    </ListPage>
  );
}
