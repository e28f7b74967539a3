/**
 * How a mail looks (decision 0040): a plain-text part and a simple branded HTML part in the recipient's
 * language, every link absolute (config.siteUrl), and for notification mail a footer with the one-click
 * turn-off of that kind of mail. Pure functions: the queue (mailQueue.ts) calls them when it sends.
 */
export type MailLocale = 'zh-CN' | 'en';

export type MailContent = {
  locale: MailLocale;
  title: string;
  /** paragraphs separated by blank lines */
  body: string;
  /** a path of the site (/deal/…) or an absolute URL */
  link?: string;
  /** the page that turns this kind of mail off (notification mail) */
  unsubscribeUrl?: string;
};

const TEXTS = {
  'zh-CN': { brand: '直播带货平台', open: '查看详情', footer: '这封邮件由直播带货平台自动发送。', unsubscribe: '不再接收此类邮件' },
  en: {
    brand: 'Live-commerce marketplace',
    open: 'Open',
    footer: 'This mail was sent automatically by the Live-commerce marketplace.',
    unsubscribe: 'Stop these mails',
  },
} as const;

/** The subject line: the brand, then the title (【直播带货平台】… / [Live-commerce marketplace] …). */
export function mailSubject(locale: MailLocale, title: string): string {
  return locale === 'en' ? `[${TEXTS.en.brand}] ${title}` : `【${TEXTS['zh-CN'].brand}】${title}`;
}

/** A site path made absolute against the site's public origin; absolute URLs stay as they are. */
export function absoluteUrl(siteUrl: string, link: string): string {
  return /^https?:\/\//i.test(link) ? link : `${siteUrl.replace(/\/$/, '')}${link.startsWith('/') ? '' : '/'}${link}`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The text and HTML parts of a mail. */
export function renderMail(siteUrl: string, c: MailContent): { text: string; html: string } {
  const t = TEXTS[c.locale];
  const link = c.link ? absoluteUrl(siteUrl, c.link) : undefined;
  const text = [c.body, link ? `${t.open}: ${link}` : '', `--\n${t.footer}${c.unsubscribeUrl ? `\n${t.unsubscribe}: ${c.unsubscribeUrl}` : ''}`]
    .filter(Boolean)
    .join('\n\n');
  const paragraphs = c.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#ff4d4f;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600">${t.open}</a></p><p style="margin:0 0 16px;font-size:13px;color:#8c8c8c;word-break:break-all">${escapeHtml(link)}</p>`
    : '';
  const unsubscribe = c.unsubscribeUrl ? `<br><a href="${escapeHtml(c.unsubscribeUrl)}" style="color:#8c8c8c">${t.unsubscribe}</a>` : '';
  const html = `<!doctype html><html lang="${c.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.title)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#262626">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;border-bottom:3px solid #ff4d4f;font-size:18px;font-weight:700;color:#ff4d4f">${t.brand}</td></tr>
<tr><td style="padding:24px;font-size:16px"><h1 style="margin:0 0 16px;font-size:20px;line-height:1.4">${escapeHtml(c.title)}</h1>${paragraphs}${button}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #f0f0f0;font-size:12px;color:#8c8c8c;line-height:1.6">${t.footer}${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/** The domain of the sender address (MAIL_FROM: `Name <no-reply@example.com>` or a bare address): the Message-ID domain. */
export function mailDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m ? m[1].toLowerCase() : 'localhost';
}
