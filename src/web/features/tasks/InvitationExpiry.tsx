import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaskFormat } from './format';

const MINUTE = 60_000;

/** A pending invitation's answer-by time and what is left of it (剩余 5 小时 12 分), refreshed every half minute. */
export function InvitationExpiry({ expiresAt, testId }: { expiresAt: string; testId?: string }) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => window.clearInterval(timer);
  }, []);
  const left = Date.parse(expiresAt) - now;
  const minutes = Math.max(0, Math.floor(left / MINUTE));
  return (
    <span className="tk-expiry" data-testid={testId}>
      <time dateTime={expiresAt}>{f.dateTime(expiresAt)}</time>
      <span className={`tk-expiry__left${minutes < 6 * 60 ? ' tk-expiry__left--soon' : ''}`}>
        {minutes < 1 ? t('myInvitations.expiresSoon') : t('myInvitations.expiresIn', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
      </span>
    </span>
  );
}
