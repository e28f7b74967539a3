import { Suspense, useState } from 'react';
import { loadNamespaces } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckOutlined, SendOutlined, StarFilled } from '@ant-design/icons';
import { Avatar } from '../people/InfluencerCard';
import { useErrorText } from '../../lib/errors';
import { lazyWithAntd } from '../../app/withAntd';
import { taskInvitationsQuery } from '../tasks/invitationsApi';
import type { InviteTask } from '../tasks/InviteDialog';
import { recommendedInfluencersQuery } from './api';
import { ReasonTags } from './ReasonTags';
import { Loading, LoadFailed } from '../../components/PageState';
import './matching.css';

// the invite dialog (antd Modal and form) loads on the first 邀请 click
const InviteDialog = lazyWithAntd(() => Promise.all([import('../tasks/InviteDialog'), loadNamespaces(['errors'])]).then(([m]) => m.InviteDialog));

/**
 * 推荐达人: the owning company's ranked list for one task (decision 0019), each influencer with the
 * reasons that ranked them, a link to their page and 邀请 (issue 14). Masking is the server's (as in the
 * directory). An invited influencer stays in the list as 已邀请 until the list is next loaded (the server
 * then leaves them out).
 */
export function RecommendedInfluencers({ task, heading = true }: { task: InviteTask; heading?: boolean }) {
  const { t } = useTranslation('matching');
  const { apiErrorText, errorText } = useErrorText();
  const q = useQuery(recommendedInfluencersQuery(task.id));
  const sent = useQuery(taskInvitationsQuery(task.id));
  const [invited, setInvited] = useState<ReadonlySet<string>>(() => new Set());
  const [target, setTarget] = useState<{ id: string; nickname: string } | null>(null);
  const invitedIds = new Set([...invited, ...(sent.data?.items.map((i) => i.influencer.id) ?? [])]);
  const left = sent.data?.remainingToday;
  const taskId = task.id;
  return (
    <section
      className="mt-panel"
      aria-labelledby={heading ? `mt-inf-${taskId}` : undefined}
      aria-label={heading ? undefined : t('influencers.title')}
      data-testid="recommended-influencers"
    >
      {heading && (
        <h2 className="tk-block__title" id={`mt-inf-${taskId}`}>
          {t('influencers.title')}
        </h2>
      )}
      <p className="mt-muted">{t('influencers.note')}</p>
      {q.data?.open && left !== undefined && (
        <p className="mt-left" data-testid="invite-remaining" data-count={left}>
          {left > 0 ? t('influencers.remaining', { count: left }) : t('influencers.limitReached')}
        </p>
      )}
      {q.isPending && <Loading className="mt-muted">{t('loading')}</Loading>}
      {q.isError && (
        <LoadFailed
          testId="recommended"
          compact
          level={3}
          text={apiErrorText(q.error, errorText('INTERNAL'))}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      )}
      {q.data && !q.data.open && <p className="mt-muted">{t('influencers.closed')}</p>}
      {q.data?.open && q.data.items.length === 0 && <p className="mt-muted">{t('influencers.empty')}</p>}
      {q.data && q.data.items.length > 0 && (
        <ol className="mt-list">
          {q.data.items.map((i) => (
            <li key={i.id} className="mt-item" data-testid="recommended-influencer" data-influencer-id={i.id} data-nickname={i.nickname}>
              <Avatar src={i.avatarUrl} name={i.nickname} size={44} />
              <div className="mt-item__body">
                <a className="mt-item__name" href={`/influencer/${i.id}`} target="_blank" rel="noopener">
                  {i.nickname}
                  <span className="visually-hidden">{t('opensInNewTab')}</span>
                </a>
                <span className="mt-item__meta">
                  <StarFilled aria-hidden="true" /> {t('influencers.rating', { rating: i.rating.toFixed(1), count: i.totalReviews })}
                  {i.location ? ` · ${i.location}` : ''}
                </span>
                <ReasonTags reasons={i.reasons} side="influencer" />
              </div>
              <div className="mt-item__action">
                {invitedIds.has(i.id) ? (
                  <span className="mt-invited" data-testid="recommended-invited">
                    <CheckOutlined aria-hidden="true" /> {t('influencers.invited')}
                  </span>
                ) : (
                  q.data.open && (
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      onClick={() => setTarget({ id: i.id, nickname: i.nickname })}
                      disabled={left === 0}
                      aria-label={t('influencers.inviteLabel', { name: i.nickname })}
                      data-testid="recommended-invite"
                    >
                      <SendOutlined aria-hidden="true" />
                      {t('influencers.invite')}
                    </button>
                  )
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {target && (
        <Suspense fallback={null}>
          <InviteDialog task={task} influencer={target} onClose={() => setTarget(null)} onSent={(id) => setInvited((s) => new Set(s).add(id))} />
        </Suspense>
      )}
    </section>
  );
}
