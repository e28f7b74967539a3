import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select } from 'antd';
import { PRICING_MODELS, dollarsInputToCents, percentInputToBps, type PricingModel } from '@shared/money';
import { ONLINE_LOCATION_LABEL, storedLocation } from '@shared/options';
import { CheckCircleFilled } from '@ant-design/icons';
import { TASK_SLOTS_MAX, liveDateInWindow, taskCreateRequest, type TaskCreateInput } from '@shared/schemas/tasks';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useFieldText } from '../auth/useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { categoriesQuery, newIdempotencyKey, useCreateTask } from './api';
import { useTaskFormat } from './format';

/** part 2 §2: after 任务已创建 the user goes back after 1.2 s */
const BACK_AFTER_MS = 1200;
const DEFAULTS = { maxApplicants: 5, slots: 1, durationHours: 2 } as const;

type Values = {
  title: string;
  description: string;
  categoryId: string | undefined;
  productName: string;
  requirements: string;
  // named like the API's fields (their errors land here); the amounts hold dollars, the commission a percentage, as typed
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  maxApplicants: number | null;
  slots: number | null;
  liveDate: string;
  durationHours: number | null;
  location: string;
  isUrgent: boolean;
  isAdvancePaid: boolean;
  paidAmountCents: number | null;
  requiresDeposit: boolean;
  depositAmountCents: number | null;
  pricingModel: PricingModel;
  commissionBps: number | null;
};

const initialValues = (lang: 'zh' | 'en'): Values => ({
  title: '',
  description: '',
  categoryId: undefined,
  productName: '',
  requirements: '',
  budgetMinCents: null,
  budgetMaxCents: null,
  maxApplicants: DEFAULTS.maxApplicants,
  slots: DEFAULTS.slots,
  liveDate: '',
  durationHours: DEFAULTS.durationHours,
  // online, in the reader's language (线上 / Online); either word, or a blank, is stored as 线上
  location: ONLINE_LOCATION_LABEL[lang],
  isUrgent: false,
  isAdvancePaid: false,
  paidAmountCents: null,
  requiresDeposit: false,
  depositAmountCents: null,
  pricingModel: 'fixed',
  commissionBps: null,
});

/** datetime-local value ("2025-06-01T20:00", local time) → ISO with offset */
function toIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The form values as the shared schema reads them (blank numbers → undefined, so they are "required"). */
function toInput(v: Values): { [K in keyof TaskCreateInput]: unknown } {
  const num = (n: number | null) => (n === null ? undefined : n);
  // the money fields hold dollars and the commission a percentage as typed; the API takes integer cents and
  // basis points (decision 0053), converted by string handling (a value with too many decimals is refused: NaN)
  const cents = (n: number | null) => (n === null ? undefined : (dollarsInputToCents(n) ?? Number.NaN));
  const bps = (n: number | null) => (n === null ? undefined : (percentInputToBps(n) ?? Number.NaN));
  return {
    title: v.title,
    description: v.description,
    categoryId: v.categoryId ?? '',
    productName: v.productName,
    requirements: v.requirements,
    budgetMinCents: cents(v.budgetMinCents),
    budgetMaxCents: cents(v.budgetMaxCents),
    // a cleared count is an error, not the default
    maxApplicants: v.maxApplicants === null ? Number.NaN : v.maxApplicants,
    slots: v.slots === null ? Number.NaN : v.slots,
    liveDate: toIso(v.liveDate),
    durationHours: num(v.durationHours),
    location: storedLocation(v.location),
    isUrgent: v.isUrgent,
    isAdvancePaid: v.isAdvancePaid,
    paidAmountCents: v.isAdvancePaid ? cents(v.paidAmountCents) : null,
    requiresDeposit: v.requiresDeposit,
    depositAmountCents: v.requiresDeposit ? cents(v.depositAmountCents) : null,
    pricingModel: v.pricingModel,
    commissionBps: v.pricingModel === 'fixed' ? null : bps(v.commissionBps),
  };
}

type Props = { open: boolean; onClose: () => void };

/** 发布新任务: every field of part 2 §2, validated with the shared taskCreateRequest schema. */
export default function PublishTaskDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('tasks');
  const f = useTaskFormat();
  const feedback = useFeedback();
  const fieldText = useFieldText();
  const { apiErrorText } = useErrorText();
  const create = useCreateTask();
  const categories = useQuery(categoriesQuery);
  const p = `publish-${useId().replace(/:/g, '')}`;
  const [values, setValues] = useState<Values>(() => initialValues(f.lang));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ text: string; profile?: boolean; wallet?: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // one Idempotency-Key per form content: a double click or a retry of the same content gets the
  // task the first request created; any edit starts a new key (issue 10 #11)
  const idempotencyKey = useRef<string>(newIdempotencyKey());
  // set at once (isPending only changes on the next render): a second click in the same tick is ignored
  const sending = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // after a failed submit: focus the first invalid field, else bring the form's message into view
  const formRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const root = formRef.current;
    const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else root?.querySelector('[data-testid="publish-error"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [attempt]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    idempotencyKey.current = newIdempotencyKey();
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutPrefix(e, key));
    setFormError(null);
  };

  /** 直播日期需在今天到一年内 (issue 10) */
  const liveDateError = () => {
    const iso = toIso(values.liveDate);
    return iso && !liveDateInWindow(new Date(iso), new Date()) ? { code: 'TASK_LIVE_DATE_RANGE' } : undefined;
  };

  const submit = () => {
    if (sending.current || create.isPending || done) return;
    setFormError(null);
    const parsed = taskCreateRequest.safeParse(toInput(values));
    if (!parsed.success) {
      // the schema's cross-field checks only run once the fields parse: show them at once too
      const extra: FieldErrors = {};
      if (values.budgetMinCents !== null && values.budgetMaxCents !== null && values.budgetMaxCents < values.budgetMinCents)
        extra.budgetMaxCents = { code: 'TASK_BUDGET_RANGE' };
      if (values.slots !== null && values.maxApplicants !== null && values.slots > values.maxApplicants) extra.slots = { code: 'TASK_SLOTS_OVER_APPLICANTS' };
      if (values.isAdvancePaid && !(values.paidAmountCents !== null && values.paidAmountCents > 0)) extra.paidAmountCents = { code: 'TASK_PREPAYMENT_INVALID' };
      if (values.requiresDeposit && !(values.depositAmountCents !== null && values.depositAmountCents > 0))
        extra.depositAmountCents = { code: 'TASK_DEPOSIT_INVALID' };
      if (values.isAdvancePaid && values.paidAmountCents !== null && values.budgetMaxCents !== null && values.paidAmountCents > values.budgetMaxCents)
        extra.paidAmountCents = { code: 'TASK_PREPAYMENT_OVER_BUDGET' };
      if (values.requiresDeposit && values.depositAmountCents !== null && values.budgetMaxCents !== null && values.depositAmountCents > values.budgetMaxCents)
        extra.depositAmountCents = { code: 'TASK_DEPOSIT_OVER_BUDGET' };
      const live = liveDateError();
      if (live) extra.liveDate = live;
      setErrors({ ...extra, ...issuesToErrors(parsed.error.issues) });
      setFormError({ text: t('publish.fixErrors') });
      setAttempt((n) => n + 1);
      return;
    }
    // the server checks the same window against its clock
    const live = liveDateError();
    if (live) {
      setErrors({ liveDate: live });
      setFormError({ text: t('publish.fixErrors') });
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    sending.current = true;
    create.mutate(
      { body: parsed.data, idempotencyKey: idempotencyKey.current },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          setDone(true);
          feedback.success(t('publish.success'));
          timer.current = window.setTimeout(onClose, BACK_AFTER_MS);
        },
        onError: (err) => {
          setAttempt((n) => n + 1);
          if (isApiError(err) && err.code === 'COMPANY_PROFILE_REQUIRED') {
            setFormError({ text: t('publish.noProfile'), profile: true });
            return;
          }
          if (isApiError(err) && (err.code === 'WALLET_INSUFFICIENT' || err.code === 'COMMISSION_DUE')) {
            setFormError({ text: apiErrorText(err, t('publish.failed')), wallet: true });
            return;
          }
          if (isApiError(err) && err.fields && Object.keys(err.fields).length > 0) setErrors(serverFieldErrors(err.fields));
          setFormError({ text: apiErrorText(err, t('publish.failed')) });
        },
      },
    );
  };

  /** label + error wiring of one field */
  const item = (key: string, label: string, control: ReactNode, opts: { required?: boolean; hint?: string } = {}) => {
    const err = fieldText(errors[key]);
    const helpId = `${p}-${key}-help`;
    return (
      <Form.Item
        label={label}
        htmlFor={`${p}-${key}`}
        required={opts.required}
        validateStatus={err ? 'error' : undefined}
        help={err || opts.hint ? <span id={helpId}>{err ?? opts.hint}</span> : undefined}
      >
        {control}
      </Form.Item>
    );
  };
  const aria = (key: string, hint = false) => ({
    id: `${p}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] || hint ? `${p}-${key}-help` : undefined,
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('publish.title')}
      size="min(720px, 100vw)"
      destroyOnHidden
      maskClosable={!create.isPending}
      data-testid="publish-drawer"
      footer={
        done ? null : (
          <div className="tk-drawer-foot">
            <Button onClick={onClose} disabled={create.isPending} data-testid="publish-cancel">
              {t('publish.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" form={`${p}-form`} loading={create.isPending} disabled={create.isPending} data-testid="publish-submit">
              {create.isPending ? t('publish.submitting') : t('publish.submit')}
            </Button>
          </div>
        )
      }
    >
      {done ? (
        <div className="tk-done" role="status" data-testid="publish-success">
          <CheckCircleFilled className="tk-done__icon" aria-hidden="true" />
          <p className="tk-done__title">{t('publish.success')}</p>
        </div>
      ) : (
        <div ref={formRef}>
          <Form id={`${p}-form`} layout="vertical" requiredMark onFinish={submit} className="tk-form tk-publish" data-testid="publish-form">
            <p className="tk-muted tk-publish__intro">{t('publish.subtitle')}</p>
            <fieldset className="tk-fieldset">
              <legend>{t('publish.sectionBasic')}</legend>
              {item(
                'title',
                t('publish.taskTitle'),
                <Input
                  {...aria('title')}
                  maxLength={100}
                  placeholder={t('publish.taskTitlePlaceholder')}
                  value={values.title}
                  onChange={(e) => set('title', e.target.value)}
                  data-testid="publish-title"
                />,
                { required: true },
              )}
              {item(
                'description',
                t('publish.description'),
                <Input.TextArea
                  {...aria('description')}
                  rows={4}
                  maxLength={5000}
                  placeholder={t('publish.descriptionPlaceholder')}
                  value={values.description}
                  onChange={(e) => set('description', e.target.value)}
                  data-testid="publish-description"
                />,
                { required: true },
              )}
              <div className="tk-form__row">
                {item(
                  'categoryId',
                  t('publish.category'),
                  <Select
                    {...aria('categoryId')}
                    placeholder={t('publish.categoryPlaceholder')}
                    value={values.categoryId}
                    onChange={(v: string) => set('categoryId', v)}
                    loading={categories.isPending}
                    status={categories.isError ? 'error' : undefined}
                    notFoundContent={categories.isError ? t('publish.categoriesFailed') : undefined}
                    onOpenChange={(o) => {
                      if (o && categories.isError) void categories.refetch();
                    }}
                    options={(categories.data ?? []).map((c) => ({ value: c.id, label: f.category(c) }))}
                    // the list lives in the drawer, next to its field: in <body> it was placed in page
                    // coordinates, so any scroll of the page behind the (fixed) drawer moved the list away
                    // from the field until it re-aligned, and a click in between hit the field instead of
                    // the option (issue 10 #23: the flaky "无法获取企业信息" browser test)
                    getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
                    data-testid="publish-category"
                  />,
                  { required: true },
                )}
                {item(
                  'productName',
                  t('publish.productName'),
                  <Input
                    {...aria('productName')}
                    maxLength={100}
                    placeholder={t('publish.productNamePlaceholder')}
                    value={values.productName}
                    onChange={(e) => set('productName', e.target.value)}
                    data-testid="publish-product"
                  />,
                )}
              </div>
              {item(
                'requirements',
                t('publish.requirements'),
                <Input.TextArea
                  {...aria('requirements', true)}
                  rows={4}
                  placeholder={t('publish.requirementsPlaceholder')}
                  value={values.requirements}
                  onChange={(e) => set('requirements', e.target.value)}
                  data-testid="publish-requirements"
                />,
                { hint: t('publish.requirementsHint') },
              )}
            </fieldset>

            <fieldset className="tk-fieldset">
              <legend>{t('publish.sectionBudget')}</legend>
              <div className="tk-form__row tk-form__row--3">
                {item(
                  'budgetMinCents',
                  t('publish.budgetMin'),
                  <InputNumber
                    {...aria('budgetMinCents')}
                    prefix="$"
                    min={0}
                    max={100_000_000}
                    precision={0}
                    step={100}
                    style={{ width: '100%' }}
                    value={values.budgetMinCents}
                    onChange={(v) => set('budgetMinCents', typeof v === 'number' ? v : null)}
                    data-testid="publish-budget-min"
                  />,
                  { required: true },
                )}
                {item(
                  'budgetMaxCents',
                  t('publish.budgetMax'),
                  <InputNumber
                    {...aria('budgetMaxCents')}
                    prefix="$"
                    min={0}
                    max={100_000_000}
                    precision={0}
                    step={100}
                    style={{ width: '100%' }}
                    value={values.budgetMaxCents}
                    onChange={(v) => set('budgetMaxCents', typeof v === 'number' ? v : null)}
                    data-testid="publish-budget-max"
                  />,
                  { required: true },
                )}
                {item(
                  'maxApplicants',
                  t('publish.maxApplicants'),
                  <InputNumber
                    {...aria('maxApplicants')}
                    min={1}
                    max={1000}
                    precision={0}
                    style={{ width: '100%' }}
                    value={values.maxApplicants}
                    onChange={(v) => set('maxApplicants', typeof v === 'number' ? v : null)}
                    data-testid="publish-max-applicants"
                  />,
                  { required: true },
                )}
              </div>
              {item(
                'slots',
                t('slots.field'),
                // no min/max clamping beyond the schema's: a count over 最大申请人数 is reported, not changed
                <InputNumber
                  {...aria('slots', true)}
                  min={1}
                  max={TASK_SLOTS_MAX}
                  precision={0}
                  style={{ width: '100%', maxWidth: 200 }}
                  value={values.slots}
                  onChange={(v) => set('slots', typeof v === 'number' ? v : null)}
                  data-testid="publish-slots"
                />,
                { required: true, hint: t('slots.hint') },
              )}
            </fieldset>

            <fieldset className="tk-fieldset">
              <legend>{t('publish.sectionLive')}</legend>
              <div className="tk-form__row tk-form__row--3">
                {item(
                  'liveDate',
                  t('publish.liveDate'),
                  <Input
                    {...aria('liveDate')}
                    type="datetime-local"
                    value={values.liveDate}
                    onChange={(e) => set('liveDate', e.target.value)}
                    data-testid="publish-live-date"
                  />,
                )}
                {item(
                  'durationHours',
                  t('publish.durationHours'),
                  <InputNumber
                    {...aria('durationHours')}
                    min={0.5}
                    max={24}
                    step={0.5}
                    precision={1}
                    style={{ width: '100%' }}
                    value={values.durationHours}
                    onChange={(v) => set('durationHours', typeof v === 'number' ? v : null)}
                    data-testid="publish-duration"
                  />,
                )}
                {item(
                  'location',
                  t('publish.location'),
                  <Input
                    {...aria('location')}
                    maxLength={100}
                    placeholder={t('publish.locationPlaceholder')}
                    value={values.location}
                    onChange={(e) => set('location', e.target.value)}
                    data-testid="publish-location"
                  />,
                )}
              </div>
              <Form.Item help={<span id={`${p}-isUrgent-help`}>{t('publish.isUrgentHint')}</span>}>
                <Checkbox
                  checked={values.isUrgent}
                  onChange={(e) => set('isUrgent', e.target.checked)}
                  aria-describedby={`${p}-isUrgent-help`}
                  data-testid="publish-urgent"
                >
                  {t('publish.isUrgent')}
                </Checkbox>
              </Form.Item>
            </fieldset>

            <fieldset className="tk-fieldset">
              <legend>{t('publish.sectionPayment')}</legend>
              {item(
                'pricingModel',
                t('publish.pricingModel'),
                <Radio.Group
                  {...aria('pricingModel')}
                  optionType="button"
                  value={values.pricingModel}
                  onChange={(e) => set('pricingModel', e.target.value as PricingModel)}
                  options={PRICING_MODELS.map((m) => ({ value: m, label: t(`pricing.${m}`) }))}
                  data-testid="publish-pricing-model"
                />,
                { hint: t(`pricing.hint.${values.pricingModel}`) },
              )}
              {values.pricingModel !== 'fixed' &&
                item(
                  'commissionBps',
                  t('publish.commissionPercent'),
                  <InputNumber
                    {...aria('commissionBps')}
                    suffix="%"
                    min={0}
                    max={100}
                    step={0.5}
                    precision={2}
                    style={{ width: '100%' }}
                    value={values.commissionBps}
                    onChange={(v) => set('commissionBps', typeof v === 'number' ? v : null)}
                    data-testid="publish-commission"
                  />,
                  { required: true },
                )}
              <div className="tk-form__row">
                <div>
                  <Form.Item className="tk-form__check">
                    <Checkbox checked={values.isAdvancePaid} onChange={(e) => set('isAdvancePaid', e.target.checked)} data-testid="publish-prepay">
                      {t('publish.isAdvancePaid')}
                    </Checkbox>
                  </Form.Item>
                  {values.isAdvancePaid &&
                    item(
                      'paidAmountCents',
                      t('publish.paidAmount'),
                      <InputNumber
                        {...aria('paidAmountCents')}
                        prefix="$"
                        min={0}
                        step={0.01}
                        precision={2}
                        style={{ width: '100%' }}
                        value={values.paidAmountCents}
                        onChange={(v) => set('paidAmountCents', typeof v === 'number' ? v : null)}
                        data-testid="publish-paid-amount"
                      />,
                      { required: true },
                    )}
                </div>
                <div>
                  <Form.Item className="tk-form__check">
                    <Checkbox checked={values.requiresDeposit} onChange={(e) => set('requiresDeposit', e.target.checked)} data-testid="publish-deposit">
                      {t('publish.requiresDeposit')}
                    </Checkbox>
                  </Form.Item>
                  {values.requiresDeposit &&
                    item(
                      'depositAmountCents',
                      t('publish.depositAmount'),
                      <InputNumber
                        {...aria('depositAmountCents')}
                        prefix="$"
                        min={0}
                        step={0.01}
                        precision={2}
                        style={{ width: '100%' }}
                        value={values.depositAmountCents}
                        onChange={(v) => set('depositAmountCents', typeof v === 'number' ? v : null)}
                        data-testid="publish-deposit-amount"
                      />,
                      { required: true },
                    )}
                </div>
              </div>
            </fieldset>

            {formError && (
              <Alert
                type="error"
                showIcon
                className="tk-form__alert"
                title={formError.text}
                description={
                  formError.profile ? (
                    <Link to="/company-profile" onClick={onClose} data-testid="publish-profile-link">
                      {t('publish.toProfile')}
                    </Link>
                  ) : formError.wallet ? (
                    <Link to="/wallet" onClick={onClose} data-testid="publish-wallet-link">
                      {t('publish.toWallet')}
                    </Link>
                  ) : undefined
                }
                data-testid="publish-error"
              />
            )}
          </Form>
        </div>
      )}
    </Drawer>
  );
}
