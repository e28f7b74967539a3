import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { FileProtectOutlined, TeamOutlined } from '@ant-design/icons';
import { ImagePicker } from '../accounts/ImagePicker';

export type AgencyFormState = {
  name: string;
  contactPerson: string;
  phone: string;
  creditCode: string;
  city: string;
  description: string;
  licenseUploadId?: string;
  logoUploadId?: string;
};
export const emptyAgency: AgencyFormState = { name: '', contactPerson: '', phone: '', creditCode: '', city: '', description: '' };

/** The request's `agency` part from the form (blank optional fields left out). */
export const agencyRequest = (v: AgencyFormState) => ({
  name: v.name,
  contactPerson: v.contactPerson,
  phone: v.phone,
  creditCode: v.creditCode,
  licenseUploadId: v.licenseUploadId as string,
  city: v.city || null,
  description: v.description || null,
  logoUploadId: v.logoUploadId ?? null,
});

type Props = {
  idPrefix: string;
  value: AgencyFormState;
  onChange: (patch: Partial<AgencyFormState>) => void;
  errorAt: (path: string) => string | undefined;
  uploadsEnabled: boolean;
  onBusyChange: (busy: boolean) => void;
  /** 机构资料: the logo it has now (sign-up: none) */
  currentLogoUrl?: string | null;
};

/** 机构 sign-up (decision 0044) and 机构资料 (decision 0065): the organisation, its 统一社会信用代码 and business licence, a logo. */
export function AgencySignupFields({ idPrefix, value, onChange, errorAt, uploadsEnabled, onBusyChange, currentLogoUrl = null }: Props) {
  const { t } = useTranslation('agencies');
  const field = (key: 'name' | 'contactPerson' | 'phone' | 'creditCode' | 'city', required: boolean, max: number) => {
    const error = errorAt(`agency.${key}`);
    return (
      <Form.Item label={t(`signup.${key}`)} htmlFor={`${idPrefix}-agency-${key}`} required={required} validateStatus={error ? 'error' : undefined} help={error}>
        <Input
          id={`${idPrefix}-agency-${key}`}
          size="large"
          maxLength={max}
          value={value[key]}
          onChange={(e) => onChange({ [key]: key === 'creditCode' ? e.target.value.toUpperCase() : e.target.value })}
          aria-invalid={error ? true : undefined}
          data-testid={`signup-agency-${key}`}
        />
      </Form.Item>
    );
  };
  return (
    <fieldset className="signup-agency" data-testid="signup-agency">
      <legend className="form-label">{t('signup.title')}</legend>
      {field('name', true, 100)}
      <div className="form-grid-2">
        {field('contactPerson', true, 40)}
        {field('phone', true, 30)}
      </div>
      {field('creditCode', true, 60)}
      {field('city', false, 40)}
      <Form.Item label={t('signup.description')} htmlFor={`${idPrefix}-agency-description`}>
        <Input.TextArea
          id={`${idPrefix}-agency-description`}
          rows={3}
          maxLength={2000}
          value={value.description}
          onChange={(e) => onChange({ description: e.target.value })}
          data-testid="signup-agency-description"
        />
      </Form.Item>
      {uploadsEnabled ? (
        <>
          <ImagePicker
            purpose="business-license"
            shape="document"
            currentUrl={null}
            label={t('signup.license')}
            uploadText={t('signup.uploadLicense')}
            changeText={t('signup.changeLicense')}
            placeholder={<FileProtectOutlined />}
            hint={t('signup.licenseHint')}
            readyText={t('signup.licenseReady')}
            error={errorAt('agency.licenseUploadId')}
            onUploaded={(r) => onChange({ licenseUploadId: r?.id })}
            onBusyChange={onBusyChange}
            testId="signup-agency-license"
            localPreview
          />
          <ImagePicker
            purpose="logo"
            shape="square"
            currentUrl={currentLogoUrl}
            label={t('signup.logo')}
            uploadText={t('signup.uploadLogo')}
            changeText={t('signup.changeLogo')}
            placeholder={<TeamOutlined />}
            readyText={t('signup.logoReady')}
            onUploaded={(r) => onChange({ logoUploadId: r?.id })}
            onBusyChange={onBusyChange}
            testId="signup-agency-logo"
          />
        </>
      ) : (
        <p className="signup-form__note">{t('signup.verifyFirst')}</p>
      )}
    </fieldset>
  );
}
