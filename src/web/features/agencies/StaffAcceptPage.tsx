import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { acceptAgencyStaffInvitation } from '@shared/schemas/agencyStaff';
import { Loading, StateBox } from '../../components/PageState';
import { client, data, type Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { issuesToErrors, serverFieldErrors, type FieldErrors } from '../../lib/validation';
import { isApiError } from '../../lib/api';
import { meQueryKey } from '../auth/api';
import './agencies.css';

const INVITATION_KEY = 'agency-staff-invitation';

/** /agency-staff/accept?token= (decision 0067): the invited team member sets a name and password, and is signed in. */
export default function StaffAcceptPage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('staffAccept.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: [INVITATION_KEY, token],
    queryFn: () => data(client.POST('/api/agency-staff/invitation', { body: { token } })),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  if (token && info.isPending) return <Loading label={t('staffAccept.loading')} />;
  if (!token || info.isError || !info.data)
    return (
      <div className="container ag-page ag-accept">
        <StateBox tone="error" level={1} title={t('staffAccept.invalid')} text={t('staffAccept.invalidHint')} testId="staff-accept-invalid" />
      </div>
    );
  return <AcceptForm token={token} info={info.data} />;
}

function AcceptForm({ token, info }: { token: string; info: Schema<'AgencyStaffInvitationInfo'> }) {
  const { t } = useTranslation('agencies');
  const { t: tc } = useTranslation();
  const { errorText, apiErrorText } = useErrorText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [value, setValue] = useState({ name: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (body: Schema<'AcceptAgencyStaffInvitation'>) => data(client.POST('/api/agency-staff/accept', { body })),
    onSuccess: (r) => {
      qc.setQueryData(meQueryKey, r.user);
      // everything may depend on who is signed in — but the invitation just used is not asked again
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== INVITATION_KEY });
      void navigate('/agency', { replace: true });
    },
    onError: (err) => {
      if (isApiError(err) && err.fields) setErrors(serverFieldErrors(err.fields));
      setError(apiErrorText(err, t('staffAccept.failed')));
    },
  });
  const submit = () => {
    const parsed = acceptAgencyStaffInvitation.safeParse({ token, ...value });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setError(null);
    accept.mutate(parsed.data);
  };
  const field = (key: keyof typeof value) => {
    const e = errors[key];
    return e ? { validateStatus: 'error' as const, help: errorText(e.code, e.params) } : {};
  };
  const set = (key: keyof typeof value) => (e: { target: { value: string } }) => {
    setValue((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => {
      const next = { ...x };
      delete next[key];
      return next;
    });
  };
  const role = tc(`userMenu.staffRoles.${info.role}`);
  return (
    <div className="container ag-page ag-accept" data-testid="staff-accept">
      <section className="ag-card">
        <h1 className="ag-title">{t('staffAccept.title')}</h1>
        <p className="ag-text" data-testid="staff-accept-invited">
          {t('staffAccept.invited', { agency: info.agencyName, role })}
        </p>
        <p className="ag-muted">{t(`staff.roleHints.${info.role}`)}</p>
        <p className="ag-muted" data-testid="staff-accept-email">
          {t('staffAccept.email', { email: info.email })}
        </p>
        {info.existingAccount && <Alert type="info" showIcon title={t('staffAccept.existing')} />}
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="staff-accept-error" />}
        <Form layout="vertical" requiredMark onFinish={submit} noValidate className="ag-accept__form">
          <Form.Item label={t('staffAccept.name')} htmlFor="staff-name" required {...field('name')}>
            <Input
              id="staff-name"
              autoComplete="name"
              value={value.name}
              onChange={set('name')}
              placeholder={t('staffAccept.namePlaceholder')}
              data-testid="staff-accept-name"
            />
          </Form.Item>
          <Form.Item label={t('staffAccept.password')} htmlFor="staff-password" required {...field('password')}>
            <Input.Password
              id="staff-password"
              autoComplete="new-password"
              value={value.password}
              onChange={set('password')}
              data-testid="staff-accept-password"
            />
          </Form.Item>
          <Form.Item label={t('staffAccept.confirmPassword')} htmlFor="staff-confirm" required {...field('confirmPassword')}>
            <Input.Password
              id="staff-confirm"
              autoComplete="new-password"
              value={value.confirmPassword}
              onChange={set('confirmPassword')}
              data-testid="staff-accept-confirm"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={accept.isPending} data-testid="staff-accept-submit">
            {t('staffAccept.accept')}
          </Button>
        </Form>
      </section>
    </div>
  );
}
