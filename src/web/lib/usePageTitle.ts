import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<title> - <app name>" in the current language. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t('pageTitle', { title }) : t('appName');
  }, [title, t]);
}
