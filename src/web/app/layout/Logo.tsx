import { useId } from 'react';

/** Brand mark: a play button inside a live "signal" tile (inline SVG, nothing external). */
export function LogoMark({ size = 32 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`lg-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5a36" />
          <stop offset="1" stopColor="#c4200c" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={`url(#lg-${id})`} />
      <path d="M12.5 10.2v11.6c0 .8.9 1.3 1.6.9l9.2-5.8c.6-.4.6-1.3 0-1.7l-9.2-5.8c-.7-.5-1.6 0-1.6.8z" fill="#fff" />
      <circle cx="24.5" cy="7.5" r="3" fill="#ffd666" stroke="#fff" strokeWidth="1.4" />
    </svg>
  );
}
