import { useTranslation } from 'react-i18next';

/** The label of an audit action type in the current language (the raw type when it has none yet). */
export function useAuditLabel() {
  const { t, i18n } = useTranslation('admin');
  return (action: string) => {
    const key = `audit.actions.${action}`;
    return i18n.exists(key, { ns: 'admin' }) ? t(key as 'audit.actions.user_approve') : action;
  };
}
