import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { shortLang } from '../i18n/lang';
import { syncDayjsLocale } from './locale';
import { theme } from './theme';

// dayjs (antd's date components, our date formatting) follows the language; every user of dayjs is in a
// part that loads this scope first, so dayjs is not initial JavaScript either. Not on the server: its renders
// (entry-server.tsx) each have their own translator, and no page it renders formats with dayjs
if (typeof window !== 'undefined') syncDayjsLocale(i18n);

/**
 * antd's theme and locale (following the i18n language) around a lazily loaded part of the app.
 * Its own chunk (loaded with the first page, see withAntd.ts): the shell — header, footer, skeletons —
 * renders without antd, so antd's runtime (ConfigProvider, CSS-in-JS, motion) is not initial JavaScript.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
