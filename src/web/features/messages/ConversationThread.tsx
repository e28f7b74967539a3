import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { CloseOutlined, EyeOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { MESSAGE_IMAGES_MAX } from '@shared/schemas/messages';
import type { ConversationMessage, ConversationResponse } from './api';
import { Loading, LoadFailed, NotFound, isNotFound } from '../../components/PageState';
import { useErrorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePrivateImages, type PrivateImage } from '../deals/usePrivateImages';
import { conversationQuery, useSendMessage } from './api';
import { useActingFor } from '../agencies/actingFor';
import './messages.css';

type Side = 'company' | 'influencer';

/** The name shown for each side, and where it links. */
export function counterpartOf(c: ConversationResponse['conversation'], side: Side) {
  return side === 'company'
    ? { name: c.influencer.nickname, avatar: c.influencer.avatarUrl, href: `/influencer/${c.influencer.id}` }
    : { name: c.company.name, avatar: c.company.logoUrl, href: `/company/${c.company.id}` };
}

const fileUrl = (id: string) => `/api/deal-files/${id}`;

/**
 * One conversation: its messages (text and images, 已读 on the viewer's last read message) and the
 * composer. Used by 消息中心 and embedded in the deal page. New messages arrive through the event
 * stream (LiveEvents refetches this query); the list keeps to the newest message.
 */
export function ConversationThread({
  id,
  header,
  emptyHint,
  testId = 'conversation',
}: {
  id: string;
  header?: (data: ConversationResponse) => ReactNode;
  emptyHint?: string;
  testId?: string;
}) {
  const { t } = useTranslation('messages');
  const f = useFormat();
  // in the deal room of an agency acting for the influencer (`?as=`), read and written as the influencer (decision 0045)
  const conv = useQuery(conversationQuery(id, useActingFor()));
  const listRef = useRef<HTMLOListElement>(null);
  const count = conv.data?.messages.length ?? 0;
  const titleId = useId();

  // keep the newest message in view when one arrives (inside the list, the page itself does not move)
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  if (conv.isPending) return <Loading className="card pp-thread msg-thread" testId={`${testId}-loading`} />;
  if (conv.isError) {
    return isNotFound(conv.error) ? (
      <NotFound
        testId="conversation-not-found"
        title={t('notFound')}
        actions={
          <Link to="/messages" className="btn btn--ghost">
            {t('back')}
          </Link>
        }
      />
    ) : (
      <LoadFailed testId="conversation" title={t('errorTitle')} onRetry={() => void conv.refetch()} retrying={conv.isFetching} />
    );
  }
  const data = conv.data;
  const viewer = data.viewer;
  const nameOf = (m: ConversationMessage) => {
    // the influencer's agency wrote it for the influencer (decision 0045): both sides see who
    if (m.onBehalf)
      return m.onBehalf.staffName
        ? t('onBehalfStaff', { agency: m.onBehalf.agencyName, staff: m.onBehalf.staffName, influencer: data.conversation.influencer.nickname })
        : t('onBehalf', { agency: m.onBehalf.agencyName, influencer: data.conversation.influencer.nickname });
    if (m.mine) return t('you');
    if (m.from === 'company') return data.conversation.company.name;
    if (m.from === 'influencer') return data.conversation.influencer.nickname;
    return '—';
  };
  const lastReadMine = [...data.messages].reverse().find((m) => m.mine && m.readAt)?.id;

  return (
    <section className="card pp-thread msg-thread" aria-labelledby={titleId} data-testid={testId}>
      <div id={titleId}>{header ? header(data) : null}</div>
      {data.messages.length === 0 ? (
        <p className="msg-thread__empty tk-muted">{emptyHint ?? t('noMessages')}</p>
      ) : (
        <ol className="pp-thread__messages msg-thread__list" ref={listRef} aria-live="polite" data-testid={`${testId}-messages`}>
          {data.messages.map((m) => (
            <li key={m.id} className={`pp-msg${m.mine ? ' pp-msg--mine' : ''}`} data-testid="message">
              <span className="pp-msg__who">{nameOf(m)}</span>
              {m.body && <p className="pp-msg__body">{m.body}</p>}
              {m.images.length > 0 && (
                <ul className="msg-images">
                  {m.images.map((img, n) => (
                    <li key={img}>
                      <a href={fileUrl(img)} target="_blank" rel="noreferrer">
                        <img src={fileUrl(img)} alt={t('imageAlt', { n: n + 1 })} width={96} height={96} loading="lazy" data-testid="message-image" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <span className="pp-msg__time">
                <time dateTime={m.createdAt}>{f.dateTime(m.createdAt)}</time>
                {m.id === lastReadMine && (
                  <span className="msg-read" data-testid="message-read">
                    {' · '}
                    {t('read')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {viewer === 'admin' || data.viewOnly ? (
        <p className="msg-thread__note" role="note" data-testid="conversation-view-only">
          <EyeOutlined aria-hidden="true" /> {t(data.viewOnly ? 'viewOnly' : 'readOnly')}
        </p>
      ) : data.canSend ? (
        <Composer id={id} />
      ) : (
        <p className="msg-thread__note" role="note">
          {t('disabled')}
        </p>
      )}
    </section>
  );
}

function Composer({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  const { errorText, apiErrorText } = useErrorText();
  const send = useSendMessage(id, useActingFor());
  const [text, setText] = useState('');
  const [images, setImages] = useState<PrivateImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const uploads = usePrivateImages(images, setImages, MESSAGE_IMAGES_MAX);
  const fieldId = useId();
  const fileId = useId();

  // previews are object URLs: release them when they leave
  const current = useRef(images);
  current.current = images;
  useEffect(() => () => current.current.forEach((i) => URL.revokeObjectURL(i.preview)), []);
  const drop = (gone: PrivateImage[]) => gone.forEach((i) => URL.revokeObjectURL(i.preview));

  const submit = () => {
    if (!text.trim() && images.length === 0) {
      setProblem(errorText('MESSAGE_REQUIRED'));
      return;
    }
    setProblem(null);
    send.mutate(
      { message: text.trim(), images: images.map((i) => i.id) },
      {
        onSuccess: () => {
          setText('');
          drop(images);
          setImages([]);
        },
        onError: (e) => setProblem(apiErrorText(e, t('failed'))),
      },
    );
  };
  const shown = problem ?? uploads.problem;
  return (
    <form
      className="pp-thread__reply msg-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        {t('reply')}
      </label>
      <Input.TextArea
        id={fieldId}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={LIMITS.contactMessageMax}
        value={text}
        placeholder={t('replyPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        status={shown ? 'error' : undefined}
        data-testid="reply-message"
      />
      {images.length > 0 && (
        <ul className="msg-images msg-images--draft">
          {images.map((img) => (
            <li key={img.id}>
              <img src={img.preview} alt="" width={56} height={56} />
              <button
                type="button"
                className="msg-images__remove"
                aria-label={t('removeImage')}
                onClick={() => {
                  drop([img]);
                  setImages(images.filter((x) => x.id !== img.id));
                }}
              >
                <CloseOutlined aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <p className="pp-field-error" role="alert">
          {shown}
        </p>
      )}
      <div className="msg-composer__actions">
        <input
          ref={uploads.inputRef}
          id={fileId}
          className="msg-composer__file"
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => void uploads.pick(e.target.files)}
          data-testid="message-images-input"
        />
        <button
          type="button"
          className="btn btn--ghost"
          onClick={uploads.open}
          disabled={images.length + uploads.pending >= MESSAGE_IMAGES_MAX}
          data-testid="message-add-image"
        >
          <PictureOutlined aria-hidden="true" /> {t('addImage')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={send.isPending || uploads.pending > 0} data-testid="reply-send">
          <SendOutlined aria-hidden="true" /> {t('send')}
        </button>
      </div>
    </form>
  );
}
