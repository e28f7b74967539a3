import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { InboxOutlined, LockOutlined, ReloadOutlined, SendOutlined, WarningOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import type { ConversationSummary } from '@shared/schemas/people';
import { StateBox } from '../../components/StateBox';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMe } from '../auth/api';
import { useAuthDialog } from '../auth/authDialogContext';
import { conversationQuery, conversationsQuery, useReply } from './api';
import { usePeopleFormat } from './format';
import { Avatar } from './InfluencerCard';
import '../tasks/tasks.css';
import './people.css';

/** /messages and /messages/{id} — the signed-in company's or influencer's conversations. */
export default function MessagesPage() {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation();
  usePageTitle(t('messages.documentTitle'));
  const { id } = useParams();
  const me = useMe();
  const authDialog = useAuthDialog();
  if (me.isPending) return <div className="container tk-page" role="status" aria-busy="true" />;
  if (!me.data) {
    return (
      <div className="container tk-page">
        <StateBox
          testId="messages-signin"
          icon={<LockOutlined />}
          title={t('messages.signIn')}
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
      <h1 className="pp-page-title">{t('messages.title')}</h1>
      <div className={`pp-messages__grid${id ? ' has-open' : ''}`}>
        <ConversationList side={side} openId={id} />
        {id ? <ConversationView id={id} side={side} /> : null}
      </div>
    </div>
  );
}

function ConversationList({ side, openId }: { side: 'company' | 'influencer'; openId?: string }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  const list = useQuery(conversationsQuery);
  if (list.isPending) return <div className="card pp-conv-list" aria-busy="true" />;
  if (list.isError) {
    return (
      <StateBox
        tone="error"
        role="alert"
        icon={<WarningOutlined />}
        title={t('messages.errorTitle')}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => void list.refetch()}>
            <ReloadOutlined aria-hidden="true" /> {t('retry')}
          </button>
        }
      />
    );
  }
  if (list.data.length === 0) {
    return (
      <StateBox
        testId="messages-empty"
        icon={<InboxOutlined />}
        title={t('messages.empty')}
        text={side === 'company' ? t('messages.emptyCompany') : t('messages.emptyInfluencer')}
        actions={
          side === 'company' ? (
            <Link to="/influencers" className="btn btn--primary">
              {t('list.documentTitle')}
            </Link>
          ) : undefined
        }
      />
    );
  }
  return (
    <nav className="card pp-conv-list" aria-label={t('messages.title')}>
      <ul data-testid="conversation-list">
        {list.data.map((c) => {
          const other = counterpart(c, side);
          return (
            <li key={c.id}>
              <Link to={`/messages/${c.id}`} className={`pp-conv${c.id === openId ? ' is-active' : ''}`} aria-current={c.id === openId ? 'page' : undefined} data-testid="conversation-item">
                <Avatar src={other.avatar} name={other.name} size={40} />
                <span className="pp-conv__text">
                  <span className="pp-conv__name">{other.name}</span>
                  <span className="pp-conv__last">{c.lastMessage}</span>
                </span>
                <span className="pp-conv__meta">
                  <span className="tk-muted">{f.date(c.lastMessageAt)}</span>
                  {c.unread > 0 && (
                    <span className="pp-unread" aria-label={t('messages.unread', { count: c.unread })}>
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

function counterpart(c: ConversationSummary, side: 'company' | 'influencer') {
  return side === 'company'
    ? { name: c.influencer.nickname, avatar: c.influencer.avatarUrl, href: `/influencer/${c.influencer.id}` }
    : { name: c.company.name, avatar: c.company.logoUrl, href: `/company/${c.company.id}` };
}

function ConversationView({ id, side }: { id: string; side: 'company' | 'influencer' }) {
  const { t } = useTranslation('people');
  const f = usePeopleFormat();
  const { errorText, apiErrorText } = useErrorText();
  const conv = useQuery(conversationQuery(id));
  const reply = useReply(id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  if (conv.isPending) return <section className="card pp-thread" aria-busy="true" />;
  if (conv.isError) {
    const notFound = isApiError(conv.error) && conv.error.status === 404;
    return (
      <StateBox
        testId={notFound ? 'conversation-not-found' : 'conversation-error'}
        tone="error"
        role="alert"
        icon={<WarningOutlined />}
        title={notFound ? t('messages.notFound') : t('messages.errorTitle')}
        actions={
          <Link to="/messages" className="btn btn--ghost">
            {t('messages.back')}
          </Link>
        }
      />
    );
  }
  const other = counterpart(conv.data.conversation, side);
  const send = () => {
    if (!text.trim()) {
      setProblem(errorText('MESSAGE_REQUIRED'));
      return;
    }
    setProblem(null);
    reply.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (e) => setProblem(apiErrorText(e, errorText('INTERNAL'))),
    });
  };
  return (
    <section className="card pp-thread" aria-labelledby={`${fieldId}-title`} data-testid="conversation">
      <header className="pp-thread__head">
        <Link to="/messages" className="tk-back pp-thread__back">
          {t('messages.back')}
        </Link>
        <h2 id={`${fieldId}-title`} className="pp-thread__title">
          <Link to={other.href}>{other.name}</Link>
        </h2>
      </header>
      <ol className="pp-thread__messages" aria-live="polite">
        {conv.data.messages.map((m) => (
          <li key={m.id} className={`pp-msg${m.mine ? ' pp-msg--mine' : ''}`} data-testid="message">
            <span className="pp-msg__who">{m.mine ? t('messages.you') : other.name}</span>
            <p className="pp-msg__body">{m.body}</p>
            <time className="pp-msg__time" dateTime={m.createdAt}>
              {f.dateTime(m.createdAt)}
            </time>
          </li>
        ))}
      </ol>
      <form
        className="pp-thread__reply"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={fieldId} className="visually-hidden">
          {t('messages.reply')}
        </label>
        <Input.TextArea
          id={fieldId}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={LIMITS.contactMessageMax}
          value={text}
          placeholder={t('messages.replyPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          status={problem ? 'error' : undefined}
          data-testid="reply-message"
        />
        {problem && (
          <p className="pp-field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={reply.isPending} data-testid="reply-send">
          <SendOutlined aria-hidden="true" /> {t('messages.send')}
        </button>
      </form>
    </section>
  );
}
