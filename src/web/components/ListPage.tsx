import type { ReactNode } from 'react';
import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useEarlyInput } from '../lib/useEarlyInput';
import './ListPage.css';

/**
 * The layout the public list pages share (task hall, influencer directory, video showcase): the hero
 * band with the page's h1, the filter card (role=search) overlapping it, then the page's results.
 * Its controls are native elements styled in ListPage.css (the size and look of antd's large Input and
 * Select), so a list page paints without antd's runtime (decision 0021).
 */
export function ListPage({
  className,
  title,
  subtitle,
  filtersLabel,
  filters,
  notice,
  children,
}: {
  className?: string;
  title: string;
  subtitle: string;
  /** the accessible name of the filter card */
  filtersLabel: string;
  filters: ReactNode;
  /** a line above the title (e.g. the hall's banner of an agency acting for an influencer) */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`tk-page lp-page${className ? ` ${className}` : ''}`}>
      <div className="tk-hero">
        <div className="container">
          {notice && <div className="lp-notice">{notice}</div>}
          <h1 className="tk-hero__title">{title}</h1>
          <p className="tk-hero__subtitle">{subtitle}</p>
        </div>
      </div>
      <div className="container">
        <section className="tk-filters card" role="search" aria-label={filtersLabel}>
          {filters}
        </section>
        {children}
      </div>
    </div>
  );
}

/** The search box of a filter card (the wide first field). Enter submits at once; typing is the page's to debounce. */
export function SearchFilter({ label, ...input }: SearchInputProps & { label: string }) {
  return (
    <div className="tk-filters__field tk-filters__field--search">
      <label htmlFor={input.id} className="tk-filters__label">
        {label}
      </label>
      <SearchInput {...input} />
    </div>
  );
}

type SearchInputProps = {
  id: string;
  placeholder: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  testId: string;
};

/**
 * A native search box with the look of antd's large Input with a search icon; what a visitor types before the
 * app's code arrives is kept (useEarlyInput). Label it from outside (`id`).
 */
export function SearchInput({ id, placeholder, value, maxLength, onChange, onSubmit, testId }: SearchInputProps) {
  const ref = useEarlyInput<HTMLInputElement>(value, onChange);
  return (
    <span className="lp-control lp-control--search">
      <SearchOutlined className="lp-control__icon" aria-hidden="true" />
      <input
        ref={ref}
        id={id}
        type="search"
        className="lp-control__input"
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (onSubmit && e.key === 'Enter' && !e.nativeEvent.isComposing) onSubmit();
        }}
        data-testid={testId}
      />
    </span>
  );
}

/** A labelled select of a filter card: a native <select> (the phone's own picker). */
export function SelectFilter<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  loading,
  testId,
}: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  loading?: boolean;
  testId: string;
}) {
  const pick = (v: string) => {
    const picked = options.find((o) => o.value === v);
    if (picked) onChange(picked.value);
  };
  const ref = useEarlyInput<HTMLSelectElement>(value, pick);
  return (
    <div className="tk-filters__field">
      <label htmlFor={id} className="tk-filters__label">
        {label}
      </label>
      <span className="lp-control">
        <select
          ref={ref}
          id={id}
          className="lp-control__input lp-control__select"
          value={value}
          onChange={(e) => pick(e.target.value)}
          aria-busy={loading || undefined}
          data-testid={testId}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <DownOutlined className="lp-control__arrow" aria-hidden="true" />
      </span>
    </div>
  );
}
