import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, InputNumber } from 'antd';
import { LoginOutlined, SendOutlined } from '@ant-design/icons';
import type { Me } from '@shared/schemas/auth';
import type { TaskDetailResponse } from '@shared/schemas/tasks';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useAuthDialog } from '../auth/authDialogContext';
import { useApply } from './api';
import { formatAmount, useTaskFormat } from './format';
import { ApplicationStatusTag } from './StatusBadge';

const MESSAGE_MAX = 1000;

type Props = { detail: TaskDetailResponse; user: Me | null };

/**
 * The influencer side of the task page: the apply form while the task is open, the viewer's
 * application once applied, or why they cannot apply (请先登录达人账号, 已停止招募, 已满). After a
 * withdrawal the form comes back while the task is open and not full (the same application is sent
 * again, issue 10 #16).
 */
export function ApplyPanel({ detail, user }: Props) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const authDialog = useAuthDialog();
  const { task, viewer } = detail;
  const titleId = useId();

  const reapply = viewer.myApplication?.status === 'withdrawn' && viewer.canApply;
  let content: React.ReactNode;
  if (reapply) {
    content = (
      <>
        <p className="tk-note" data-testid="task-reapply-note">
          {t('apply.withdrawnCanReapply')}
        </p>
        <ApplyForm taskId={task.id} min={task.budgetMin} max={task.budgetMax} />
      </>
    );
  } else if (viewer.myApplication) {
    const a = viewer.myApplication;
    content = (
      <div className="tk-my-app" data-testid="task-my-application" data-status={a.status}>
        <div className="tk-my-app__row">
          <span>{t('apply.myApplication')}</span>
          <ApplicationStatusTag status={a.status} testId="task-my-application-status" />
        </div>
        {viewer.dealId && (
          <Link to={`/deal/${viewer.dealId}`} className="btn btn--primary btn--sm" data-testid="task-deal-link">
            {t('apply.viewDeal')}
          </Link>
        )}
        <dl className="tk-my-app__facts">
          <div>
            <dt>{t('apply.myRate')}</dt>
            <dd>{f.money(a.proposedRate)}</dd>
          </div>
          <div>
            <dt>{t('apply.appliedAt')}</dt>
            <dd>{f.dateTime(a.appliedAt)}</dd>
          </div>
          {a.message && (
            <div className="tk-my-app__msg">
              <dt>{t('apply.myMessage')}</dt>
              <dd>{a.message}</dd>
            </div>
          )}
        </dl>
        <Link to="/influencer-tasks" className="btn btn--ghost btn--block btn--sm">
          {t('apply.viewMyTasks')}
        </Link>
      </div>
    );
  } else if (task.status !== 'open') {
    content = <p className="tk-note" data-testid="task-apply-closed">{t('apply.notOpen')}</p>;
  } else if (!user) {
    content = (
      <div className="tk-note" data-testid="task-apply-login">
        <p className="tk-note__title">{t('apply.loginRequired')}</p>
        <p>{t('apply.loginRequiredText')}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => authDialog.open({ mode: 'signin', userType: 'influencer' })} data-testid="task-apply-signin">
          <LoginOutlined aria-hidden="true" />
          {t('apply.signIn')}
        </button>
      </div>
    );
  } else if (user.userType !== 'influencer') {
    content = (
      <div className="tk-note" data-testid="task-apply-login">
        <p className="tk-note__title">{t('apply.loginRequired')}</p>
        <p>{t('apply.influencerOnly')}</p>
      </div>
    );
  } else if (!viewer.canApply) {
    content = <p className="tk-note" data-testid="task-apply-full">{t('apply.full')}</p>;
  } else {
    content = <ApplyForm taskId={task.id} min={task.budgetMin} max={task.budgetMax} />;
  }

  return (
    <section className="tk-side card" aria-labelledby={titleId} data-testid="task-apply">
      <h2 className="tk-side__title" id={titleId}>
        {t('apply.title')}
      </h2>
      {content}
    </section>
  );
}

function ApplyForm({ taskId, min, max }: { taskId: string; min: number; max: number }) {
  const { t } = useTranslation('tasks');
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const apply = useApply();
  const id = useId().replace(/:/g, '');
  const [rate, setRate] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [rateError, setRateError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ text: string; profile?: boolean } | null>(null);
  const range = { min: formatAmount(min), max: formatAmount(max) };

  /** The quote's problem, if any: outside the budget is refused with a message, never clamped (issue 10 #9). */
  const rateProblem = (r: number | null) => {
    if (r === null || !Number.isFinite(r)) return errorText('QUOTE_REQUIRED');
    if (r < min || r > max) return errorText('QUOTE_OUT_OF_RANGE', range);
    return null;
  };

  const submit = () => {
    setFormError(null);
    const problem = rateProblem(rate);
    if (problem || rate === null) {
      setRateError(problem);
      return;
    }
    setRateError(null);
    apply.mutate(
      { taskId, proposedRate: Math.round(rate), message: message.trim() || null },
      {
        onSuccess: () => feedback.success(t('apply.success')),
        onError: (err) => {
          if (isApiError(err) && err.code === 'APPLICATION_DUPLICATE') {
            // the page reloads the task and shows the existing application instead of the form
            feedback.error(errorText('APPLICATION_DUPLICATE'));
          } else if (isApiError(err) && err.code === 'QUOTE_OUT_OF_RANGE') {
            setRateError(errorText('QUOTE_OUT_OF_RANGE', range));
          } else if (isApiError(err) && err.code === 'INFLUENCER_PROFILE_REQUIRED') {
            setFormError({ text: errorText('INFLUENCER_PROFILE_REQUIRED'), profile: true });
          } else {
            setFormError({ text: apiErrorText(err, t('apply.failed')) });
          }
        },
      },
    );
  };

  return (
    <Form layout="vertical" requiredMark onFinish={submit} className="tk-form" data-testid="task-apply-form">
      <Form.Item
        label={t('apply.rate')}
        htmlFor={`${id}-rate`}
        required
        validateStatus={rateError ? 'error' : undefined}
        help={rateError ? <span id={`${id}-rate-help`}>{rateError}</span> : <span id={`${id}-rate-help`}>{t('apply.rateHint', range)}</span>}
      >
        {/* no min/max: antd would silently clamp an out-of-budget quote on blur; it is refused with a message instead */}
        <InputNumber
          id={`${id}-rate`}
          size="large"
          prefix="$"
          precision={0}
          step={100}
          inputMode="numeric"
          style={{ width: '100%' }}
          placeholder={t('apply.ratePlaceholder', range)}
          value={rate}
          onChange={(v) => {
            setRate(typeof v === 'number' ? v : null);
            setRateError(null);
          }}
          onBlur={() => {
            if (rate !== null) setRateError(rateProblem(rate));
          }}
          aria-invalid={rateError ? true : undefined}
          aria-describedby={`${id}-rate-help`}
          data-testid="task-apply-rate"
        />
      </Form.Item>
      <Form.Item label={t('apply.message')} htmlFor={`${id}-message`}>
        <Input.TextArea
          id={`${id}-message`}
          rows={4}
          maxLength={MESSAGE_MAX}
          showCount
          placeholder={t('apply.messagePlaceholder')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="task-apply-message"
        />
      </Form.Item>
      {formError && (
        <Alert
          type="error"
          showIcon
          className="tk-form__alert"
          title={formError.text}
          description={
            formError.profile ? (
              <Link to="/influencer-profile" data-testid="task-apply-profile-link">
                {t('apply.completeProfile')}
              </Link>
            ) : undefined
          }
          data-testid="task-apply-error"
        />
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={apply.isPending} icon={<SendOutlined aria-hidden="true" />} data-testid="task-apply-submit">
        {apply.isPending ? t('apply.submitting') : t('apply.submit')}
      </Button>
    </Form>
  );
}
