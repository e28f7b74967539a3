import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Switch } from 'antd';
import { LoadFailed } from '../../../components/PageState';
import type { PlatformSettingsInput } from '@shared/schemas/adminInsights';
import { bpsToPercentInput, percentInputToBps } from '@shared/money';
import { isApiError } from '../../../lib/api';
import { client, data } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { siteSettingsQuery } from '../../../app/siteSettings';
import { useAdminAction } from '../api';
import { useAdminFormat } from '../format';
import PayoutSettings from './PayoutSettings';
import MailQueue from './MailQueue';

const settingsQuery = {
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => data(client.GET('/api/admin/settings', { signal })),
};

/** 系统设置: settings the product reads, validated and audited on the server. */
export default function SettingsTab() {
  const { t } = useTranslation('adminInsights');
  const { message } = App.useApp();
  const { apiErrorText, errorText } = useErrorText();
  const f = useAdminFormat();
  const qc = useQueryClient();
  const q = useQuery(settingsQuery);
  const save = useAdminAction((body: PlatformSettingsInput) => data(client.PUT('/api/admin/settings', { body })));
  const [v, setV] = useState<PlatformSettingsInput | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data && !v) setV(q.data.settings);
  }, [q.data, v]);

  if (q.isError)
    return (
      <LoadFailed
        testId="settings"
        compact
        title={t('settings.loadFailed')}
        text={apiErrorText(q.error, '')}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  if (!v || !q.data) return <Skeleton active />;
  const set = (patch: Partial<PlatformSettingsInput>) => setV((o) => (o ? { ...o, ...patch } : o));
  const a = v.announcement;

  const submit = () => {
    setFields({});
    save.mutate(v, {
      onSuccess: (res) => {
        setV(res.settings);
        void message.success(t('settings.saved'));
        // every page reads these: the header banner and the figures follow at once
        void qc.invalidateQueries({ queryKey: siteSettingsQuery.queryKey });
      },
      onError: (e) => {
        // a field's message takes the error's params when it is the error itself (SETTING_CALENDAR_CONFLICT names the day)
        if (isApiError(e) && e.fields)
          setFields(Object.fromEntries(Object.entries(e.fields).map(([k, code]) => [k, errorText(code, code === e.code ? e.params : undefined)])));
        void message.error(apiErrorText(e, t('settings.saveFailed')));
      },
    });
  };
  const item = (key: string, label: string, node: React.ReactNode, help?: string) => (
    <Form.Item label={label} htmlFor={`set-${key}`} validateStatus={fields[key] ? 'error' : undefined} help={fields[key] ?? help}>
      {node}
    </Form.Item>
  );

  return (
    <div data-testid="admin-settings" style={{ maxWidth: 720 }}>
      <p className="adm-auth__notice">{t('settings.intro')}</p>
      <p className="adm-change" data-testid="settings-updated">
        {q.data.updatedAt ? t('settings.lastUpdated', { time: f.dateTime(q.data.updatedAt), who: q.data.updatedBy ?? '' }) : t('settings.never')}
      </p>
      <Form layout="vertical" onFinish={submit}>
        <Card size="small" className="adm-section">
          {item(
            'platformFeeBps',
            t('settings.fee'),
            // typed as a percentage, kept and sent as basis points (decision 0053)
            <InputNumber
              id="set-platformFeeBps"
              min={0}
              max={50}
              step={0.5}
              precision={1}
              value={bpsToPercentInput(v.platformFeeBps)}
              onChange={(n) => set({ platformFeeBps: n === null ? 0 : (percentInputToBps(n) ?? Number.NaN) })}
              data-testid="settings-fee"
            />,
            t('settings.feeHelp'),
          )}
          {item(
            'settlementHours',
            t('settings.settlement'),
            <InputNumber
              id="set-settlementHours"
              min={1}
              max={720}
              precision={0}
              value={v.settlementHours}
              onChange={(n) => set({ settlementHours: n ?? 1 })}
              data-testid="settings-settlement"
            />,
            t('settings.settlementHelp'),
          )}
          {item(
            'invitationDailyLimit',
            t('settings.invitationLimit'),
            <InputNumber
              id="set-invitationDailyLimit"
              min={1}
              max={200}
              precision={0}
              value={v.invitationDailyLimit}
              onChange={(n) => set({ invitationDailyLimit: n ?? 1 })}
              data-testid="settings-invitation-limit"
            />,
            t('settings.invitationLimitHelp'),
          )}
          {item(
            'supportEmail',
            t('settings.supportEmail'),
            <Input
              id="set-supportEmail"
              inputMode="email"
              value={v.supportEmail}
              onChange={(e) => set({ supportEmail: e.target.value })}
              data-testid="settings-support"
            />,
            t('settings.supportEmailHelp'),
          )}
        </Card>
        <Card size="small" title={t('settings.signup')} className="adm-section">
          <label style={{ marginRight: 24 }}>
            <Switch
              checked={v.signupOpen.influencer}
              onChange={(on) => set({ signupOpen: { ...v.signupOpen, influencer: on } })}
              data-testid="settings-signup-influencer"
            />{' '}
            {t('settings.signupInfluencer')}
          </label>
          <label style={{ marginRight: 24 }}>
            <Switch
              checked={v.signupOpen.company}
              onChange={(on) => set({ signupOpen: { ...v.signupOpen, company: on } })}
              data-testid="settings-signup-company"
            />{' '}
            {t('settings.signupCompany')}
          </label>
          <label>
            <Switch
              checked={v.signupOpen.agency}
              onChange={(on) => set({ signupOpen: { ...v.signupOpen, agency: on } })}
              data-testid="settings-signup-agency"
            />{' '}
            {t('settings.signupAgency')}
          </label>
        </Card>
        <Card size="small" title={t('settings.announcement')} className="adm-section">
          <Form.Item>
            <label>
              <Switch checked={a.enabled} onChange={(on) => set({ announcement: { ...a, enabled: on } })} data-testid="settings-announcement" />{' '}
              {t('settings.announcementEnabled')}
            </label>
          </Form.Item>
          {item(
            'announcement.textZh',
            t('settings.textZh'),
            <Input.TextArea
              id="set-announcement.textZh"
              rows={2}
              maxLength={200}
              showCount
              value={a.textZh ?? ''}
              onChange={(e) => set({ announcement: { ...a, textZh: e.target.value } })}
              data-testid="settings-text-zh"
            />,
          )}
          {item(
            'announcement.textEn',
            t('settings.textEn'),
            <Input.TextArea
              id="set-announcement.textEn"
              rows={2}
              maxLength={200}
              showCount
              value={a.textEn ?? ''}
              onChange={(e) => set({ announcement: { ...a, textEn: e.target.value } })}
              data-testid="settings-text-en"
            />,
          )}
          <Form.Item label={t('settings.tone')}>
            <Radio.Group
              value={a.tone}
              onChange={(e) => set({ announcement: { ...a, tone: e.target.value as 'info' | 'warning' } })}
              options={(['info', 'warning'] as const).map((x) => ({ value: x, label: t(`settings.tones.${x}`) }))}
            />
          </Form.Item>
        </Card>
        <PayoutSettings
          v={v}
          set={set}
          fieldError={(k) => fields[k] ?? Object.entries(fields).find(([f]) => f.startsWith(`${k}.`))?.[1]}
          calendar={q.data.payoutCalendar}
        />
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </Form>
      <MailQueue />
    </div>
  );
}
