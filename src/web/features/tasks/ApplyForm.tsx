import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, InputNumber } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { dollarsInputToCents, formatBps, type PricingModel } from '@shared/money';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useApply } from './api';
import { formatMoney, formatMoneyDigits } from '../../lib/format';

const MESSAGE_MAX = 1000;

/** The apply form (antd): its own chunk, loaded with the antd scope only for an influencer who can apply (decision 0021). */
export function ApplyForm({
  taskId,
  min,
  max,
  model,
  commissionBps,
}: {
  taskId: string;
  min: number;
  max: number;
  model: PricingModel;
  commissionBps: number;
}) {
  const { t } = useTranslation('tasks');
  const { errorText, apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const apply = useApply();
  const id = useId().replace(/:/g, '');
  const [rate, setRate] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [rateError, setRateError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ text: string; profile?: boolean } | null>(null);
  // the shared error texts carry their own $ (报价需在 ${min} - ${max} 之间); the hints take whole amounts
  const range = { min: formatMoneyDigits(min), max: formatMoneyDigits(max) };
  const shown = { min: formatMoney(min), max: formatMoney(max) };

  /** The quote's problem, if any: outside the budget is refused with a message, never clamped (issue 10 #9). */
  const rateProblem = (r: number | null) => {
    // commission only: nothing to quote
    if (model === 'commission') return null;
    const cents = r === null ? null : dollarsInputToCents(r);
    if (cents === null) return errorText('QUOTE_REQUIRED');
    // the budget is integer cents; the quote is typed in dollars
    if (cents < min || cents > max) return errorText('QUOTE_OUT_OF_RANGE', range);
    return null;
  };

  const submit = () => {
    setFormError(null);
    const problem = rateProblem(rate);
    if (problem || (rate === null && model !== 'commission')) {
      setRateError(problem);
      return;
    }
    setRateError(null);
    apply.mutate(
      { taskId, proposedRateCents: model === 'commission' ? 0 : (dollarsInputToCents(rate ?? 0) ?? 0), message: message.trim() || null },
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
      {model !== 'fixed' && (
        <p className="tk-note" data-testid="task-apply-pricing">
          {model === 'commission'
            ? t('pricing.commissionOf', { percent: formatBps(commissionBps) })
            : t('pricing.slotPlus', { percent: formatBps(commissionBps) })}
        </p>
      )}
      {model !== 'commission' && (
        <Form.Item
          label={model === 'slot_commission' ? t('pricing.slotRate') : t('apply.rate')}
          htmlFor={`${id}-rate`}
          required
          validateStatus={rateError ? 'error' : undefined}
          help={rateError ? <span id={`${id}-rate-help`}>{rateError}</span> : <span id={`${id}-rate-help`}>{t('apply.rateHint', shown)}</span>}
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
            placeholder={t('apply.ratePlaceholder', shown)}
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
      )}
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
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={apply.isPending}
        icon={<SendOutlined aria-hidden="true" />}
        data-testid="task-apply-submit"
      >
        {apply.isPending ? t('apply.submitting') : t('apply.submit')}
      </Button>
    </Form>
  );
}
