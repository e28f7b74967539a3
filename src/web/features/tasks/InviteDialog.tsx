import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { formatBps, type PricingModel } from '@shared/money';
import { inviteRequest } from '@shared/schemas/invitations';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { formatAmount } from './format';
import { useInvite } from './invitationsApi';

const MESSAGE_MAX = 500;

export type InviteTask = { id: string; title: string; budgetMin: number; budgetMax: number; pricingModel: PricingModel; commissionBps: number };

type Props = {
  task: InviteTask;
  influencer: { id: string; nickname: string };
  onClose: () => void;
  /** the invitation went out: the card says 已邀请 */
  onSent: (influencerId: string) => void;
};

/**
 * 邀请: the owner invites an influencer to the task with a message (required, ≤ 500) and a rate inside
 * the budget (none for a commission-only task). Validated with the shared `inviteRequest`; the server's
 * refusals (already applied, daily limit …) are shown in the dialog in the user's language.
 */
export function InviteDialog({ task, influencer, onClose, onSent }: Props) {
  const { t } = useTranslation('tasks');
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const invite = useInvite();
  const id = useId().replace(/:/g, '');
  const commissionOnly = task.pricingModel === 'commission';
  const range = { min: formatAmount(task.budgetMin), max: formatAmount(task.budgetMax) };
  const [rate, setRate] = useState<number | null>(commissionOnly ? 0 : null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ rate?: string; message?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const rateProblem = (r: number | null) => {
    if (commissionOnly) return undefined;
    if (r === null || !Number.isFinite(r)) return errorText('INVITATION_RATE_REQUIRED');
    if (r < task.budgetMin || r > task.budgetMax) return errorText('INVITATION_RATE_OUT_OF_RANGE', range);
    return undefined;
  };

  const submit = () => {
    if (invite.isPending) return;
    setFormError(null);
    const parsed = inviteRequest.safeParse({ taskId: task.id, influencerId: influencer.id, message, offeredRate: commissionOnly ? 0 : (rate ?? undefined) });
    const next: { rate?: string; message?: string } = { rate: rateProblem(rate) };
    if (!parsed.success) {
      const m = parsed.error.issues.find((i) => i.path[0] === 'message');
      if (m) next.message = errorText(m.message);
      const r = parsed.error.issues.find((i) => i.path[0] === 'offeredRate');
      if (r && !next.rate) next.rate = errorText(r.message, range);
    }
    setErrors(next);
    if (!parsed.success || next.rate || next.message) return;
    invite.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(t('invite.sent'));
        onSent(influencer.id);
        onClose();
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'INVITATION_RATE_OUT_OF_RANGE') setErrors({ rate: apiErrorText(err, t('invite.failed')) });
        else if (isApiError(err) && err.code === 'INVITATION_MESSAGE_REQUIRED') setErrors({ message: apiErrorText(err, t('invite.failed')) });
        else setFormError(apiErrorText(err, t('invite.failed')));
      },
    });
  };

  return (
    <Modal
      open
      title={t('invite.titleFor', { name: influencer.nickname })}
      onCancel={onClose}
      onOk={submit}
      okText={t('invite.submit')}
      cancelText={t('invite.cancel')}
      confirmLoading={invite.isPending}
      okButtonProps={{ 'data-testid': 'invite-submit' } as never}
      maskClosable={!invite.isPending}
      centered
      destroyOnHidden
      modalRender={(node) => <div data-testid="invite-dialog">{node}</div>}
    >
      <Form id={`${id}-form`} layout="vertical" requiredMark onFinish={submit} className="tk-form" data-testid="invite-form">
        <p className="tk-muted">{t('invite.task', { title: task.title })}</p>
        {commissionOnly ? (
          <p className="tk-note" data-testid="invite-commission">
            {t('invite.commissionNote', { percent: formatBps(task.commissionBps) })}
          </p>
        ) : (
          <Form.Item
            label={task.pricingModel === 'slot_commission' ? t('invite.slotRate') : t('invite.rate')}
            htmlFor={`${id}-rate`}
            required
            validateStatus={errors.rate ? 'error' : undefined}
            help={<span id={`${id}-rate-help`}>{errors.rate ?? t('invite.rateHint', range)}</span>}
          >
            {/* no min/max: an offer outside the budget is refused with a message, never clamped */}
            <InputNumber
              id={`${id}-rate`}
              prefix="$"
              precision={0}
              step={100}
              inputMode="numeric"
              style={{ width: '100%' }}
              placeholder={t('invite.ratePlaceholder', range)}
              value={rate}
              onChange={(v) => {
                setRate(typeof v === 'number' ? v : null);
                setErrors((e) => ({ ...e, rate: undefined }));
              }}
              aria-invalid={errors.rate ? true : undefined}
              aria-describedby={`${id}-rate-help`}
              data-testid="invite-rate"
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('invite.message')}
          htmlFor={`${id}-message`}
          required
          validateStatus={errors.message ? 'error' : undefined}
          help={errors.message ? <span id={`${id}-message-help`}>{errors.message}</span> : undefined}
        >
          <Input.TextArea
            id={`${id}-message`}
            rows={4}
            maxLength={MESSAGE_MAX}
            showCount
            placeholder={t('invite.messagePlaceholder')}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${id}-message-help` : undefined}
            data-testid="invite-message"
          />
        </Form.Item>
        <p className="tk-muted">{t('invite.expiryNote')}</p>
        {formError && <Alert type="error" showIcon className="tk-form__alert" title={formError} data-testid="invite-error" />}
      </Form>
    </Modal>
  );
}
