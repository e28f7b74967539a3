import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'antd';
import { FileAddOutlined, SafetyCertificateOutlined, ShopOutlined } from '@ant-design/icons';
import './auth.css';

const STEPS = [
  { key: 'profile', to: '/company-profile', icon: <ShopOutlined /> },
  { key: 'verify', to: '/company-profile?verify=1', icon: <SafetyCertificateOutlined /> },
  { key: 'publish', to: '/company-tasks?publish=1', icon: <FileAddOutlined /> },
] as const;

/**
 * The welcome a company sees after signing up (decision 0028): the three next steps — the company
 * profile, verification with the business licence, the first task — each a link that goes there.
 * It replaces the original's notice that influencer selection was "being updated".
 */
export default function CompanyWelcomeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      centered
      destroyOnHidden
      width={560}
      title={t('companyWelcome.title')}
      footer={
        <Button onClick={onClose} data-testid="company-welcome-later">
          {t('companyWelcome.later')}
        </Button>
      }
    >
      <div className="company-welcome" data-testid="company-welcome">
        <p className="company-welcome__intro">{t('companyWelcome.intro')}</p>
        <ol className="company-welcome__steps">
          {STEPS.map((s, i) => (
            <li key={s.key} className="company-welcome__step" data-testid={`welcome-step-${s.key}`}>
              <span className="company-welcome__icon" aria-hidden="true">
                {s.icon}
              </span>
              <div className="company-welcome__body">
                <p className="company-welcome__label">{t('companyWelcome.stepLabel', { n: i + 1 })}</p>
                <h3 className="company-welcome__title">{t(`companyWelcome.steps.${s.key}.title`)}</h3>
                <p className="company-welcome__text">{t(`companyWelcome.steps.${s.key}.text`)}</p>
                <Link to={s.to} onClick={onClose} className={`btn btn--sm ${i === 0 ? 'btn--primary' : 'btn--ghost'} company-welcome__action`}>
                  {t(`companyWelcome.steps.${s.key}.action`)}
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}
