import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatBps, type PricingModel } from '@shared/money';
import { declineInvitationRequest } from '@shared/schemas/invitations';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { useTaskFormat } from './format';
import { useAnswerInvitation } from './invitationsApi';
import { useActingTo } from '../agencies/actingFor';

const REASON_MAX = 200;

type Props = {
  invitation: { id: string; offeredRateCents: number };
  task: { id: string; pricingModel: PricingModel; commissionBps: number };
  company: string;
  /** where the buttons sit: a row of the list or the task page's side card (full-width buttons) */
  block?: boolean;
};

/**
 * The invited influencer's two answers (issue 14): 接受邀请 (a confirm; on success the deal page) and
 * 拒绝 (a dialog asking the reason, required). Loaded with the antd scope.
 */
export function InvitationAnswer({ invitation, task, company, block = false }: Props) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const navigate = useNavigate();
  const to = useActingTo();
  const feedback = useFeedback();
  const { apiErrorText, errorText } = useErrorText();
  const answer = useAnswerInvitation();
  const [modal, modalHolder] = Modal.useModal();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId().replace(/:/g, '');

  const onAccept = () =>
    modal.confirm({
      title: t('myInvitations.acceptTitle'),
      content:
        task.pricingModel === 'commission'
          ? t('myInvitations.acceptTextCommission', { company, percent: formatBps(task.commissionBps) })
          : t('myInvitations.acceptText', { company, amount: f.money(invitation.offeredRateCents) }),
      okText: t('myInvitations.accept'),
      cancelText: t('myInvitations.back'),
      centered: true,
      okButtonProps: { 'data-testid': 'invitation-accept-confirm' } as never,
      onOk: () =>
        answer
          .mutateAsync({ id: invitation.id, taskId: task.id, action: 'accept' })
          .then((r) => {
            feedback.success(t('myInvitations.accepted'));
            if ('deal' in r) navigate(to(`/deal/${r.deal.id}`));
          })
          .catch((err: unknown) => feedback.error(apiErrorText(err, t('myInvitations.failed')))),
    });

  const submitDecline = () => {
    if (answer.isPending) return;
    const parsed = declineInvitationRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(errorText(parsed.error.issues[0]?.message ?? 'INVITATION_REASON_REQUIRED'));
      return;
    }
    answer.mutate(
      { id: invitation.id, taskId: task.id, action: 'decline', reason: parsed.data.reason },
      {
        onSuccess: () => {
          feedback.success(t('myInvitations.declined'));
          setDeclining(false);
        },
        onError: (err) => setReasonError(apiErrorText(err, t('myInvitations.failed'))),
      },
    );
  };

  return (
    <div className={`tk-invite-answer${block ? ' tk-invite-answer--block' : ''}`}>
      <button type="button" className="btn btn--primary btn--sm" onClick={onAccept} disabled={answer.isPending} data-testid="invitation-accept">
        <CheckOutlined aria-hidden="true" />
        {t('myInvitations.accept')}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--danger"
        onClick={() => {
          setReason('');
          setReasonError(null);
          setDeclining(true);
        }}
        disabled={answer.isPending}
        data-testid="invitation-decline"
      >
        <CloseOutlined aria-hidden="true" />
        {t('myInvitations.decline')}
      </button>
      {modalHolder}
      <Modal
        open={declining}
        title={t('myInvitations.declineTitle')}
        onCancel={() => setDeclining(false)}
        onOk={submitDecline}
        okText={t('myInvitations.confirm')}
        cancelText={t('myInvitations.back')}
        okButtonProps={{ danger: true, 'data-testid': 'invitation-decline-submit' } as never}
        confirmLoading={answer.isPending}
        centered
        destroyOnHidden
        modalRender={(node) => <div data-testid="invitation-decline-dialog">{node}</div>}
      >
        <p>{t('myInvitations.declineText', { company })}</p>
        <Form layout="vertical" requiredMark onFinish={submitDecline}>
          <Form.Item
            label={t('myInvitations.reason')}
            htmlFor={`${id}-reason`}
            required
            validateStatus={reasonError ? 'error' : undefined}
            help={reasonError ? <span id={`${id}-reason-help`}>{reasonError}</span> : undefined}
          >
            <Input.TextArea
              id={`${id}-reason`}
              rows={3}
              maxLength={REASON_MAX}
              showCount
              placeholder={t('myInvitations.reasonPlaceholder')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-help` : undefined}
              data-testid="invitation-decline-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
