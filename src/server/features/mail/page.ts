/** The small page of an unsubscribe link (server-rendered, no script: it works from any mail client). */
import { notificationTitle } from '../../../shared/notifications';
import type { MailLocale } from '../../platform/mailMessage';

const TEXT = {
  'zh-CN': {
    title: '退订邮件通知',
    ask: '不再通过邮件接收「{kind}」类通知？站内通知不受影响。',
    button: '确认退订',
    done: '已退订：您将不再收到「{kind}」类邮件通知。站内通知照常显示，可随时在账户设置中重新开启邮件通知。',
  },
  en: {
    title: 'Unsubscribe',
    ask: 'Stop mailing you “{kind}” notifications? Notifications on the site are not affected.',
    button: 'Unsubscribe',
    done: 'Done: “{kind}” notifications will no longer be mailed to you. They still appear on the site; turn mail back on in your account settings at any time.',
  },
} as const;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The kind's name as the reader knows it: the title of that notification (its template without parameters). */
function kindName(kind: string, locale: MailLocale): string {
  const title = notificationTitle(kind, locale === 'en' ? 'en' : 'zh');
  return !title || title.includes('{') ? kind : title;
}

export function unsubscribePage(locale: MailLocale, kind: string, state: 'ask' | 'done', token: string): string {
  const t = TEXT[locale];
  const name = escape(kindName(kind, locale));
  const body =
    state === 'ask'
      ? `<p>${escape(t.ask).replace('{kind}', name)}</p><form method="post" action="/api/mail/unsubscribe?t=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.button}</button></form>`
      : `<p data-testid="unsubscribed">${escape(t.done).replace('{kind}', name)}</p>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{margin:0;background:#f5f5f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#262626}main{max-width:480px;margin:48px auto;background:#fff;border-radius:8px;padding:24px;border-top:3px solid #ff4d4f}h1{font-size:20px;margin:0 0 16px}p{line-height:1.6}button{background:#ff4d4f;color:#fff;border:0;border-radius:6px;padding:12px 24px;font-size:16px;cursor:pointer}</style></head>
<body><main><h1>${t.title}</h1>${body}</main></body></html>`;
}
