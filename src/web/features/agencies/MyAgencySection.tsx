import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Popconfirm } from 'antd';
import { useErrorText } from '../../lib/errors';
import { myAgencyQuery, useAnswerAgencyInvitation, useEndMyAgency } from './api';
import { AcceptInvitationButton, ShareExample } from './InvitationAccept';
import { InvitationRow, MembershipRow } from './Memberships';
import './agencies.css';

/** The influencer's 签约机构 on /profile (decision 0044): pending invitations, the current agency with 解约, the history. */
export function MyAgencySection() {
  const { t } = useTranslation('agencies');
  const { apiErrorText } = useErrorText();
  const q = useQuery(myAgencyQuery);
  const answer = useAnswerAgencyInvitation();
  const end = useEndMyAgency();
  if (!q.data) return null;
  const { invitations, current, history, platformFeeBps } = q.data;
  const pending = invitations.filter((i) => i.status === 'pending');
  const problem = answer.error ?? end.error;
  return (
    <section className="card acc-card ag-card" aria-labelledby="my-agency-title" data-testid="my-agency">
      <h2 id="my-agency-title" className="acc-card__title">
        {t('mine.title')}
      </h2>
      {problem && <Alert type="error" showIcon title={apiErrorText(problem, t('workspace.actionFailed'))} />}
      {current ? (
        <ul className="ag-list">
          <MembershipRow
            m={current}
            side="influencer"
            actions={
              current.status === 'active' ? (
                <Popconfirm title={t('mine.endConfirm')} onConfirm={() => end.mutate()}>
                  <Button size="small" danger loading={end.isPending} data-testid="my-agency-end">
                    {t('mine.end')}
                  </Button>
                </Popconfirm>
              ) : null
            }
          />
        </ul>
      ) : (
        <p className="ag-muted">{t('mine.none')}</p>
      )}
      {pending.length > 0 && (
        <>
          <h3>{t('mine.invitations')}</h3>
          <ul className="ag-list">
            {pending.map((i) => (
              <InvitationRow
                key={i.id}
                i={i}
                side="influencer"
                details={<ShareExample shareBps={i.shareBps} platformFeeBps={platformFeeBps} />}
                actions={
                  <>
                    <AcceptInvitationButton
                      i={i}
                      platformFeeBps={platformFeeBps}
                      pending={answer.isPending}
                      onAccept={(shareBps, done) => answer.mutate({ id: i.id, answer: 'accept', shareBps }, { onSettled: done })}
                    />
                    <Button
                      size="small"
                      loading={answer.isPending}
                      onClick={() => answer.mutate({ id: i.id, answer: 'decline' })}
                      data-testid="agency-invitation-decline"
                    >
                      {t('mine.decline')}
                    </Button>
                  </>
                }
              />
            ))}
          </ul>
        </>
      )}
      {history.length > 0 && (
        <>
          <h3>{t('mine.history')}</h3>
          <ul className="ag-list">
            {history.map((m) => (
              <MembershipRow key={m.id} m={m} side="influencer" />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
