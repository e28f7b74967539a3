import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { agencyProfileUpdate } from '@shared/schemas/agencies';
import { SignInGate } from '../../components/SignInGate';
import { Loading, LoadFailed, StateBox } from '../../components/PageState';
import { client, data, type Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { isApiError } from '../../lib/api';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { AgencySignupFields, type AgencyFormState } from './AgencySignupFields';
import { meQueryKey } from '../auth/api';
import { agencyKeys } from './api';
import '../accounts/accounts.css';
import './agencies.css';

type Me = Schema<'Me'>;
type OwnProfile = Schema<'AgencyProfileResponse'>['profile'];
const profileKey = [...agencyKeys.all, 'profile'] as const;

/** /agency-profile (机构资料, decision 0065): the agency edits what it gave at sign-up; a new code or licence goes back to review. */
export default function AgencyProfilePage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('profile.title'));
  return (
    <SignInGate className="ag-page" testId="agency-profile-signin" title={t('workspace.signInTitle')} action={t('workspace.signIn')}>
      {(user) => <ProfileLoader user={user} />}
    </SignInGate>
  );
}

function ProfileLoader({ user }: { user: Me }) {
  const { t } = useTranslation('agencies');
  const isAgency = user.userType === 'agency';
  const q = useQuery({ queryKey: profileKey, queryFn: ({ signal }) => data(client.GET('/api/agency/profile', { signal })), enabled: isAgency });
  if (!isAgency)
    return (
      <div className="container ag-page">
        <StateBox icon={<LockOutlined />} title={t('workspace.onlyAgencies')} />
      </div>
    );
  if (q.isPending) return <Loading label={t('workspace.loading')} />;
  if (q.isError) return <LoadFailed testId="agency-profile" title={t('workspace.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  return <ProfileForm key={q.data.profile.id} profile={q.data.profile} />;
}

const formOf = (p: OwnProfile): AgencyFormState => ({
  name: p.name,
  contactPerson: p.contactPerson,
  phone: p.phone,
  creditCode: p.creditCode,
  city: p.city ?? '',
  description: p.description ?? '',
});

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('agencies');
  const { errorText, apiErrorText } = useErrorText();
  const qc = useQueryClient();
  const [value, setValue] = useState<AgencyFormState>(() => formOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ type: 'success' | 'info' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: Schema<'AgencyProfileUpdate'>) => data(client.PUT('/api/agency/profile', { body })),
    onSuccess: (r) => {
      qc.setQueryData(profileKey, r);
      void qc.invalidateQueries({ queryKey: agencyKeys.all });
      // the header's name and logo
      void qc.invalidateQueries({ queryKey: meQueryKey });
      setValue((v) => ({ ...v, licenseUploadId: undefined, logoUploadId: undefined }));
      setNotice(r.reviewRequired ? { type: 'info', text: t('profile.inReview') } : { type: 'success', text: t('profile.saved') });
    },
    onError: (err) => {
      if (isApiError(err) && err.fields) setErrors(serverFieldErrors(err.fields));
      setNotice({ type: 'error', text: apiErrorText(err, t('workspace.actionFailed')) });
    },
  });
  const identityChanged = value.creditCode.trim().toUpperCase() !== profile.creditCode || Boolean(value.licenseUploadId);
  const submit = () => {
    const parsed = agencyProfileUpdate.safeParse({
      name: value.name,
      contactPerson: value.contactPerson,
      phone: value.phone,
      creditCode: value.creditCode,
      city: value.city || null,
      description: value.description || null,
      licenseUploadId: value.licenseUploadId ?? null,
      logoUploadId: value.logoUploadId ?? null,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      setNotice(null);
      return;
    }
    setErrors({});
    setNotice(null);
    save.mutate(parsed.data);
  };
  const errorAt = (path: string) => {
    const e = errors[path.replace(/^agency\./, '')];
    return e ? errorText(e.code, e.params) : undefined;
  };
  return (
    <div className="container ag-page ag-profile" data-testid="agency-profile">
      <div>
        <h1 className="ag-title">{t('profile.title')}</h1>
        <p className="ag-muted">
          <Link to="/agency">{t('profile.backToWorkspace')}</Link>
          {profile.status === 'approved' && (
            <>
              {' · '}
              <Link to={`/agency/${profile.id}`}>{t('workspace.publicPage')}</Link>
            </>
          )}
        </p>
        {profile.status === 'pending' && <Alert type="info" showIcon title={t('workspace.pendingNote')} data-testid="agency-profile-pending" />}
        {profile.status === 'rejected' && (
          <Alert type="error" showIcon title={t('workspace.rejectedNote', { reason: profile.rejectionReason ?? '' })} description={t('profile.resubmitHint')} />
        )}
      </div>
      <section className="ag-card">
        <Form layout="vertical" requiredMark onFinish={submit} noValidate>
          <AgencySignupFields
            idPrefix="agp"
            value={value}
            onChange={(patch) => {
              setValue((v) => ({ ...v, ...patch }));
              let next = errors;
              for (const k of Object.keys(patch)) next = withoutPrefix(next, k);
              setErrors(next);
            }}
            errorAt={errorAt}
            uploadsEnabled
            onBusyChange={setBusy}
            currentLogoUrl={profile.logoUrl}
          />
          <div className="ag-profile-actions">
            {identityChanged && profile.status === 'approved' && (
              <Alert type="warning" showIcon title={t('profile.reviewWarning')} data-testid="agency-profile-review-warning" />
            )}
            <Button type="primary" htmlType="submit" size="large" loading={save.isPending} disabled={busy} data-testid="agency-profile-save">
              {t('profile.save')}
            </Button>
            {notice && <Alert type={notice.type} showIcon title={notice.text} data-testid="agency-profile-notice" />}
          </div>
        </Form>
      </section>
    </div>
  );
}
