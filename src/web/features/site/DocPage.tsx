import { useTranslation } from 'react-i18next';
import { useBusinessValues } from '../../app/siteSettings';
import { usePageTitle } from '../../lib/usePageTitle';
import './site.css';

type Section = { title: string; body: string };
type Doc = 'about' | 'terms' | 'privacy';

/** The version and effective date of the terms and the privacy policy (shown on the page). */
export const DOC_VERSION = { terms: { version: 'v2.0', date: '2026-11-01' }, privacy: { version: 'v2.0', date: '2026-11-01' } } as const;

/** A text page: title, lead and sections from the `site` namespace, the business figures filled in. */
export function DocPage({ doc }: { doc: Doc }) {
  const { t } = useTranslation('site');
  const businessValues = useBusinessValues();
  usePageTitle(t(`${doc}.documentTitle`));
  const sections = t(`${doc}.sections`, { returnObjects: true, ...businessValues }) as Section[];
  const lead = doc === 'about' ? t('about.lead') : t(`${doc}.intro`);
  const meta = doc === 'about' ? null : DOC_VERSION[doc];
  return (
    <div className="container site-page" data-testid={`site-${doc}`}>
      <article className="card site-doc">
        <h1 className="site-doc__title">{t(`${doc}.title`)}</h1>
        {meta && (
          <p className="site-doc__meta">
            {t('version', { version: meta.version })} · {t('updated', { date: meta.date })}
          </p>
        )}
        <p className="site-doc__lead">{lead}</p>
        {sections.map((s) => (
          <section key={s.title} className="site-doc__section">
            <h2>{s.title}</h2>
            <p>{s.body}</p>
          </section>
        ))}
      </article>
    </div>
  );
}

export function AboutPage() {
  return <DocPage doc="about" />;
}
export function TermsPage() {
  return <DocPage doc="terms" />;
}
export function PrivacyPage() {
  return <DocPage doc="privacy" />;
}
