import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { signupRequest } from '@shared/schemas/auth';
import type { Me } from './api';
import type { SignupUserType, TalentType } from '@shared/options';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useSignup } from './api';
import { EmailVerification } from './EmailVerification';
import { isUploading, uploadedIds } from './PortfolioUpload';
import { TalentQuestionnaire, emptyTalent, talentRequest, type TalentDetailState, type TalentState } from './TalentQuestionnaire';
import { UserTypePicker } from './UserTypePicker';
import { AgencySignupFields, agencyRequest, emptyAgency, type AgencyFormState } from '../agencies/AgencySignupFields';
import { useFieldText } from './useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { useEarlyField } from '../../lib/useEarlyInput';

/** Paths this form shows an error message at (others also get the banner). */
const SHOWN_FIELD =
  /^(email|password|confirmPassword|talent\.types|talent\.details\.[^.]+\.(experience|portfolioFileIds|portfolioLinks)|agency\.(name|contactPerson|phone|creditCode|city|licenseUploadId))$/;
const isShownField = (key: string) => SHOWN_FIELD.test(key);

type Props = {
  variant: 'dialog' | 'page';
  initialUserType: SignupUserType;
  onSuccess: (user: Me, userType: SignupUserType) => void;
};

/**
 * The sign-up form shared by the dialog and /signup: user type, email + code (server-verified),
 * password + confirmation and, for influencers, the talent questionnaire. Validated with the
 * shared zod schema (its issue messages are error codes) and by the server (error.fields).
 */
export function SignupForm({ variant, initialUserType, onSuccess }: Props) {
  const { t } = useTranslation('auth');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const idPrefix = `signup-${useId().replace(/:/g, '')}`;
  const signup = useSignup();

  const [userType, setUserType] = useState<SignupUserType>(initialUserType);
  const [email, setEmail] = useState('');
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [talent, setTalent] = useState<TalentState>(emptyTalent);
  const [agency, setAgency] = useState<AgencyFormState>(emptyAgency);
  const [agencyBusy, setAgencyBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // typed into the server's /signup before the code arrived (the email: EmailVerification)
  useEarlyField(`${idPrefix}-password`, password, setPassword);
  useEarlyField(`${idPrefix}-confirm`, confirmPassword, setConfirmPassword);

  const isInfluencer = userType === 'influencer';
  const input = useMemo(
    () => ({
      email,
      password,
      confirmPassword,
      userType,
      talent: isInfluencer ? talentRequest(talent, uploadedIds) : undefined,
      agency: userType === 'agency' ? agencyRequest(agency) : undefined,
    }),
    [email, password, confirmPassword, userType, isInfluencer, talent, agency],
  );
  const parsed = useMemo(() => signupRequest.safeParse(input), [input]);
  const clientErrors: FieldErrors = useMemo(() => (submitted && !parsed.success ? issuesToErrors(parsed.error.issues) : {}), [submitted, parsed]);

  const normalizedEmail = parsed.success ? parsed.data.email : email.trim().toLowerCase();
  const emailVerified = verifiedEmail !== null && verifiedEmail === normalizedEmail;
  const uploading = (isInfluencer && talent.types.some((tt) => isUploading(talent.details[tt].files))) || (userType === 'agency' && agencyBusy);

  const errorAt = (path: string) => fieldText(clientErrors[path] ?? serverErrors[path]);
  const clear = (path: string) => {
    setServerErrors((e) => withoutPrefix(e, path));
    setFormError(null);
  };

  const setDetail = (type: TalentType, patch: Partial<TalentDetailState>) => {
    setTalent((v) => ({ ...v, details: { ...v.details, [type]: { ...v.details[type], ...patch } } }));
    for (const k of Object.keys(patch)) {
      clear(`talent.details.${type}.${k === 'files' ? 'portfolioFileIds' : k === 'links' ? 'portfolioLinks' : k}`);
    }
  };

  const scrollToFirstError = () =>
    window.setTimeout(() => {
      const el = document.querySelector(`[data-form="${idPrefix}"] .ant-form-item-has-error`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
    }, 0);

  const submit = () => {
    setSubmitted(true);
    setFormError(null);
    if (!emailVerified) {
      setFormError(t('signup.verifyFirst'));
      return;
    }
    if (uploading) {
      setFormError(t('signup.uploadsPending'));
      return;
    }
    if (!parsed.success) {
      scrollToFirstError();
      return;
    }
    signup.mutate(parsed.data, {
      onSuccess: (res) => onSuccess(res.user, parsed.data.userType),
      onError: (err) => {
        if (isApiError(err)) {
          if (err.code === 'EMAIL_NOT_VERIFIED') setVerifiedEmail(null);
          const fields = serverFieldErrors(err.fields);
          const keys = Object.keys(fields);
          if (keys.length > 0) {
            setServerErrors(fields);
            scrollToFirstError();
            // every problem is shown at its field: no banner needed
            if (keys.every(isShownField)) return;
          }
        }
        setFormError(apiErrorText(err, t('signup.failed'), t('signup.unavailable')));
      },
    });
  };

  const pwdError = errorAt('password');
  const confirmError = errorAt('confirmPassword');
  const emailError = errorAt('email');

  return (
    <Form layout="vertical" requiredMark onFinish={submit} className={`signup-form signup-form--${variant}`} data-form={idPrefix} data-testid="signup-form">
      <UserTypePicker
        value={userType}
        onChange={(v) => {
          setUserType(v);
          clear('userType');
          clear('talent');
        }}
      />

      <EmailVerification
        idPrefix={idPrefix}
        email={email}
        onEmailChange={(v) => {
          setEmail(v);
          clear('email');
        }}
        verifiedEmail={verifiedEmail}
        onVerified={setVerifiedEmail}
        emailError={emailError}
      />

      <div className={variant === 'page' ? 'form-grid-2' : undefined}>
        <Form.Item
          label={t('signup.password')}
          htmlFor={`${idPrefix}-password`}
          required
          validateStatus={pwdError ? 'error' : undefined}
          help={pwdError ? <span id={`${idPrefix}-password-help`}>{pwdError}</span> : undefined}
        >
          <Input.Password
            id={`${idPrefix}-password`}
            size="large"
            autoComplete="new-password"
            prefix={<LockOutlined aria-hidden="true" />}
            placeholder={t('signup.passwordPlaceholder')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clear('password');
            }}
            aria-invalid={pwdError ? true : undefined}
            aria-describedby={pwdError ? `${idPrefix}-password-help` : undefined}
            data-testid="signup-password"
          />
        </Form.Item>
        <Form.Item
          label={t('signup.confirmPassword')}
          htmlFor={`${idPrefix}-confirm`}
          required
          validateStatus={confirmError ? 'error' : undefined}
          help={confirmError ? <span id={`${idPrefix}-confirm-help`}>{confirmError}</span> : undefined}
        >
          <Input.Password
            id={`${idPrefix}-confirm`}
            size="large"
            autoComplete="new-password"
            prefix={<LockOutlined aria-hidden="true" />}
            placeholder={t('signup.confirmPlaceholder')}
            value={confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              clear('confirmPassword');
            }}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${idPrefix}-confirm-help` : undefined}
            data-testid="signup-confirm"
          />
        </Form.Item>
      </div>

      {isInfluencer && (
        <TalentQuestionnaire
          idPrefix={idPrefix}
          value={talent}
          onTypesChange={(types) => {
            setTalent((v) => ({ ...v, types }));
            clear('talent.types');
          }}
          onDetailChange={setDetail}
          errorAt={(p) => errorAt(`talent.${p}`)}
          uploadsEnabled={emailVerified}
        />
      )}

      {userType === 'agency' && (
        <AgencySignupFields
          idPrefix={idPrefix}
          value={agency}
          onChange={(patch) => {
            setAgency((v) => ({ ...v, ...patch }));
            for (const k of Object.keys(patch)) clear(`agency.${k}`);
          }}
          errorAt={errorAt}
          uploadsEnabled={emailVerified}
          onBusyChange={setAgencyBusy}
        />
      )}

      {formError && <Alert type="error" showIcon title={formError} className="form-alert" data-testid="signup-error" />}

      <div className="signup-form__submit">
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={signup.isPending}
          disabled={!emailVerified || uploading}
          data-testid="signup-submit"
        >
          {signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
        {!emailVerified ? (
          <p className="signup-form__note" data-testid="signup-verify-first">
            {t('signup.verifyFirst')}
          </p>
        ) : uploading ? (
          <p className="signup-form__note">{t('signup.uploadsPending')}</p>
        ) : null}
      </div>
    </Form>
  );
}
