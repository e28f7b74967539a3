import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, SendOutlined } from '@ant-design/icons';
import { useBusinessValues } from '../../app/siteSettings';
import { CONTACT_USER_TYPES, contactRequest, type ContactUserType } from '@shared/schemas/contact';
import { isApiError } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useEarlyField } from '../../lib/useEarlyInput';
import { issuesToErrors, serverFieldErrors, type FieldErrors } from '../../lib/validation';
import './site.css';

type Form = { name: string; email: string; phone: string; subject: string; message: string; userType: ContactUserType };
const EMPTY: Form = { name: '', email: '', phone: '', subject: '', message: '', userType: 'general' };
/** how long the success message stays (part 2 §9: 3 s), after which the form is ready again */
const SUCCESS_MS = 3000;

/** /contact — the contact form (part 2 §2): stored, mailed to support, the form resets after success. */
export default function ContactPage() {
  const { t } = useTranslation('site');
  const businessValues = useBusinessValues();
  usePageTitle(t('contact.documentTitle'));
  const { errorText, apiErrorText } = useErrorText();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  // typed into the server's page before the code arrived: kept (decision 0046)
  useEarlyField(`${id}-name`, form.name, (v) => setForm((f) => ({ ...f, name: v })));
  useEarlyField(`${id}-email`, form.email, (v) => setForm((f) => ({ ...f, email: v })));
  useEarlyField(`${id}-phone`, form.phone, (v) => setForm((f) => ({ ...f, phone: v })));
  useEarlyField(`${id}-subject`, form.subject, (v) => setForm((f) => ({ ...f, subject: v })));
  useEarlyField(`${id}-message`, form.message, (v) => setForm((f) => ({ ...f, message: v })));
  const send = useMutation({ mutationFn: (body: Schema<'ContactRequest'>) => data(client.POST('/api/contact', { body })) });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const set = (k: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined as never }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = contactRequest.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setForm(EMPTY);
        setSent(true);
      },
      onError: (err) => {
        if (isApiError(err) && err.fields) setErrors(serverFieldErrors(err.fields));
        setFailure(apiErrorText(err, t('contact.failed')));
      },
    });
  };
  const field = (k: keyof Form) => ({
    id: `${id}-${k}`,
    value: form[k],
    status: errors[k] ? ('error' as const) : undefined,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `${id}-${k}-error` : undefined,
    'data-testid': `contact-${k}`,
  });
  const problem = (k: keyof Form) =>
    errors[k] ? (
      <p className="site-form__error" id={`${id}-${k}-error`} role="alert">
        {errorText(errors[k].code as never, errors[k].params)}
      </p>
    ) : null;

  return (
    <div className="container site-page site-contact" data-testid="site-contact">
      <header>
        <h1 className="site-doc__title">{t('contact.title')}</h1>
        <p className="site-doc__lead">{t('contact.lead', businessValues)}</p>
      </header>
      <div className="site-contact__grid">
        <form className="card site-form" onSubmit={submit} noValidate aria-busy={send.isPending || undefined}>
          {sent && (
            <p className="site-form__success" role="status" data-testid="contact-success">
              <CheckCircleFilled aria-hidden="true" /> {t('contact.success')}
            </p>
          )}
          {failure && (
            <p className="site-form__error" role="alert" data-testid="contact-failure">
              {failure}
            </p>
          )}
          <div className="site-form__row">
            <div className="site-form__field">
              <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
              <Input {...field('name')} maxLength={60} autoComplete="name" onChange={(e) => set('name')(e.target.value)} />
              {problem('name')}
            </div>
            <div className="site-form__field">
              <label htmlFor={`${id}-email`}>{t('contact.email')}</label>
              <Input {...field('email')} type="email" maxLength={254} autoComplete="email" onChange={(e) => set('email')(e.target.value)} />
              {problem('email')}
            </div>
          </div>
          <div className="site-form__row">
            <div className="site-form__field">
              <label htmlFor={`${id}-phone`}>{t('contact.phone')}</label>
              <Input {...field('phone')} type="tel" maxLength={30} autoComplete="tel" onChange={(e) => set('phone')(e.target.value)} />
              {problem('phone')}
            </div>
            <div className="site-form__field">
              <label htmlFor={`${id}-userType`}>{t('contact.userType')}</label>
              <Select
                id={`${id}-userType`}
                value={form.userType}
                onChange={(v: ContactUserType) => set('userType')(v)}
                options={CONTACT_USER_TYPES.map((u) => ({ value: u, label: t(`contact.userTypes.${u}`) }))}
                data-testid="contact-userType"
              />
            </div>
          </div>
          <div className="site-form__field">
            <label htmlFor={`${id}-subject`}>{t('contact.subject')}</label>
            <Input {...field('subject')} maxLength={120} onChange={(e) => set('subject')(e.target.value)} />
            {problem('subject')}
          </div>
          <div className="site-form__field">
            <label htmlFor={`${id}-message`}>{t('contact.message')}</label>
            <Input.TextArea {...field('message')} rows={6} maxLength={5000} showCount onChange={(e) => set('message')(e.target.value)} />
            {problem('message')}
          </div>
          <button type="submit" className="btn btn--primary" disabled={send.isPending} data-testid="contact-submit">
            <SendOutlined aria-hidden="true" /> {send.isPending ? t('contact.sending') : t('contact.submit')}
          </button>
        </form>
        <aside className="card site-contact__side">
          <h2>
            <ClockCircleOutlined aria-hidden="true" /> {t('contact.officeHours')}
          </h2>
          <p>{t('contact.officeHoursText', businessValues)}</p>
        </aside>
      </div>
    </div>
  );
}
