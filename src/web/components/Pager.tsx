import { useTranslation } from 'react-i18next';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** Page numbers shown either side of the current one (2; 1 on a phone, where the outer ones are hidden). */
const AROUND = 2;

type Slot = { page: number; far: boolean } | 'gap-start' | 'gap-end';

/** 1 … around the current page … last (the first and last always shown). */
function slots(current: number, last: number): Slot[] {
  const out: Slot[] = [];
  const from = Math.max(2, current - AROUND);
  const to = Math.min(last - 1, current + AROUND);
  out.push({ page: 1, far: false });
  if (from > 2) out.push('gap-start');
  for (let p = from; p <= to; p += 1) out.push({ page: p, far: Math.abs(p - current) > 1 });
  if (to < last - 1) out.push('gap-end');
  if (last > 1) out.push({ page: last, far: false });
  return out;
}

/**
 * The list pages' pagination: previous, numbered pages around the current one, next, and an optional
 * total before them. Plain buttons styled in ListPage.css (no antd on a list page's first load); each page
 * button has its number as `title`, the current one `aria-current="page"`.
 */
export function Pager({
  current,
  pageSize,
  total,
  onChange,
  totalText,
  testId,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** shown before the pages (e.g. 共 120 个任务) */
  totalText?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, current), last);
  return (
    <ul className="pager" data-testid={testId}>
      {totalText && <li className="pager__total">{totalText}</li>}
      <li>
        <button
          type="button"
          className="pager__item"
          title={t('pager.prev')}
          aria-label={t('pager.prev')}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          <LeftOutlined aria-hidden="true" />
        </button>
      </li>
      {slots(page, last).map((s) =>
        typeof s === 'string' ? (
          <li key={s} className="pager__gap" aria-hidden="true">
            •••
          </li>
        ) : (
          <li key={s.page} className={s.far ? 'pager__far' : undefined}>
            <button
              type="button"
              className="pager__item"
              title={String(s.page)}
              aria-label={t('pager.page', { page: s.page })}
              aria-current={s.page === page ? 'page' : undefined}
              onClick={() => s.page !== page && onChange(s.page)}
            >
              {s.page}
            </button>
          </li>
        ),
      )}
      <li>
        <button
          type="button"
          className="pager__item"
          title={t('pager.next')}
          aria-label={t('pager.next')}
          disabled={page >= last}
          onClick={() => onChange(page + 1)}
        >
          <RightOutlined aria-hidden="true" />
        </button>
      </li>
    </ul>
  );
}
