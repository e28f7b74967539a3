import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Input, Modal } from 'antd';
import { LIMITS } from '@shared/limits';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { useContactInfluencer } from './api';

/** 联系达人 (companies only): a real message, stored as a conversation the influencer reads in /messages. */
export function ContactDialog({ influencerId, name, open, onClose }: { influencerId: string; name: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('people');
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const send = useContactInfluencer(influencerId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fieldId = useId();

  const submit = () => {
    if (!text.trim()) {
      setProblem(errorText('MESSAGE_REQUIRED'));
      return;
    }
    setProblem(null);
    send.mutate(text.trim(), {
      onSuccess: (r) => {
        setSentTo(r.conversationId);
        setText('');
        feedback.success(t('contact.sent'));
      },
      onError: (e) => setProblem(apiErrorText(e, errorText('INTERNAL'))),
    });
  };

  return (
    <Modal
      open={open}
      title={t('contact.title', { name })}
      onCancel={onClose}
      okText={t('contact.send')}
      cancelText={t('contact.cancel')}
      onOk={submit}
      confirmLoading={send.isPending}
      okButtonProps={{ 'data-testid': 'contact-send' } as Record<string, string>}
      destroyOnHidden
    >
      <label htmlFor={fieldId} className="pp-field-label">
        {t('contact.label')}
      </label>
      <Input.TextArea
        id={fieldId}
        rows={5}
        maxLength={LIMITS.contactMessageMax}
        showCount
        value={text}
        placeholder={t('contact.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-error` : undefined}
        data-testid="contact-message"
      />
      {problem && (
        <p id={`${fieldId}-error`} className="pp-field-error" role="alert" data-testid="contact-error">
          {problem}
        </p>
      )}
      {sentTo && (
        <p className="pp-sent" role="status" data-testid="contact-sent">
          {t('contact.sent')} <Link to={`/messages/${sentTo}`}>{t('contact.open')}</Link>
        </p>
      )}
    </Modal>
  );
}
