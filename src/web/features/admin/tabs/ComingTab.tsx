import { useTranslation } from 'react-i18next';
import { Result } from 'antd';

/** A tab whose section is still being built (shown only until that section lands). */
export default function ComingTab() {
  const { t } = useTranslation('admin');
  return <Result status="info" title={t('console.comingTitle')} subTitle={t('console.comingText')} data-testid="admin-coming" />;
}
