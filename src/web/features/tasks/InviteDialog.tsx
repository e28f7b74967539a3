import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Select, Skeleton } from 'antd';
import { formatBps, type PricingModel } from '@shared/money';
import { inviteRequest } from '@shared/schemas/invitations';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { companyTasksQuery } from './api';
import { formatMoney, formatMoneyDigits } from '../../lib/format';
import { dollarsInputToCents } from '@shared/money';
import { useInvite } from './invitationsApi';

const MESSAGE_MAX = 500;

export type InviteTask = { id: string; title: string; budgetMinCents: number; budgetMaxCents: number; pricingModel: PricingModel; commissionBps: number };

type Props = {
  /** the task invited to; without it the company picks one of its open tasks in the dialog (the influencer's page) */
  task?: InviteTask;
  influencer: { id: string; nickname: string };
  onClose: () => void;
  /** the invitation went out: the card says 已邀请 */
  onSent?: (influencerId: string) => void;
};

/**
 * 邀请: the owner invites an influencer to the task with a message (required, ≤ 500) and a rate inside
 * the budget (none for a commission-only task). Validated with the shared `inviteRequest`; the server's
 * refusals (already applied, daily limit …) are shown in the dialog in the user's language.
 * Without `task` (the influencer's page) the company first picks one of its open tasks (已招 x/N shown);
 * with none open, a note links to /company-tasks.
 */
export function InviteDialog({ task: fixedTask, influencer, onClose, onSent }: Props) {
  const { t } = useTranslation('tasks');
  const { t: tc } = useTranslation();
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const invite = useInvite();
  const id = useId().replace(/:/g, '');
  // the newest 100 tasks: an open task is among them (tasks stop recruiting long before 100 newer ones are published)
  const mine = useQuery({ ...companyTasksQuery(1, 100), enabled: !fixedTask });
  const openTasks = (mine.data?.items ?? []).filter((x) => x.status === 'open');
  const [pickedId, setPickedId] = useState<string | null>(null);
  // one open task: chosen already
  const chosenId = pickedId ?? (openTasks.length === 1 ? openTasks[0].id : null);
  const task: InviteTask | undefined = fixedTask ?? openTasks.find((x) => x.id === chosenId);
  const noOpenTask = !fixedTask && mine.isSuccess && openTasks.length === 0;
  const commissionOnly = task?.pricingModel === 'commission';
  // the shared error texts carry their own $ (报价需在 ${min} - ${max} 之间); the hints take whole amounts
  const range = task ? { min: formatMoneyDigits(task.budgetMinCents), max: formatMoneyDigits(task.budgetMaxCents) } : { min: '', max: '' };
  const shown = task ? { min: formatMoney(task.budgetMinCents), max: formatMoney(task.budgetMaxCents) } : { min: '', max: '' };
  const [rate, setRate] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ task?: string; rate?: string; message?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const rateProblem = (r: number | null) => {
    if (!task || commissionOnly) return undefined;
    const cents = r === null ? null : dollarsInputToCents(r);
    if (cents === null) return errorText('INVITATION_RATE_REQUIRED');
    // the budget is integer cents; the rate is typed in dollars
    if (cents < task.budgetMinCents || cents > task.budgetMaxCents) return errorText('INVITATION_RATE_OUT_OF_RANGE', range);
    return undefined;
  };

  const submit = () => {
    if (invite.isPending || noOpenTask) return;
    setFormError(null);
    const parsed = inviteRequest.safeParse({
      taskId: task?.id,
      influencerId: influencer.id,
      message,
      offeredRateCents: commissionOnly ? 0 : rate === null ? undefined : (dollarsInputToCents(rate) ?? Number.NaN),
    });
    const next: { task?: string; rate?: string; message?: string } = { task: task ? undefined : t('invite.pickRequired'), rate: rateProblem(rate) };
    if (!parsed.success) {
      const m = parsed.error.issues.find((i) => i.path[0] === 'message');
      if (m) next.message = errorText(m.message);
      const r = parsed.error.issues.find((i) => i.path[0] === 'offeredRateCents');
      if (task && r && !next.rate) next.rate = errorText(r.message, range);
    }
    setErrors(next);
    if (!parsed.success || next.task || next.rate || next.message) return;
    invite.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(t('invite.sent'));
        onSent?.(influencer.id);
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
      okButtonProps={{ 'data-testid': 'invite-submit', disabled: noOpenTask } as never}
      maskClosable={!invite.isPending}
      centered
      destroyOnHidden
      modalRender={(node) => <div data-testid="invite-dialog">{node}</div>}
    >
      <Form id={`${id}-form`} layout="vertical" requiredMark onFinish={submit} className="tk-form" data-testid="invite-form">
        {fixedTask ? (
          <p className="tk-muted">{t('invite.task', { title: fixedTask.title })}</p>
        ) : (
          <Form.Item
            label={t('invite.pickTask')}
            htmlFor={`${id}-task`}
            required
            validateStatus={errors.task || mine.isError ? 'error' : undefined}
            help={errors.task ? <span id={`${id}-task-help`}>{errors.task}</span> : undefined}
          >
            {mine.isPending ? (
              <Skeleton.Input active block aria-label={t('invite.pickLoading')} />
            ) : mine.isError ? (
              <p role="alert" className="tk-invite-pick__problem" data-testid="invite-tasks-error">
                {apiErrorText(mine.error, t('invite.pickFailed'))}{' '}
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => void mine.refetch()} disabled={mine.isFetching}>
                  {tc('retry')}
                </button>
              </p>
            ) : noOpenTask ? (
              <p className="tk-note" data-testid="invite-no-open-task">
                {t('invite.noOpenTask')}{' '}
                <Link to="/company-tasks" onClick={onClose} data-testid="invite-publish-link">
                  {t('invite.toPublish')}
                </Link>
              </p>
            ) : (
              <Select
                id={`${id}-task`}
                value={chosenId ?? undefined}
                placeholder={t('invite.pickPlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                options={openTasks.map((x) => ({ value: x.id, label: x.title, hired: t('slots.hired', { current: x.currentApplicants, slots: x.slots }) }))}
                optionRender={(o) => (
                  <span className="tk-invite-pick">
                    <span className="tk-invite-pick__title">{o.data.label}</span>
                    <span className="tk-muted tk-invite-pick__slots">{o.data.hired}</span>
                  </span>
                )}
                labelRender={(v) => {
                  const x = openTasks.find((o) => o.id === v.value);
                  return x ? (
                    <span className="tk-invite-pick">
                      <span className="tk-invite-pick__title">{x.title}</span>
                      <span className="tk-muted tk-invite-pick__slots">{t('slots.hired', { current: x.currentApplicants, slots: x.slots })}</span>
                    </span>
                  ) : (
                    v.label
                  );
                }}
                onChange={(v: string) => {
                  setPickedId(v);
                  setErrors((e) => ({ ...e, task: undefined, rate: undefined }));
                  setFormError(null);
                }}
                aria-invalid={errors.task ? true : undefined}
                aria-describedby={errors.task ? `${id}-task-help` : undefined}
                data-testid="invite-task"
              />
            )}
          </Form.Item>
        )}
        {!task ? null : commissionOnly ? (
          <p className="tk-note" data-testid="invite-commission">
            {t('invite.commissionNote', { percent: formatBps(task.commissionBps) })}
          </p>
        ) : (
          <Form.Item
            label={task.pricingModel === 'slot_commission' ? t('invite.slotRate') : t('invite.rate')}
            htmlFor={`${id}-rate`}
            required
            validateStatus={errors.rate ? 'error' : undefined}
            help={<span id={`${id}-rate-help`}>{errors.rate ?? t('invite.rateHint', shown)}</span>}
          >
            {/* no min/max: an offer outside the budget is refused with a message, never clamped */}
            <InputNumber
              id={`${id}-rate`}
              prefix="$"
              precision={0}
              step={100}
              inputMode="numeric"
              style={{ width: '100%' }}
              placeholder={t('invite.ratePlaceholder', shown)}
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
        {/* with no open task there is nothing to write yet: only the note and its link */}
        <Form.Item
          hidden={noOpenTask}
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
        {!noOpenTask && <p className="tk-muted">{t('invite.expiryNote')}</p>}
        {formError && <Alert type="error" showIcon className="tk-form__alert" title={formError} data-testid="invite-error" />}
      </Form>
    </Modal>
  );
}
