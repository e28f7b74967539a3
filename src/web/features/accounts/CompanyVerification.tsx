import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { ClockCircleOutlined, CloseCircleOutlined, FileProtectOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { creditCodeField, verificationRequestBody } from '@shared/schemas/profiles';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { useFieldText } from '../auth/useFieldText';
import { ImagePicker } from './ImagePicker';
import { useRequestVerification, type CompanyData } from './api';
import { useFormat } from './format';

type VerificationState = CompanyData['verificationState'];

const BADGE_CLASS: Record<VerificationState, string> = {
  verified: 'acc-badge acc-badge--verified',
  pending: 'acc-badge acc-badge--warn',
  rejected: 'acc-badge acc-badge--bad',
  unverified: 'acc-badge',
};

/** The hero's badge: 未认证 (with the way to request it) / 待审核 / 未通过 / 已认证 (decision 0028). */
export function VerificationBadge({ state, onApply }: { state: VerificationState; onApply: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <span className={BADGE_CLASS[state]} data-testid="company-verified-badge" data-verified={state === 'verified'} data-state={state}>
        {state === 'verified' && <SafetyCertificateFilled aria-hidden="true" />}
        {t(`company.verification.badge.${state}`)}
      </span>
      {(state === 'unverified' || state === 'rejected') && (
        <button type="button" className="acc-badge-link" onClick={onApply} data-testid="company-verify-link">
          {state === 'rejected' ? t('company.verification.reapply') : t('company.verification.apply')}
        </button>
      )}
    </>
  );
}

type CardProps = {
  userId: string;
  data: CompanyData;
  formOpen: boolean;
  onFormOpen: (open: boolean) => void;
};

/** 企业认证 on /company-profile: the state, the reviewer's reason, and the request form (licence + code). */
export function VerificationCard({ userId, data, formOpen, onFormOpen }: CardProps) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('accounts');
  const { profile, verification: v, verificationState: state, verificationLapsed: lapsed } = data;
  if (!profile) return null;

  const applyButton = (label: string) => (
    <Button type="primary" block size="large" icon={<FileProtectOutlined />} onClick={() => onFormOpen(true)} data-testid="company-verify-apply">
      {label}
    </Button>
  );

  let body: React.ReactNode;
  if (state === 'verified') {
    body = (
      <>
        <p className="verify-state verify-state--ok">
          <SafetyCertificateFilled aria-hidden="true" /> {t('company.verification.verifiedText')}
        </p>
        {profile.businessLicense && (
          <p className="acc-muted" data-testid="company-verification-code">
            {t('company.verification.verifiedCode', { code: profile.businessLicense })}
          </p>
        )}
        <p className="acc-muted">{t('company.verification.keepNote')}</p>
      </>
    );
  } else if (state === 'pending' && v) {
    body = (
      <>
        <p className="verify-state verify-state--pending">
          <ClockCircleOutlined aria-hidden="true" /> <strong>{t('company.verification.pending')}</strong>
        </p>
        <p className="acc-muted" data-testid="company-verification-time">
          {t('company.verification.pendingText', { time: formatDateTime(v.submittedAt) })}
        </p>
        {v.creditCode && <p className="acc-muted">{t('company.verification.verifiedCode', { code: v.creditCode })}</p>}
      </>
    );
  } else if (state === 'rejected' && v) {
    body = (
      <>
        <p className="verify-state verify-state--bad">
          <CloseCircleOutlined aria-hidden="true" /> <strong>{t('company.verification.rejected')}</strong>
        </p>
        <p className="acc-muted">{t('company.verification.rejectedText', { time: formatDateTime(v.submittedAt) })}</p>
        {v.note && (
          <p className="verify-note" data-testid="company-verification-note">
            {t('company.verification.note', { note: v.note })}
          </p>
        )}
        {!formOpen && applyButton(t('company.verification.reapply'))}
      </>
    );
  } else {
    body = (
      <>
        {lapsed && (
          <p className="verify-note" data-testid="company-verification-lapsed">
            {t('company.verification.lapsed')}
          </p>
        )}
        {v?.status === 'withdrawn' && !lapsed && (
          <p className="verify-note" data-testid="company-verification-withdrawn">
            {t('company.verification.withdrawn')}
          </p>
        )}
        <p className="acc-muted">{t('company.verification.intro')}</p>
        {!formOpen && applyButton(t('company.verification.apply'))}
      </>
    );
  }

  return (
    <section
      id="company-verification"
      className="card acc-card"
      aria-labelledby="company-verification-title"
      data-testid="company-verification"
      data-state={state}
    >
      <h2 id="company-verification-title" className="acc-card__title">
        {t('company.sections.verification')}
      </h2>
      <div className="verify-body" aria-live="polite">
        {body}
      </div>
      {formOpen && (state === 'unverified' || state === 'rejected') && (
        <VerificationForm
          userId={userId}
          companyName={profile.companyName}
          defaultCode={profile.businessLicense ?? v?.creditCode ?? ''}
          onDone={() => onFormOpen(false)}
          onCancel={() => onFormOpen(false)}
        />
      )}
    </section>
  );
}

type FormProps = { userId: string; companyName: string; defaultCode: string; onDone: () => void; onCancel: () => void };

/**
 * The request: the 统一社会信用代码 (checked as typed, the same function as the server's) and the licence
 * image, a private upload only the company and the reviewers see. The legal name is the profile's.
 */
function VerificationForm({ userId, companyName, defaultCode, onDone, onCancel }: FormProps) {
  const { t } = useTranslation('accounts');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const feedback = useFeedback();
  const apply = useRequestVerification(userId);
  const [code, setCode] = useState(defaultCode);
  const [licenseId, setLicenseId] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const codeRef = useRef<InputRef>(null);

  useEffect(() => {
    codeRef.current?.focus({ preventScroll: true });
    document.getElementById('verification-form')?.scrollIntoView({ block: 'nearest' });
  }, []);

  const checkCode = () => {
    if (!code.trim()) return;
    const r = creditCodeField.safeParse(code);
    setErrors((e) => (r.success ? withoutPrefix(e, 'creditCode') : { ...e, creditCode: { code: r.error.issues[0]?.message ?? 'CREDIT_CODE_INVALID' } }));
  };

  const submit = () => {
    setFormError(null);
    const parsed = verificationRequestBody.safeParse({ creditCode: code, licenseUploadId: licenseId });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    apply.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(t('company.verification.applied'));
        onDone();
      },
      onError: (e) => {
        if (isApiError(e)) setErrors(serverFieldErrors(e.fields));
        setFormError(apiErrorText(e, t('common.saveFailed'), t('common.saveError')));
      },
    });
  };

  const codeError = fieldText(errors.creditCode);
  return (
    <Form id="verification-form" layout="vertical" onFinish={submit} noValidate className="verify-form" data-testid="verification-form">
      <h3 className="verify-form__title">{t('company.verification.form.title')}</h3>
      <p className="verify-form__subject">
        {t('company.verification.form.subject')}
        <strong data-testid="verification-subject">{companyName}</strong>
      </p>
      <p className="acc-muted verify-form__hint">{t('company.verification.form.subjectHint')}</p>
      <Form.Item
        label={t('company.verification.form.code')}
        htmlFor="verify-code"
        required
        validateStatus={codeError ? 'error' : undefined}
        help={codeError ? <span id="verify-code-help">{codeError}</span> : t('company.verification.form.codeHint')}
      >
        <Input
          id="verify-code"
          ref={codeRef}
          value={code}
          maxLength={24}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder={t('company.verification.form.codePlaceholder')}
          className="verify-form__code"
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setErrors((x) => withoutPrefix(x, 'creditCode'));
            setFormError(null);
          }}
          onBlur={checkCode}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? 'verify-code-help' : undefined}
          data-testid="verification-code"
        />
      </Form.Item>
      <ImagePicker
        purpose="business-license"
        shape="document"
        currentUrl={null}
        label={t('company.verification.form.license')}
        uploadText={t('company.verification.form.uploadLicense')}
        changeText={t('company.verification.form.changeLicense')}
        placeholder={<FileProtectOutlined />}
        hint={t('company.verification.form.licenseHint')}
        readyText={t('company.verification.form.licenseReady')}
        error={fieldText(errors.licenseUploadId)}
        onUploaded={(r) => {
          setLicenseId(r?.id);
          setErrors((x) => withoutPrefix(x, 'licenseUploadId'));
          setFormError(null);
        }}
        onBusyChange={setUploading}
        testId="verification-license"
      />
      {formError && <Alert type="error" showIcon title={formError} className="acc-alert" data-testid="verification-error" />}
      <div className="verify-form__actions">
        <Button onClick={onCancel} disabled={apply.isPending} data-testid="verification-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={apply.isPending} disabled={uploading} data-testid="verification-submit">
          {apply.isPending ? t('company.verification.applying') : t('company.verification.form.submit')}
        </Button>
      </div>
    </Form>
  );
}
