import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import { LANGUAGES, LIVE_VENUES, TASK_CATEGORY_OPTIONS } from '@shared/options';
import { LIMITS } from '@shared/limits';
import type { Me } from '../auth/api';
import { materialsUpdate } from '@shared/schemas/profiles';
import type { InfluencerProfile } from './api';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFieldText } from '../auth/useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { AccountGate, PageSpinner, QueryProblem } from './AccountGate';
import { TagEditor } from './ListEditors';
import { influencerQuery, useSaveMaterials } from './api';
import { centsToDollarsText, dollarsTextToCents, numberInput, useFormat } from './format';
import './accounts.css';

/** /materials — the influencer's profile supplement form (part 1 §2, §5). Visitors go to /login-test. */
export default function MaterialsPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('materials.documentTitle'));
  return (
    <div className="page acc-page">
      <AccountGate role="influencer" loginCode="LOGIN_REQUIRED_PROFILE" visitor={<Navigate to="/login-test" replace />}>
        {(user) => <MaterialsScreen user={user} />}
      </AccountGate>
    </div>
  );
}

function MaterialsScreen({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const query = useQuery(influencerQuery(user.id));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 401) return <Navigate to="/login-test" replace />;
    return <QueryProblem error={query.error} loginCode="LOGIN_REQUIRED_PROFILE" onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="container acc-narrow">
      <header className="page-head">
        <Link to="/influencer-profile" className="acc-back" data-testid="materials-back">
          <ArrowLeftOutlined aria-hidden="true" /> {t('materials.back')}
        </Link>
        <h1>{t('materials.title')}</h1>
        <p>{t('materials.subtitle')}</p>
      </header>
      <MaterialsForm userId={user.id} profile={query.data} />
    </div>
  );
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function Section({ n, id, title, children }: { n: number; id: string; title: string; children: ReactNode }) {
  return (
    <section className="card acc-card materials-section" aria-labelledby={id} data-testid={`materials-section-${n}`}>
      <h2 id={id} className="acc-card__title materials-section__title">
        <span className="materials-section__n" aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function MaterialsForm({ userId, profile: p }: { userId: string; profile: InfluencerProfile }) {
  const { t } = useTranslation('accounts');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const fmt = useFormat();
  const navigate = useNavigate();
  const save = useSaveMaterials(userId);

  const [v, setV] = useState({
    firstName: str(p.firstName),
    lastName: str(p.lastName),
    phoneNumber: str(p.phoneNumber),
    nickname: p.nickname,
    location: str(p.location),
    tiktokAccount: str(p.tiktokAccount),
    tiktokProfileUrl: str(p.tiktokProfileUrl),
    tiktokFollowersCount: str(p.tiktokFollowersCount),
    avgPlayCount: str(p.avgPlayCount),
    avgEngagementRate: str(p.avgEngagementRate),
    hourlyRateCents: centsToDollarsText(p.hourlyRateCents),
    experienceYears: str(p.experienceYears),
    weeklySchedule: str(p.weeklySchedule),
  });
  type TextKey = keyof typeof v;
  const [hasTiktokShop, setHasTiktokShop] = useState(p.hasTiktokShop);
  const [bilingualLive, setBilingualLive] = useState(p.bilingualLive);
  const [categories, setCategories] = useState<string[]>(p.categories);
  const [tags, setTags] = useState<string[]>(p.tags);
  const [liveVenue, setLiveVenue] = useState<string | undefined>(p.liveVenue ?? undefined);
  const [languages, setLanguages] = useState<string[]>(p.languages);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  // after success: 资料更新成功！ then /influencer-profile after 2 s
  useEffect(() => {
    if (!succeeded) return;
    const id = window.setTimeout(() => navigate('/influencer-profile'), LIMITS.profileRedirectMs);
    return () => window.clearTimeout(id);
  }, [succeeded, navigate]);

  // categories of the supplement form (10 options), plus any the profile already holds from its own list
  const categoryOptions = useMemo(() => {
    const base = TASK_CATEGORY_OPTIONS.map((o) => ({ value: o.value, label: fmt.option(TASK_CATEGORY_OPTIONS, o.value) }));
    const extra = p.categories.filter((c) => !TASK_CATEGORY_OPTIONS.some((o) => o.value === c)).map((c) => ({ value: c, label: fmt.category(c) }));
    return [...base, ...extra];
  }, [fmt, p.categories]);

  const clear = (key: string) => {
    setErrors((e) => withoutPrefix(e, key));
    setFormError(null);
  };
  const set = (key: TextKey) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setV((s) => ({ ...s, [key]: value }));
    clear(key);
  };
  const err = (key: string) => fieldText(errors[key]);
  const item = (key: string, extraHelp?: ReactNode) => {
    const text = err(key);
    return {
      validateStatus: text ? ('error' as const) : undefined,
      help: text ? <span id={`m-${key}-help`}>{text}</span> : extraHelp,
    };
  };
  const aria = (key: string, describedBy?: string) =>
    err(key) ? { 'aria-invalid': true, 'aria-describedby': `m-${key}-help` } : describedBy ? { 'aria-describedby': describedBy } : {};

  const text = (
    key: TextKey,
    opts: {
      type?: string;
      required?: boolean;
      inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
      min?: number;
      step?: number;
      max?: number;
      maxLength?: number;
      autoComplete?: string;
      testId: string;
    },
  ) => (
    <Input
      id={`m-${key}`}
      type={opts.type ?? 'text'}
      inputMode={opts.inputMode}
      min={opts.min}
      max={opts.max}
      step={opts.step}
      maxLength={opts.maxLength}
      autoComplete={opts.autoComplete}
      required={opts.required}
      value={v[key]}
      placeholder={t(`materials.fields.${placeholderKey[key]}`)}
      onChange={set(key)}
      {...aria(key)}
      data-testid={opts.testId}
    />
  );

  const submit = () => {
    setFormError(null);
    const parsed = materialsUpdate.safeParse({
      firstName: v.firstName,
      lastName: v.lastName,
      phoneNumber: v.phoneNumber,
      nickname: v.nickname,
      location: v.location,
      tiktokAccount: v.tiktokAccount,
      tiktokProfileUrl: v.tiktokProfileUrl,
      tiktokFollowersCount: numberInput(v.tiktokFollowersCount),
      avgPlayCount: numberInput(v.avgPlayCount) ?? null,
      avgEngagementRate: numberInput(v.avgEngagementRate) ?? null,
      hasTiktokShop,
      hourlyRateCents: dollarsTextToCents(v.hourlyRateCents),
      experienceYears: numberInput(v.experienceYears),
      categories,
      tags,
      liveVenue: liveVenue ?? null,
      weeklySchedule: v.weeklySchedule,
      bilingualLive,
      languages,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      window.setTimeout(() => {
        const el = document.querySelector('.materials-form .ant-form-item-has-error');
        el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
      }, 0);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setSucceeded(true),
      onError: (e) => {
        if (isApiError(e)) setErrors(serverFieldErrors(e.fields));
        // 更新失败，请重试, with the server's reason when it names one
        const detail = apiErrorText(e, '');
        setFormError(detail && detail !== t('materials.failed') ? detail : '');
      },
    });
  };

  return (
    <Form layout="vertical" requiredMark onFinish={submit} className="materials-form" noValidate data-testid="materials-form">
      <Section n={1} id="m-basic" title={t('materials.sections.basic')}>
        <div className="acc-grid-2">
          <Form.Item label={t('materials.fields.firstName')} htmlFor="m-firstName" required {...item('firstName')}>
            {text('firstName', { required: true, maxLength: 20, autoComplete: 'family-name', testId: 'materials-first-name' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.lastName')} htmlFor="m-lastName" required {...item('lastName')}>
            {text('lastName', { required: true, maxLength: 20, autoComplete: 'given-name', testId: 'materials-last-name' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.phone')} htmlFor="m-phoneNumber" required {...item('phoneNumber')}>
            {text('phoneNumber', { type: 'tel', inputMode: 'tel', required: true, maxLength: 20, autoComplete: 'tel', testId: 'materials-phone' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.nickname')} htmlFor="m-nickname" required {...item('nickname')}>
            {text('nickname', { required: true, maxLength: 40, autoComplete: 'nickname', testId: 'materials-nickname' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.location')} htmlFor="m-location" {...item('location')}>
            {text('location', { maxLength: 60, testId: 'materials-location' })}
          </Form.Item>
        </div>
      </Section>

      <Section n={2} id="m-tiktok" title={t('materials.sections.tiktok')}>
        <div className="acc-grid-2">
          <Form.Item label={t('materials.fields.tiktokAccount')} htmlFor="m-tiktokAccount" required {...item('tiktokAccount')}>
            {text('tiktokAccount', { required: true, maxLength: 60, testId: 'materials-tiktok-account' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.tiktokProfileUrl')} htmlFor="m-tiktokProfileUrl" required {...item('tiktokProfileUrl')}>
            {text('tiktokProfileUrl', { type: 'url', inputMode: 'url', required: true, maxLength: 500, testId: 'materials-tiktok-url' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.tiktokFollowers')} htmlFor="m-tiktokFollowersCount" required {...item('tiktokFollowersCount')}>
            {text('tiktokFollowersCount', { type: 'number', inputMode: 'numeric', required: true, min: 0, step: 1, testId: 'materials-tiktok-followers' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.avgPlayCount')} htmlFor="m-avgPlayCount" {...item('avgPlayCount')}>
            {text('avgPlayCount', { type: 'number', inputMode: 'numeric', min: 0, step: 1, testId: 'materials-avg-plays' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.engagementRate')} htmlFor="m-avgEngagementRate" {...item('avgEngagementRate')}>
            {text('avgEngagementRate', { type: 'number', inputMode: 'decimal', min: 0, max: 100, step: 0.01, testId: 'materials-engagement' })}
          </Form.Item>
          <Form.Item label=" " colon={false} className="materials-check-item">
            <Checkbox checked={hasTiktokShop} onChange={(e) => setHasTiktokShop(e.target.checked)} data-testid="materials-tiktok-shop">
              {t('materials.fields.hasTiktokShop')}
            </Checkbox>
          </Form.Item>
        </div>
      </Section>

      <Section n={3} id="m-pro" title={t('materials.sections.professional')}>
        <div className="acc-grid-2">
          <Form.Item label={t('materials.fields.hourlyRate')} htmlFor="m-hourlyRateCents" {...item('hourlyRateCents')}>
            {text('hourlyRateCents', { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, testId: 'materials-hourly-rate' })}
          </Form.Item>
          <Form.Item label={t('materials.fields.experienceYears')} htmlFor="m-experienceYears" {...item('experienceYears')}>
            {text('experienceYears', { type: 'number', inputMode: 'decimal', min: 0, step: 0.1, testId: 'materials-experience' })}
          </Form.Item>
        </div>
        <fieldset className="acc-fieldset" data-testid="materials-categories">
          <legend className="acc-legend">{t('materials.fields.categories')}</legend>
          <Checkbox.Group
            className="choice-group"
            value={categories}
            onChange={(vals) => {
              setCategories(vals as string[]);
              clear('categories');
            }}
            options={categoryOptions}
          />
          {err('categories') && (
            <p className="field-error" role="alert">
              {err('categories')}
            </p>
          )}
        </fieldset>
        <Form.Item label={t('materials.fields.tags')} htmlFor="m-tags" {...item('tags')}>
          <TagEditor
            id="m-tags"
            value={tags}
            onChange={(next) => {
              setTags(next);
              clear('tags');
            }}
            placeholder={t('materials.fields.tagPlaceholder')}
            testIdPrefix="materials-"
          />
        </Form.Item>
      </Section>

      <Section n={4} id="m-live" title={t('materials.sections.live')}>
        <div className="acc-grid-2">
          <Form.Item label={t('materials.fields.liveVenue')} htmlFor="m-liveVenue" {...item('liveVenue')}>
            <Select
              id="m-liveVenue"
              allowClear
              value={liveVenue}
              onChange={(val: string | undefined) => {
                setLiveVenue(val);
                clear('liveVenue');
              }}
              placeholder={t('materials.fields.liveVenuePlaceholder')}
              options={LIVE_VENUES.map((o) => ({ value: o.value, label: fmt.option(LIVE_VENUES, o.value) }))}
              data-testid="materials-venue"
            />
          </Form.Item>
          <Form.Item
            label={t('materials.fields.weeklySchedule')}
            htmlFor="m-weeklySchedule"
            {...item('weeklySchedule', <span id="m-schedule-hint">{t('materials.fields.weeklyScheduleHint')}</span>)}
          >
            <Input
              id="m-weeklySchedule"
              value={v.weeklySchedule}
              maxLength={200}
              placeholder={t('materials.fields.weeklySchedulePlaceholder')}
              onChange={set('weeklySchedule')}
              {...aria('weeklySchedule', 'm-schedule-hint')}
              data-testid="materials-schedule"
            />
          </Form.Item>
        </div>
        <Form.Item className="materials-check-item">
          <Checkbox checked={bilingualLive} onChange={(e) => setBilingualLive(e.target.checked)} data-testid="materials-bilingual">
            {t('materials.fields.bilingual')}
          </Checkbox>
        </Form.Item>
        <fieldset className="acc-fieldset" data-testid="materials-languages">
          <legend className="acc-legend">{t('materials.fields.languages')}</legend>
          <Checkbox.Group
            className="choice-group"
            value={languages}
            onChange={(vals) => {
              setLanguages(vals as string[]);
              clear('languages');
            }}
            options={LANGUAGES.map((o) => ({ value: o.value, label: fmt.option(LANGUAGES, o.value) }))}
          />
        </fieldset>
      </Section>

      {succeeded && (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          className="acc-alert"
          role="status"
          title={t('materials.success')}
          description={t('materials.redirecting')}
          data-testid="materials-success"
        />
      )}
      {formError !== null && (
        <Alert type="error" showIcon title={t('materials.failed')} description={formError || undefined} className="acc-alert" data-testid="materials-error" />
      )}

      <div className="materials-actions">
        <Button type="primary" size="large" htmlType="submit" loading={save.isPending} disabled={succeeded} data-testid="materials-save">
          {save.isPending ? t('materials.saving') : t('materials.save')}
        </Button>
      </div>
    </Form>
  );
}

const placeholderKey = {
  firstName: 'firstNamePlaceholder',
  lastName: 'lastNamePlaceholder',
  phoneNumber: 'phonePlaceholder',
  nickname: 'nicknamePlaceholder',
  location: 'locationPlaceholder',
  tiktokAccount: 'tiktokAccountPlaceholder',
  tiktokProfileUrl: 'tiktokProfileUrlPlaceholder',
  tiktokFollowersCount: 'tiktokFollowersPlaceholder',
  avgPlayCount: 'avgPlayCountPlaceholder',
  avgEngagementRate: 'engagementRatePlaceholder',
  hourlyRateCents: 'hourlyRatePlaceholder',
  experienceYears: 'experienceYearsPlaceholder',
  weeklySchedule: 'weeklySchedulePlaceholder',
} as const;
