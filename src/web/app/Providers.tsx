import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { shortLang } from '../i18n/lang';
import { queryClient } from './queryClient';
import { theme } from './theme';
import { FeedbackProvider } from '../components/feedback';

/** Query cache, antd theme + locale (follows the i18n language), app-wide feedback (toasts / notices, see feedback.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = shortLang(i18n.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
