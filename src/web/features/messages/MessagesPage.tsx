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
import '../tasks/tasks.css';
import '../people/people.css';
import './messages.css';

/** /messages and /messages/{id} — the signed-in company's or influencer's conversations (contact and deal). */
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
  return (
    <div className="container tk-page pp-messages">
      <h1 className="pp-page-title">{t('title')}</h1>
      <div className={`pp-messages__grid${id ? ' has-open' : ''}`}>
        <ConversationList side={side} openId={id} />
        {id ? <OpenConversation key={id} id={id} side={side} /> : null}
      </div>
    </div>
  );
}

function ConversationList({ side, openId }: { side: 'company' | 'influencer'; openId?: string }) {
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
        text={side === 'company' ? t('emptyCompany') : t('emptyInfluencer')}
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
                to={`/messages/${c.id}`}
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
  return (
    <ConversationThread
      id={id}
      header={(data) => {
        const other = counterpartOf(data.conversation, side);
        return (
          <header className="pp-thread__head">
            <Link to="/messages" className="tk-back pp-thread__back">
              {t('back')}
            </Link>
            <h2 className="pp-thread__title">
              {data.conversation.deal && <span className="msg-tag">{t('dealTag')}</span>}
              <Link to={other.href}>{other.name}</Link>
            </h2>
            {data.conversation.deal && (
              <Link to={`/deal/${data.conversation.deal.id}`} className="msg-deal-link" data-testid="conversation-deal-link">
                {data.conversation.deal.taskTitle} · {t('openDeal')}
              </Link>
            )}
          </header>
        );
      }}
    />
  );
}
