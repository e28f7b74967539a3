import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { InboxOutlined, LockOutlined } from '@ant-design/icons';
import { Empty, Loading, LoadFailed, StateBox } from '../../components/PageState';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMe } from '../auth/api';
import { useAuthDialog } from '../auth/authDialogContext';
import { usePeopleFormat } from '../people/format';
import { Avatar } from '../people/InfluencerCard';
import { conversationsQuery } from './api';
import { ConversationThread, counterpartOf } from './ConversationThread';
import { ActingBannerMount, useActingTo, withActing } from '../agencies/actingFor';
import '../tasks/tasks.css';
import '../people/people.css';
import './messages.css';

/**
 * /messages and /messages/{id} — the signed-in company's or influencer's conversations (contact and deal). An agency
 * reads its roster's deal conversations (decision 0060) and opens each acting for its influencer (`?as=`, the
 * deal room's rule, decision 0045): it reads the influencer's side, company as the counterpart.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  usePageTitle(t('documentTitle'));
  const { id } = useParams();
  const me = useMe();
  const authDialog = useAuthDialog();
  if (me.isPending) return <Loading className="container tk-page" />;
  if (!me.data) {
    return (
      <div className="container tk-page">
        <StateBox
          testId="messages-signin"
          icon={<LockOutlined />}
          title={t('signIn')}
          actions={
            <button type="button" className="btn btn--primary" onClick={() => authDialog.open({ mode: 'signin' })}>
              {tc('header.login')}
            </button>
          }
        />
      </div>
    );
  }
  const side = me.data.userType === 'company' ? 'company' : 'influencer';
  const agency = me.data.userType === 'agency';
  return (
    <div className="container tk-page pp-messages">
      <h1 className="pp-page-title">{t('title')}</h1>
      {agency && <p className="tk-muted msg-agency-hint">{t('agencyHint')}</p>}
      <ActingBannerMount />
      <div className={`pp-messages__grid${id ? ' has-open' : ''}`}>
        <ConversationList side={side} agency={agency} openId={id} />
        {id ? <OpenConversation key={id} id={id} side={side} /> : null}
      </div>
    </div>
  );
}

function ConversationList({ side, agency, openId }: { side: 'company' | 'influencer'; agency: boolean; openId?: string }) {
  const { t } = useTranslation('messages');
  const f = usePeopleFormat();
  const list = useQuery(conversationsQuery);
  if (list.isPending) return <Loading className="card pp-conv-list" />;
  if (list.isError) {
    return <LoadFailed testId="conversations" title={t('errorTitle')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (list.data.length === 0) {
    return (
      <Empty
        testId="messages-empty"
        icon={<InboxOutlined />}
        title={t('empty')}
        text={agency ? t('emptyAgency') : side === 'company' ? t('emptyCompany') : t('emptyInfluencer')}
        actions={
          side === 'company' ? (
            <Link to="/influencers" className="btn btn--primary">
              {t('findInfluencers')}
            </Link>
          ) : undefined
        }
      />
    );
  }
  return (
    <nav className="card pp-conv-list" aria-label={t('title')}>
      <ul data-testid="conversation-list">
        {list.data.map((c) => {
          const other = counterpartOf(c, side);
          return (
            <li key={c.id}>
              <Link
                to={withActing(`/messages/${c.id}`, agency ? c.influencer.id : null)}
                className={`pp-conv${c.id === openId ? ' is-active' : ''}`}
                aria-current={c.id === openId ? 'page' : undefined}
                data-testid="conversation-item"
              >
                <Avatar src={other.avatar} name={other.name} size={40} />
                <span className="pp-conv__text">
                  <span className="pp-conv__name">
                    {c.deal && <span className="msg-tag">{t('dealTag')}</span>}
                    {other.name}
                  </span>
                  {agency && (
                    <span className="pp-conv__last msg-for" data-testid="conversation-for">
                      {t('forInfluencer', { influencer: c.influencer.nickname })}
                    </span>
                  )}
                  {c.deal && <span className="pp-conv__last">{c.deal.taskTitle}</span>}
                  <span className="pp-conv__last">{c.lastMessage || (c.lastMessageImages ? t('image') : '')}</span>
                </span>
                <span className="pp-conv__meta">
                  <span className="tk-muted">{f.date(c.lastMessageAt)}</span>
                  {c.unread > 0 && (
                    <span className="pp-unread" aria-label={t('unread', { count: c.unread })}>
                      {c.unread}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function OpenConversation({ id, side }: { id: string; side: 'company' | 'influencer' }) {
  const { t } = useTranslation('messages');
  const to = useActingTo();
  return (
    <ConversationThread
      id={id}
      header={(data) => {
        const other = counterpartOf(data.conversation, side);
        return (
          <header className="pp-thread__head">
            <Link to="/messages" className="tk-back pp-thread__back" data-testid="conversation-back">
              {t('back')}
            </Link>
            <h2 className="pp-thread__title">
              {data.conversation.deal && <span className="msg-tag">{t('dealTag')}</span>}
              <Link to={other.href}>{other.name}</Link>
            </h2>
            {data.conversation.deal && (
              <Link to={to(`/deal/${data.conversation.deal.id}`)} className="msg-deal-link" data-testid="conversation-deal-link">
                {data.conversation.deal.taskTitle} · {t('openDeal')}
              </Link>
            )}
          </header>
        );
      }}
    />
  );
}
