import { useTranslation } from 'react-i18next';
import { Empty } from '../../../components/PageState';

/** A tab whose section is still being built (shown only until that section lands). */
export default function ComingTab() {
  const { t } = useTranslation('admin');
  return <Empty testId="admin-coming" title={t('console.comingTitle')} text={t('console.comingText')} />;
}
