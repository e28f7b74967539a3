import { useTranslation } from 'react-i18next';
import { CloseOutlined, NotificationOutlined } from '@ant-design/icons';
import { shortLang } from '../../i18n/lang';
import { useSiteSettings } from '../siteSettings';
import { useStored } from '../../lib/useStored';

const DISMISSED_KEY = 'announcement-dismissed';

/**
 * The site announcement of 系统设置, on every page: a bar fixed to the bottom of the window (it covers
 * nothing the page lays out, so nothing moves when it appears), closable for the session.
 */
export function Announcement() {
  const { t, i18n } = useTranslation();
  const { data } = useSiteSettings();
  const [dismissed, setDismissed] = useStored('session', DISMISSED_KEY);
  const a = data?.announcement;
  if (!a || dismissed === a.version) return null;
  const text = shortLang(i18n.language) === 'en' && a.textEn ? a.textEn : a.textZh;
  return (
    <div className={`announcement announcement--${a.tone}`} role="status" data-testid="announcement">
      <NotificationOutlined aria-hidden="true" />
      <span className="announcement__text">{text}</span>
      <button
        type="button"
        className="announcement__close"
        aria-label={t('announcement.close')}
        onClick={() => {
          setDismissed(a.version);
        }}
        data-testid="announcement-close"
      >
        <CloseOutlined />
      </button>
    </div>
  );
}
