import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { DISPUTE_REASONS, eventDef, type DealEvent } from '@shared/deals';
import { FORMS } from '@shared/schemas/deals';
import { decisionComparison, dollarsInputToCents, percentInputToBps, type PricingModel, type SettlementTerms } from '@shared/money';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { issuesToErrors, serverFieldErrors, type FieldErrors } from '../../lib/validation';
import { useFieldText } from '../auth/useFieldText';
import { isFiredDealEvent, useDealEvent, type DealEventCall } from './api';
import { usePrivateImages, type PrivateImage } from './usePrivateImages';
import { SettlementCompare } from './SettlementCompare';

type Values = Record<string, unknown>;

const initial = (form: string | undefined): Values => {
  switch (form) {
    case 'samples':
      return { carrier: '', trackingNo: '' };
    case 'schedule':
      return { start: '', end: '', roomUrl: '' };
    case 'report':
      return { replayUrl: '', startedAt: '', endedAt: '', views: null, peakViewers: null, orders: null, gmv: null, screenshots: [] };
    case 'dispute':
      return { reason: undefined, statement: '', evidence: [] };
    case 'answer':
      return { statement: '', evidence: [] };
    case 'resolution':
      // payoutBps holds the share as typed (a whole percent); the body sends basis points (decision 0053)
      return { reason: '', payoutBps: null, awardDeposit: false };
    default:
      return { reason: '' };
  }
};

/** the request body of a form: dates as ISO strings, dollars as cents */
function toBody(form: string | undefined, v: Values): Values {
  // datetime-local gives the browser's local time without a zone: the instant it names
  const iso = (d: unknown) => {
    if (typeof d !== 'string' || !d) return d ?? '';
    const x = new Date(d);
    return Number.isNaN(x.getTime()) ? d : x.toISOString();
  };
  const ids = (list: unknown) => (Array.isArray(list) ? (list as { id: string }[]).map((x) => x.id) : []);
  switch (form) {
    case 'schedule':
      return { ...v, start: iso(v.start), end: iso(v.end) };
    case 'report': {
      const { gmv, screenshots, ...rest } = v;
      return {
        ...rest,
        startedAt: iso(v.startedAt),
        endedAt: iso(v.endedAt),
        gmvCents: typeof gmv === 'number' ? (dollarsInputToCents(gmv) ?? Number.NaN) : gmv,
        screenshots: ids(screenshots),
      };
    }
    case 'dispute':
    case 'answer':
      return { ...v, evidence: ids(v.evidence) };
    case 'resolution': {
      const { payoutBps: percent, ...rest } = v;
      if (percent === null) return rest;
      return { ...rest, payoutBps: typeof percent === 'number' ? (percentInputToBps(percent) ?? Number.NaN) : percent };
    }
    default:
      return v;
  }
}

/**
 * The form (or the confirmation) of one deal event. Checked with the same schema the server uses,
 * then sent; the server's answer (a field, a state that moved on) is shown in the dialog.
 */
export function DealActionDialog({
  dealId,
  event,
  onClose,
  amount,
  depositHeld = false,
  settlement,
}: {
  dealId: string;
  event: DealEvent | null;
  onClose: () => void;
  /** what a payment event moves, formatted (待付款) */
  amount?: string;
  /** an admin deciding a dispute may give the held deposit to the company */
  depositHeld?: boolean;
  /** a money-tracked deal's settlement terms: an admin's decision shows what it pays, as agreed and as decided */
  settlement?: { terms: SettlementTerms; pricingModel: PricingModel; depositCents: number };
}) {
  const { t } = useTranslation('deals');
  const p = useId();
  const fieldText = useFieldText();
  const { apiErrorText } = useErrorText();
  const fire = useDealEvent(dealId);
  const form = event ? eventDef(event).form : undefined;
  const [values, setValues] = useState<Values>(() => initial(form));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [shortOfMoney, setShortOfMoney] = useState(false);
  const [uploading, setUploading] = useState(0);

  useEffect(() => {
    setValues(initial(form));
    setErrors({});
    setFormError(null);
    setShortOfMoney(false);
  }, [event, form]);

  if (!event) return null;
  const set = (k: string, v: unknown) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => {
      const { [k]: _drop, ...rest } = e;
      return rest;
    });
  };

  const submit = () => {
    // a deal lists only events a person fires (the platform's own are no operation)
    if (!isFiredDealEvent(event)) return;
    // an event without a form sends an empty body, as its operation declares
    const body = form ? toBody(form, values) : {};
    if (form) {
      const parsed = FORMS[form].safeParse(body);
      if (!parsed.success) {
        const errs = issuesToErrors(parsed.error.issues);
        // the report's money field is typed in dollars
        if (errs.gmvCents) errs.gmv = errs.gmvCents;
        setErrors(errs);
        return;
      }
    }
    setFormError(null);
    fire.mutate(
      // checked just above with the event's own form, the schema the server and the document use
      { event, body } as DealEventCall,
      {
        onSuccess: () => onClose(),
        onError: (err) => {
          if (isApiError(err) && err.fields) setErrors(serverFieldErrors(err.fields));
          setShortOfMoney(isApiError(err) && err.code === 'WALLET_INSUFFICIENT');
          setFormError(apiErrorText(err, t('failed')));
        },
      },
    );
  };

  const item = (key: string, label: string, control: ReactNode, required = true) => {
    const err = fieldText(errors[key]);
    return (
      <Form.Item
        label={label}
        htmlFor={`${p}-${key}`}
        required={required}
        validateStatus={err ? 'error' : undefined}
        help={err ? <span id={`${p}-${key}-help`}>{err}</span> : undefined}
      >
        {control}
      </Form.Item>
    );
  };
  const aria = (key: string) => ({
    id: `${p}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${p}-${key}-help` : undefined,
    'data-testid': `deal-field-${key}`,
  });
  const text = (key: string, label: string, opts: { placeholder?: string; multiline?: boolean; max?: number } = {}) =>
    item(
      key,
      label,
      opts.multiline ? (
        <Input.TextArea
          {...aria(key)}
          value={String(values[key] ?? '')}
          onChange={(e) => set(key, e.target.value)}
          rows={4}
          maxLength={opts.max}
          showCount={Boolean(opts.max)}
        />
      ) : (
        <Input
          {...aria(key)}
          value={String(values[key] ?? '')}
          onChange={(e) => set(key, e.target.value)}
          placeholder={opts.placeholder}
          maxLength={opts.max}
          inputMode={opts.placeholder === 'https://' ? 'url' : undefined}
        />
      ),
    );
  const num = (key: string, label: string, opts: { min?: number; max?: number; step?: number } = {}) =>
    item(
      key,
      label,
      <InputNumber
        {...aria(key)}
        className="dl-num"
        value={values[key] as number | null}
        min={opts.min ?? 0}
        max={opts.max}
        step={opts.step ?? 1}
        onChange={(v) => set(key, v)}
        inputMode="decimal"
      />,
    );
  // a native date-time field: the phone's own picker, typed values on desktops
  const when = (key: string, label: string) =>
    item(key, label, <Input {...aria(key)} type="datetime-local" value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)} />);

  let body: ReactNode;
  switch (form) {
    case 'samples':
      body = (
        <>
          {text('carrier', t('form.carrier'), { placeholder: t('form.carrierPlaceholder'), max: 50 })}
          {text('trackingNo', t('form.trackingNo'), { max: 60 })}
        </>
      );
      break;
    case 'schedule':
      body = (
        <>
          {when('start', t('form.start'))}
          {when('end', t('form.end'))}
          {text('roomUrl', t('form.roomUrl'), { placeholder: t('form.roomUrlPlaceholder'), max: 500 })}
        </>
      );
      break;
    case 'report':
      body = (
        <>
          {text('replayUrl', t('form.replayUrl'), { placeholder: 'https://', max: 500 })}
          <div className="dl-grid2">
            {when('startedAt', t('form.startedAt'))}
            {when('endedAt', t('form.endedAt'))}
            {num('views', t('form.views'))}
            {num('peakViewers', t('form.peakViewers'))}
            {num('orders', t('form.orders'))}
            {num('gmv', t('form.gmv'), { step: 0.01 })}
          </div>
          <ImagesField
            label={t('form.screenshots')}
            value={values.screenshots as Img[]}
            onChange={(v) => set('screenshots', v)}
            onBusy={(d) => setUploading((n) => n + d)}
          />
        </>
      );
      break;
    case 'dispute':
      body = (
        <>
          {item(
            'reason',
            t('form.disputeReason'),
            <Select
              {...aria('reason')}
              value={values.reason as string | undefined}
              onChange={(v) => set('reason', v)}
              options={DISPUTE_REASONS.map((r) => ({ value: r, label: t(`disputes.reasons.${r}`) }))}
              placeholder={t('form.disputeReason')}
            />,
          )}
          {text('statement', t('form.statement'), { multiline: true, max: 2000 })}
          <ImagesField
            label={t('form.evidence')}
            value={values.evidence as Img[]}
            onChange={(v) => set('evidence', v)}
            onBusy={(d) => setUploading((n) => n + d)}
          />
        </>
      );
      break;
    case 'answer':
      body = (
        <>
          {text('statement', t('form.statement'), { multiline: true, max: 2000 })}
          <ImagesField
            label={t('form.evidence')}
            value={values.evidence as Img[]}
            onChange={(v) => set('evidence', v)}
            onBusy={(d) => setUploading((n) => n + d)}
          />
        </>
      );
      break;
    case 'resolution':
      body = (
        <>
          {event === 'resolve_partial' && num('payoutBps', t('form.percent'), { min: 1, max: 99 })}
          {text('reason', t('form.decisionReason'), { multiline: true, max: 1000 })}
          {depositHeld && (
            <Checkbox checked={Boolean(values.awardDeposit)} onChange={(e) => set('awardDeposit', e.target.checked)} data-testid="deal-field-awardDeposit">
              {t('form.awardDeposit')}
            </Checkbox>
          )}
          {settlement && (
            <DecisionPreview
              event={event}
              percent={values.payoutBps}
              awardDeposit={Boolean(values.awardDeposit)}
              settlement={settlement}
              depositHeld={depositHeld}
            />
          )}
        </>
      );
      break;
    case 'reason':
      body = text('reason', t('form.reason'), { multiline: true, max: 500 });
      break;
    default:
      body = <p data-testid="deal-confirm-text">{hasConfirmText(event) ? t(`confirmTexts.${event}`, { amount: amount ?? '' }) : t(`events.${event}`)}</p>;
  }

  return (
    <Modal
      open
      title={t(`events.${event}`)}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!fire.isPending}
      modalRender={(node) => <div data-testid="deal-dialog">{node}</div>}
      footer={
        <div className="dl-dialog-foot">
          <Button onClick={onClose} disabled={fire.isPending}>
            {t('form.cancel')}
          </Button>
          <Button
            type="primary"
            danger={event === 'cancel' || event === 'admin_cancel' || event === 'dispute' || event === 'agree_cancel' || event === 'resolve_cancel'}
            onClick={submit}
            loading={fire.isPending}
            disabled={uploading > 0}
            data-testid="deal-dialog-submit"
          >
            {t('form.submit')}
          </Button>
        </div>
      }
    >
      <Form layout="vertical" component="div" className="dl-form">
        {body}
      </Form>
      {formError && (
        <Alert
          type="error"
          showIcon
          title={formError}
          role="alert"
          data-testid="deal-dialog-error"
          action={
            shortOfMoney ? (
              <Link to="/wallet" className="btn btn--sm btn--primary" data-testid="deal-topup-link">
                {t('funds.topUp')}
              </Link>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/**
 * What the decision pays, as agreed and as decided, recomputed as the share is typed (decisionComparison: the
 * computation the server settles with). 部分完成 at the typed share, 完成 at 100 %, 取消 at 0 %.
 */
function DecisionPreview({
  event,
  percent,
  awardDeposit,
  depositHeld,
  settlement,
}: {
  event: DealEvent;
  percent: unknown;
  awardDeposit: boolean;
  depositHeld: boolean;
  settlement: { terms: SettlementTerms; pricingModel: PricingModel; depositCents: number };
}) {
  const { t } = useTranslation('deals');
  const share =
    event === 'resolve_complete'
      ? 100
      : event === 'resolve_cancel'
        ? 0
        : typeof percent === 'number' && Number.isInteger(percent) && percent >= 1 && percent <= 99
          ? percent
          : null;
  const { before, after } = decisionComparison(settlement.terms, share ?? 100);
  return (
    <SettlementCompare
      title={t('decision.previewTitle')}
      terms={settlement.terms}
      pricingModel={settlement.pricingModel}
      before={before}
      after={share === null ? null : after}
      percent={share}
      deposit={depositHeld ? { cents: settlement.depositCents, awarded: awardDeposit } : undefined}
      testId="deal-decision-preview"
    />
  );
}

const CONFIRM_TEXTS = [
  'pay_fee',
  'pay_deposit',
  'receive_samples',
  'confirm_schedule',
  'confirm',
  'withdraw_dispute',
  'agree_cancel',
  'decline_cancel',
  'withdraw_cancel',
] as const;
const hasConfirmText = (e: DealEvent): e is (typeof CONFIRM_TEXTS)[number] => (CONFIRM_TEXTS as readonly string[]).includes(e);

type Img = PrivateImage;

/** Up to 9 private images, each uploaded when chosen (private to the deal's parties). */
function ImagesField({ label, value, onChange, onBusy }: { label: string; value: Img[]; onChange: (v: Img[]) => void; onBusy: (delta: number) => void }) {
  const { t } = useTranslation('deals');
  const id = useId();
  const { inputRef, pick, pending, problem } = usePrivateImages(value, onChange, 9, onBusy);

  return (
    <div className="dl-images">
      <label htmlFor={id} className="dl-images__label">
        {label}
      </label>
      <ul className="dl-images__list">
        {value.map((img) => (
          <li key={img.id} className="dl-images__item">
            <img src={img.preview} alt="" width={72} height={72} />
            <button
              type="button"
              className="dl-images__remove"
              aria-label={t('form.removeImage')}
              onClick={() => onChange(value.filter((x) => x.id !== img.id))}
            >
              <CloseOutlined aria-hidden="true" />
            </button>
          </li>
        ))}
        {value.length + pending < 9 && (
          <li>
            <button type="button" className="dl-images__add" onClick={() => inputRef.current?.click()} data-testid="deal-images-add">
              <PlusOutlined aria-hidden="true" />
              <span>{pending > 0 ? t('form.uploading') : t('form.addImage')}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        id={id}
        className="dl-images__input"
        type="file"
        accept="image/*"
        multiple
        onChange={(e) => void pick(e.target.files)}
        data-testid="deal-images-input"
      />
      {problem && (
        <p className="dl-images__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
