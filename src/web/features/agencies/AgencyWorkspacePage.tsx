import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Popconfirm, Tag } from 'antd';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { rosterInvitationRequest } from '@shared/schemas/agencies';
import { SignInGate } from '../../components/SignInGate';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { rosterQuery, useEndByAgency, useInviteToRoster } from './api';
import { InvitationRow, MembershipRow } from './Memberships';
import { WorkspaceEarnings } from './WorkspaceEarnings';
import { WorkspaceFigures } from './WorkspaceFigures';
import { WorkspaceForYou } from './WorkspaceForYou';
import { WorkspacePipeline } from './WorkspacePipeline';
import { RosterActing } from './RosterActing';
import { PendingInvitationActions } from './InvitationActions';
import { ShareField } from './ShareField';
import { shareInputToBps } from './shareInput';
import './agencies.css';

type Me = Schema<'Me'>;

/**
 * /agency (机构工作台, decision 0044): the agency's state, this month's figures, the invite form, its roster, the pipeline,
 * 为你推荐 per roster influencer, earnings over time, invitations, history.
 */
export default function AgencyWorkspacePage() {
  const { t } = useTranslation('agencies');
  usePageTitle(t('workspace.title'));
  return (
    <SignInGate className="ag-page" testId="agency-signin" title={t('workspace.signInTitle')} action={t('workspace.signIn')}>
      {(user) => <Workspace user={user} />}
    </SignInGate>
  );
}

function Workspace({ user }: { user: Me }) {
  const { t } = useTranslation('agencies');
  const isAgency = user.userType === 'agency';
  // a 运营 staff account (decision 0067) acts for the roster; money and roster changes are the owner's and admins'
  const manage = user.agencyStaff?.role !== 'operator';
  const q = useQuery({ ...rosterQuery, enabled: isAgency });
  if (!isAgency)
    return (
      <div className="container ag-page">
        <StateBox icon={<LockOutlined />} title={t('workspace.onlyAgencies')} />
      </div>
    );
  if (q.isPending) return <Loading label={t('workspace.loading')} />;
  if (q.isError) return <LoadFailed testId="agency-roster" title={t('workspace.loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const { agency, current, invitations, history } = q.data;
  return (
    <div className="container ag-page" data-testid="agency-workspace">
      <div>
        <h1 className="ag-title">{t('workspace.title')}</h1>
        <p className="ag-muted">
          {agency.name}{' '}
          <Tag color={agency.status === 'approved' ? 'green' : agency.status === 'rejected' ? 'red' : 'blue'} data-testid="agency-status">
            {t(`workspace.status.${agency.status}`)}
          </Tag>
          {agency.status === 'approved' && <Link to={`/agency/${agency.id}`}>{t('workspace.publicPage')}</Link>}
        </p>
        {agency.status === 'pending' && <Alert type="info" showIcon title={t('workspace.pendingNote')} />}
        {agency.status === 'rejected' && <Alert type="error" showIcon title={t('workspace.rejectedNote', { reason: agency.rejectionReason ?? '' })} />}
      </div>
      <WorkspaceFigures />
      {manage && agency.status === 'approved' && <InviteForm />}
      <section className="ag-card" aria-labelledby="ag-current">
        <h2 id="ag-current">{t('workspace.current')}</h2>
        {current.length === 0 ? (
          <Empty testId="roster-empty" icon={<TeamOutlined />} title={t('workspace.currentEmpty')} />
        ) : (
          <ul className="ag-list" data-testid="roster-current">
            {current.map((m) => (
              <MembershipRow
                key={m.id}
                m={m}
                side="agency"
                actions={manage && m.status === 'active' ? <EndButton influencerId={m.influencer.id} /> : null}
                footer={agency.status === 'approved' && <RosterActing m={m} />}
              />
            ))}
          </ul>
        )}
      </section>
      <WorkspacePipeline />
      <WorkspaceForYou />
      {manage && <WorkspaceEarnings />}
      <section className="ag-card" aria-labelledby="ag-invitations">
        <h2 id="ag-invitations">{t('workspace.invitations')}</h2>
        {invitations.length === 0 ? (
          <p className="ag-muted">{t('workspace.invitationsEmpty')}</p>
        ) : (
          <ul className="ag-list">
            {invitations.map((i) => (
              <InvitationRow key={i.id} i={i} side="agency" actions={manage && i.status === 'pending' ? <PendingInvitationActions i={i} /> : null} />
            ))}
          </ul>
        )}
      </section>
      <section className="ag-card" aria-labelledby="ag-history">
        <h2 id="ag-history">{t('workspace.history')}</h2>
        {history.length === 0 ? (
          <p className="ag-muted">{t('workspace.historyEmpty')}</p>
        ) : (
          <ul className="ag-list">
            {history.map((m) => (
              <MembershipRow key={m.id} m={m} side="agency" />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EndButton({ influencerId }: { influencerId: string }) {
  const { t } = useTranslation('agencies');
  const { apiErrorText } = useErrorText();
  const end = useEndByAgency();
  return (
    <Popconfirm title={t('workspace.endConfirm')} onConfirm={() => end.mutate(influencerId)}>
      <Button
        size="small"
        danger
        loading={end.isPending}
        data-testid="roster-end"
        title={end.isError ? apiErrorText(end.error, t('workspace.actionFailed')) : undefined}
      >
        {t('workspace.end')}
      </Button>
    </Popconfirm>
  );
}

function InviteForm() {
  const { t } = useTranslation('agencies');
  const { apiErrorText, errorText } = useErrorText();
  const invite = useInviteToRoster();
  const [email, setEmail] = useState('');
  // the share as typed: a number field would round 12.5 to 13 and clamp 71 to 70 and send that (issue 40)
  const [share, setShare] = useState('20');
  const [shareError, setShareError] = useState<string | null>(null);
  const [endsOn, setEndsOn] = useState('');
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const submit = () => {
    const shareBps = shareInputToBps(share);
    if (shareBps === null) {
      setShareError(errorText('AGENCY_SHARE_INVALID'));
      setNotice(null);
      return;
    }
    setShareError(null);
    const parsed = rosterInvitationRequest.safeParse({
      email,
      shareBps,
      endsOn: endsOn || null,
    });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setNotice({ type: 'error', text: errorText(code as never) });
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setNotice({ type: 'success', text: t('workspace.sent') });
        setEmail('');
      },
      onError: (err) => setNotice({ type: 'error', text: apiErrorText(err, t('workspace.actionFailed')) }),
    });
  };
  return (
    <section className="ag-card" aria-labelledby="ag-invite">
      <h2 id="ag-invite">{t('workspace.invite')}</h2>
      <form
        className="ag-invite"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label>
          <span className="form-label">{t('workspace.inviteeEmail')}</span>
          <Input
            type="email"
            value={email}
            placeholder={t('workspace.inviteeEmailPlaceholder')}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="invite-email"
          />
        </label>
        <ShareField
          id="ag-invite-share"
          value={share}
          onChange={(typed) => {
            setShare(typed);
            setShareError(null);
          }}
          error={shareError}
          testId="invite-share"
          errorTestId="invite-share-error"
        />
        <label>
          <span className="form-label">{t('workspace.endsOn')}</span>
          <Input type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} data-testid="invite-ends-on" />
        </label>
        <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-send">
          {t('workspace.send')}
        </Button>
      </form>
      <p className="ag-muted">{t('workspace.shareHint')}</p>
      {notice && <Alert type={notice.type} showIcon title={notice.text} data-testid="invite-notice" />}
    </section>
  );
}
