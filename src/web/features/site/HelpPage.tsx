import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useBusinessValues } from '../../app/siteSettings';
import { SearchInput } from '../../components/ListPage';
import { Empty } from '../../components/PageState';
import { usePageTitle } from '../../lib/usePageTitle';
import './site.css';

type Group = { title: string; items: { q: string; a: string }[] };

/** Marks every occurrence of `term` (case-insensitive) in `text`. */
function Highlight({ text, term }: { text: string; term: string }) {
  if (!term) return <>{text}</>;
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** /help — the FAQ with a search that filters as one types (part 2 §2). Rendered on the server (no antd). */
export default function HelpPage() {
  const { t } = useTranslation('site');
  const businessValues = useBusinessValues();
  usePageTitle(t('help.documentTitle'));
  const [term, setTerm] = useState('');
  const searchId = useId();
  const groups = t('help.groups', { returnObjects: true, ...businessValues }) as Group[];
  const q = term.trim().toLowerCase();
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, items: q ? g.items.filter((i) => i.q.toLowerCase().includes(q) || i.a.toLowerCase().includes(q)) : g.items }))
        .filter((g) => g.items.length > 0),
    [groups, q],
  );
  const count = shown.reduce((n, g) => n + g.items.length, 0);
  return (
    <div className="container site-page" data-testid="site-help">
      <header className="site-help__head">
        <h1 className="site-doc__title">{t('help.title')}</h1>
        <p className="site-doc__lead">{t('help.lead')}</p>
        <label htmlFor={searchId} className="visually-hidden">
          {t('help.searchLabel')}
        </label>
        <SearchInput id={searchId} placeholder={t('help.searchPlaceholder')} value={term} onChange={setTerm} maxLength={50} testId="help-search" />
        <p className="site-help__count" aria-live="polite">
          {q ? t('help.results', { count }) : '\u00a0'}
        </p>
      </header>
      {shown.length === 0 ? (
        <Empty
          testId="help-empty"
          icon={<QuestionCircleOutlined />}
          title={t('help.noResults')}
          text={t('help.noResultsText')}
          actions={
            <Link to="/contact" className="btn btn--primary">
              {t('help.contact')}
            </Link>
          }
        />
      ) : (
        shown.map((g) => (
          <section key={g.title} className="card site-faq">
            <h2 className="site-faq__group">{g.title}</h2>
            {g.items.map((i) => (
              <details key={i.q} className="site-faq__item" open={Boolean(q)} data-testid="help-item">
                <summary>
                  <Highlight text={i.q} term={term.trim()} />
                </summary>
                <p>
                  <Highlight text={i.a} term={term.trim()} />
                </p>
              </details>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
