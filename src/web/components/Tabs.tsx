import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export type TabItem = { key: string; label: ReactNode; children: ReactNode };

/**
 * Light tabs for public pages (no antd on their first load, decision 0021): a WAI-ARIA tablist (arrow
 * keys, Home and End move between tabs) and the active tab's panel; the look of antd's line tabs.
 */
export function Tabs({ items, defaultKey }: { items: TabItem[]; defaultKey?: string }) {
  const base = useId();
  const [active, setActive] = useState(defaultKey ?? items[0]?.key);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = items.find((i) => i.key === active) ?? items[0];
  const move = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + items.length) % items.length;
    setActive(items[next].key);
    tabs.current[next]?.focus();
  };
  if (!current) return null;
  return (
    <div className="lt-tabs">
      <div className="lt-tabs__list" role="tablist">
        {items.map((item, index) => {
          const selected = item.key === current.key;
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              className={`lt-tabs__tab${selected ? ' is-active' : ''}`}
              onClick={() => setActive(item.key)}
              onKeyDown={(e) => move(e, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div className="lt-tabs__panel" role="tabpanel" id={`${base}-panel-${current.key}`} aria-labelledby={`${base}-tab-${current.key}`} tabIndex={0}>
        {current.children}
      </div>
    </div>
  );
}
