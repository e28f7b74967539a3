import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { i18n as I18n } from 'i18next';
import { shortLang } from '../i18n/lang';

/** Keeps dayjs (used by antd date components and our date formatting) in the i18n language. */
export function syncDayjsLocale(i18n: I18n) {
  const apply = (lng: string) => dayjs.locale(shortLang(lng) === 'en' ? 'en' : 'zh-cn');
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}
