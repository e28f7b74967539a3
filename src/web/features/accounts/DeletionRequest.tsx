import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Modal } from 'antd';
import { DeleteOutlined, ExclamationCircleFilled, UndoOutlined } from '@ant-design/icons';
import type { AccountInfo } from './api';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { useCancelDeletion, useRequestDeletion } from './api';
import { useFormat } from './format';

/** 申请注销账号: a confirmation step (optional reason) that records a request; pending requests can be withdrawn. */
export function DeletionRequest({ userId, account }: { userId: string; account: AccountInfo }) {
  const { dateTime: formatDateTime } = useFormat();
  const { t } = useTranslation('settings');
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const request = useRequestDeletion(userId);
  const cancel = useCancelDeletion(userId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = account.deletionRequest;

  const confirm = () => {
    setProblem(null);
    request.mutate(reason.trim(), {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        feedback.success(t('deletion.requested'));
      },
      onError: (e) => setProblem(apiErrorText(e, t('deletion.failed'))),
    });
  };

  const withdraw = () => {
    setProblem(null);
    cancel.mutate(undefined, {
      onSuccess: () => feedback.success(t('deletion.withdrawn')),
      onError: (e) => setProblem(apiErrorText(e, t('deletion.failed'))),
    });
  };

  return (
    <section className="card acc-card danger-zone" aria-labelledby="deletion-title" data-testid="deletion-section" data-state={pending ? 'pending' : 'none'}>
      <h2 id="deletion-title" className="acc-card__title">
        {pending ? t('deletion.pendingTitle') : t('deletion.title')}
      </h2>
      {pending ? (
        <>
          <p className="acc-muted" data-testid="deletion-pending">
            {t('deletion.pendingText', { time: formatDateTime(pending.requestedAt) })}
          </p>
          <Button block icon={<UndoOutlined />} loading={cancel.isPending} onClick={withdraw} data-testid="deletion-cancel">
            {t('deletion.withdraw')}
          </Button>
        </>
      ) : (
        <>
          <p className="acc-muted">{t('deletion.text')}</p>
          <Button
            block
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              setProblem(null);
              setOpen(true);
            }}
            data-testid="deletion-request"
          >
            {t('deletion.request')}
          </Button>
        </>
      )}
      {problem && !open && (
        <p className="field-error deletion-problem" role="alert">
          {problem}
        </p>
      )}
      <Modal
        open={open}
        title={
          <span className="deletion-modal__title">
            <ExclamationCircleFilled aria-hidden="true" /> {t('deletion.confirmTitle')}
          </span>
        }
        onCancel={() => !request.isPending && setOpen(false)}
        okText={t('deletion.confirm')}
        cancelText={t('deletion.cancel')}
        okButtonProps={{ danger: true, loading: request.isPending, 'data-testid': 'deletion-confirm' } as React.ComponentProps<typeof Button>}
        cancelButtonProps={{ disabled: request.isPending }}
        onOk={confirm}
        destroyOnHidden
        centered
        className="deletion-modal"
        data-testid="deletion-modal"
      >
        <p className="deletion-modal__text">{t('deletion.confirmText')}</p>
        <label htmlFor="deletion-reason" className="acc-label">
          {t('deletion.reason')}
        </label>
        <Input.TextArea
          id="deletion-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('deletion.reasonPlaceholder')}
          data-testid="deletion-reason"
        />
        {problem && open && <Alert type="error" showIcon title={problem} className="deletion-modal__error" />}
      </Modal>
    </section>
  );
}
