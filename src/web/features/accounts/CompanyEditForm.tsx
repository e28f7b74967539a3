import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Select } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { COMPANY_INDUSTRIES, COMPANY_SIZES } from '@shared/options';
import { normalizeCreditCode } from '@shared/creditCode';
import { companyProfileUpdate } from '@shared/schemas/profiles';
import type { Schema } from '../../lib/client';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useFieldText } from '../auth/useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { ImagePicker } from './ImagePicker';
import { useSaveCompany } from './api';
import { useFormat } from './format';

type CompanyProfile = Schema<'CompanyProfile'>;
type VerificationState = Schema<'CompanyProfileResponse'>['verificationState'];

type Props = {
  userId: string;
  profile: CompanyProfile | null;
  /** a verified (or waiting) company is told before saving that a new name or code ends it */
  verificationState: VerificationState;
  /** prefills the contact email of a new profile */
  defaultEmail: string;
  onDone: () => void;
  /** absent for a company without a profile yet (nothing to go back to) */
  onCancel?: () => void;
};

type TextField = 'companyName' | 'contactPerson' | 'businessLicense' | 'website' | 'description' | 'address' | 'contactPhone' | 'contactEmail';

/** Edit mode of /company-profile: name and contact person required, URL-typed website, fixed lists. */
export function CompanyEditForm({ userId, profile: c, verificationState, defaultEmail, onDone, onCancel }: Props) {
  const { t } = useTranslation('accounts');
  const { errorText, apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const feedback = useFeedback();
  const fmt = useFormat();
  const save = useSaveCompany(userId);

  const [v, setV] = useState<Record<TextField, string>>({
    companyName: c?.companyName ?? '',
    contactPerson: c?.contactPerson ?? '',
    businessLicense: c?.businessLicense ?? '',
    website: c?.website ?? '',
    description: c?.description ?? '',
    address: c?.address ?? '',
    contactPhone: c?.contactPhone ?? '',
    contactEmail: c ? (c.contactEmail ?? '') : defaultEmail,
  });
  const [industry, setIndustry] = useState<string | undefined>(c?.industry ?? undefined);
  const [companySize, setCompanySize] = useState<string | undefined>(c?.companySize ?? undefined);
  const [logoUploadId, setLogoUploadId] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // the legal name or the 统一社会信用代码 differs from what the verification vouches for (decision 0028)
  const identityChanged =
    c !== null && (v.companyName.trim() !== c.companyName || (normalizeCreditCode(v.businessLicense) || null) !== (c.businessLicense ?? null));
  const identityWarning =
    identityChanged && (verificationState === 'verified' || verificationState === 'pending')
      ? t(`company.verification.identityWarning.${verificationState}`)
      : null;

  const clear = (key: string) => {
    setErrors((e) => withoutPrefix(e, key));
    setFormError(null);
  };
  const isRequiredMissing = (key: string) => errors[key]?.code === 'COMPANY_REQUIRED_FIELDS';
  const item = (key: string) => {
    const missing = isRequiredMissing(key);
    // the two required fields share one banner message (公司名称和联系人不能为空)
    const text = missing ? undefined : fieldText(errors[key]);
    return {
      validateStatus: missing || text ? ('error' as const) : undefined,
      help: text ? <span id={`co-${key}-help`}>{text}</span> : undefined,
    };
  };
  const aria = (key: string) =>
    isRequiredMissing(key)
      ? { 'aria-invalid': true, 'aria-describedby': 'co-form-error' }
      : errors[key]
        ? { 'aria-invalid': true, 'aria-describedby': `co-${key}-help` }
        : {};

  const input = (key: TextField, opts: { type?: string; maxLength: number; autoComplete?: string; testId: string; required?: boolean }) => (
    <Input
      id={`co-${key}`}
      type={opts.type ?? 'text'}
      maxLength={opts.maxLength}
      autoComplete={opts.autoComplete}
      required={opts.required}
      value={v[key]}
      placeholder={t(`company.fields.${key}Placeholder`)}
      onChange={(e) => {
        const value = e.target.value;
        setV((s) => ({ ...s, [key]: value }));
        clear(key);
      }}
      {...aria(key)}
      data-testid={opts.testId}
    />
  );

  const submit = () => {
    setFormError(null);
    const parsed = companyProfileUpdate.safeParse({ ...v, industry: industry ?? null, companySize: companySize ?? null, logoUploadId });
    if (!parsed.success) {
      const errs = issuesToErrors(parsed.error.issues);
      setErrors(errs);
      if (Object.values(errs).some((e) => e.code === 'COMPANY_REQUIRED_FIELDS')) setFormError(errorText('COMPANY_REQUIRED_FIELDS'));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(t('common.saved'));
        onDone();
      },
      onError: (e) => {
        if (isApiError(e)) setErrors(serverFieldErrors(e.fields));
        setFormError(apiErrorText(e, c ? t('common.saveFailed') : t('common.createFailed'), t('common.saveError')));
      },
    });
  };

  return (
    <section className="card acc-card acc-form" aria-labelledby="co-edit-title" data-testid="company-edit-form">
      <h2 id="co-edit-title" className="acc-card__title">
        {t('common.edit')}
      </h2>
      <Form layout="vertical" requiredMark onFinish={submit} noValidate className="acc-form__body">
        <ImagePicker
          purpose="logo"
          shape="square"
          currentUrl={c?.logoUrl ?? null}
          label={t('company.fields.logo')}
          uploadText={t('company.uploadLogo')}
          changeText={t('company.changeLogo')}
          placeholder={<ShopOutlined />}
          onUploaded={(r) => setLogoUploadId(r?.id)}
          onBusyChange={setUploading}
          testId="company-logo-upload"
        />

        <h3 className="acc-form__section">{t('company.sections.basic')}</h3>
        <div className="acc-grid-2 acc-form__grid">
          <Form.Item label={t('company.fields.companyName')} htmlFor="co-companyName" required {...item('companyName')}>
            {input('companyName', { maxLength: 100, autoComplete: 'organization', testId: 'company-name', required: true })}
          </Form.Item>
          <Form.Item label={t('company.fields.contactPerson')} htmlFor="co-contactPerson" required {...item('contactPerson')}>
            {input('contactPerson', { maxLength: 40, autoComplete: 'name', testId: 'company-contact-person', required: true })}
          </Form.Item>
          <Form.Item label={t('company.fields.industry')} htmlFor="co-industry" {...item('industry')}>
            <Select
              id="co-industry"
              allowClear
              value={industry}
              onChange={(val: string | undefined) => {
                setIndustry(val);
                clear('industry');
              }}
              placeholder={t('company.fields.industryPlaceholder')}
              options={COMPANY_INDUSTRIES.map((o) => ({ value: o.value, label: fmt.option(COMPANY_INDUSTRIES, o.value) }))}
              data-testid="company-industry"
            />
          </Form.Item>
          <Form.Item label={t('company.fields.companySize')} htmlFor="co-size" {...item('companySize')}>
            <Select
              id="co-size"
              allowClear
              value={companySize}
              onChange={(val: string | undefined) => {
                setCompanySize(val);
                clear('companySize');
              }}
              placeholder={t('company.fields.companySizePlaceholder')}
              options={COMPANY_SIZES.map((o) => ({ value: o.value, label: fmt.option(COMPANY_SIZES, o.value) }))}
              data-testid="company-size"
            />
          </Form.Item>
          <Form.Item label={t('company.fields.businessLicense')} htmlFor="co-businessLicense" {...item('businessLicense')}>
            {input('businessLicense', { maxLength: 60, testId: 'company-business-license' })}
          </Form.Item>
          <Form.Item label={t('company.fields.website')} htmlFor="co-website" {...item('website')}>
            {input('website', { type: 'url', maxLength: 500, autoComplete: 'url', testId: 'company-website' })}
          </Form.Item>
        </div>

        <h3 className="acc-form__section">{t('company.sections.contact')}</h3>
        <div className="acc-grid-2 acc-form__grid">
          <Form.Item label={t('company.fields.contactPhone')} htmlFor="co-contactPhone" {...item('contactPhone')}>
            {input('contactPhone', { type: 'tel', maxLength: 30, autoComplete: 'tel', testId: 'company-contact-phone' })}
          </Form.Item>
          <Form.Item label={t('company.fields.contactEmail')} htmlFor="co-contactEmail" {...item('contactEmail')}>
            {input('contactEmail', { type: 'email', maxLength: 254, autoComplete: 'email', testId: 'company-contact-email' })}
          </Form.Item>
        </div>
        <Form.Item label={t('company.fields.address')} htmlFor="co-address" {...item('address')}>
          {input('address', { maxLength: 200, autoComplete: 'street-address', testId: 'company-address' })}
        </Form.Item>
        <Form.Item label={t('company.fields.description')} htmlFor="co-description" {...item('description')}>
          <Input.TextArea
            id="co-description"
            value={v.description}
            maxLength={2000}
            showCount
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={t('company.fields.descriptionPlaceholder')}
            onChange={(e) => {
              const value = e.target.value;
              setV((s) => ({ ...s, description: value }));
              clear('description');
            }}
            data-testid="company-description"
          />
        </Form.Item>

        {identityWarning && (
          <Alert type="warning" showIcon title={identityWarning} className="acc-alert" role="status" data-testid="company-identity-warning" />
        )}
        {formError && <Alert type="error" showIcon title={<span id="co-form-error">{formError}</span>} className="acc-alert" data-testid="company-error" />}

        <div className="acc-form__actions">
          {onCancel && (
            <Button size="large" onClick={onCancel} disabled={save.isPending} data-testid="company-cancel">
              {t('common.cancel')}
            </Button>
          )}
          <Button type="primary" size="large" htmlType="submit" loading={save.isPending} disabled={uploading} data-testid="company-save">
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
