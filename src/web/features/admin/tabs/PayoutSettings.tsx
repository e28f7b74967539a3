import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Form, Input, Select, Tag } from 'antd';
import { formatCents, parseDollars } from '@shared/money';
import type { OfficialDay, PlatformSettingsInput } from '@shared/schemas/adminInsights';
import { normaliseDays, payoutWindow, shanghaiDay, workCalendar } from '@shared/workingDays';
import { shortLang } from '../../../i18n/lang';
import type { Schema } from '../../../lib/client';
import { formatDay } from '../../../lib/format';

type SettingsResponse = Schema<'SettingsResponse'>;

type Props = {
  v: PlatformSettingsInput;
  set: (patch: Partial<PlatformSettingsInput>) => void;
  /** the server's message for a field ('payoutMinCents', 'holidays', 'workdays') */
  fieldError: (key: string) => string | undefined;
  /** the official days of the coming year and the years they cover (the calendar itself stays on the server) */
  calendar: SettingsResponse['payoutCalendar'];
};

/** one holiday of the official calendar: its days off as runs, and its make-up working days */
type Holiday = { name: OfficialDay; runs: [string, string][]; workdays: string[] };

/** the official days grouped by holiday, in order: 国庆节 1–7 Oct, worked 20 Sep and 10 Oct */
function holidaysOf(calendar: Props['calendar']): Holiday[] {
  const byName = new Map<string, Holiday>();
  const of = (d: OfficialDay) => {
    let h = byName.get(d.nameZh);
    if (!h) byName.set(d.nameZh, (h = { name: d, runs: [], workdays: [] }));
    return h;
  };
  for (const d of calendar.holidays) {
    const h = of(d);
    const last = h.runs.at(-1);
    const next = last && new Date(Date.parse(`${last[1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (last && next === d.date) last[1] = d.date;
    else h.runs.push([d.date, d.date]);
  }
  for (const d of calendar.workdays) of(d).workdays.push(d.date);
  return [...byName.values()].sort((a, b) => (a.runs[0]?.[0] ?? a.workdays[0]).localeCompare(b.runs[0]?.[0] ?? b.workdays[0]));
}

/** 系统设置 → 提现: the smallest payout (typed in dollars, stored in cents) and the payout calendar — the official one, the platform's own days, a preview. */
export default function PayoutSettings({ v, set, fieldError, calendar }: Props) {
  const { t, i18n } = useTranslation('adminInsights');
  const en = i18n.language.startsWith('en');
  const [minText, setMinText] = useState(() => formatCents(v.payoutMinCents));
  const minError = fieldError('payoutMinCents');
  const holidaysError = fieldError('holidays');
  const workdaysError = fieldError('workdays');
  const day = (d: string) => formatDay(d, shortLang(i18n.language), 'weekDay');
  const holidays = useMemo(() => holidaysOf(calendar), [calendar]);
  const own = { holidays: normaliseDays(v.holidays), workdays: normaliseDays(v.workdays ?? []) };
  // the same computation the server stores with a payout, on the days shown here and the form's own days
  const preview = payoutWindow(
    new Date(calendar.now),
    workCalendar({ holidays: calendar.holidays.map((d) => d.date), workdays: calendar.workdays.map((d) => d.date) }, own),
  );
  const today = shanghaiDay(new Date(calendar.now));
  const uncovered = Number(today.slice(0, 4)) + 1 > calendar.officialYears.to ? calendar.officialYears.to + 1 : null;
  const days = (list: string[], onChange: (days: string[]) => void, id: string, testId: string) => (
    <Select
      id={id}
      mode="tags"
      style={{ width: '100%' }}
      value={list}
      // eslint-disable-next-line local/no-cjk-literal -- not a text: the full-width comma of a Chinese keyboard separates the typed days too
      tokenSeparators={[',', '，', ' ', '\n']}
      open={false}
      suffixIcon={null}
      placeholder={t('settings.holidaysPlaceholder')}
      onChange={(next: string[]) => onChange([...new Set(next.map((d) => d.trim()).filter(Boolean))].sort())}
      data-testid={testId}
    />
  );

  return (
    <Card size="small" title={t('settings.payouts')} className="adm-section" data-testid="settings-payouts">
      <Form.Item
        label={t('settings.payoutMin')}
        htmlFor="set-payoutMinCents"
        validateStatus={minError ? 'error' : undefined}
        help={minError ?? t('settings.payoutMinHelp')}
      >
        <Input
          id="set-payoutMinCents"
          prefix="$"
          inputMode="decimal"
          style={{ maxWidth: 200 }}
          value={minText}
          onChange={(e) => {
            setMinText(e.target.value);
            // not a dollar amount: sent as it is not, and the server names the field
            set({ payoutMinCents: parseDollars(e.target.value) ?? -1 });
          }}
          data-testid="settings-payout-min"
        />
      </Form.Item>

      <div className="adm-calendar" data-testid="settings-official-calendar">
        <div className="adm-calendar__title">{t('settings.official')}</div>
        <p className="adm-change">{t('settings.officialHelp', { from: calendar.officialYears.from, to: calendar.officialYears.to })}</p>
        {holidays.length === 0 ? (
          <p className="adm-change">{t('settings.officialNone')}</p>
        ) : (
          <ul className="adm-calendar__list">
            {holidays.map((h) => (
              <li key={h.name.nameZh}>
                <strong>{en ? h.name.nameEn : h.name.nameZh}</strong>{' '}
                {h.runs.map(([a, b]) => (a === b ? day(a) : `${day(a)} – ${day(b)}`)).join(t('settings.listSeparator'))}
                {h.workdays.length > 0 && (
                  <>
                    {' '}
                    <Tag color="orange">{t('settings.makeUp')}</Tag>
                    {h.workdays.map(day).join(t('settings.listSeparator'))}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {uncovered && <Alert type="warning" showIcon title={t('settings.officialMissing', { year: uncovered })} data-testid="settings-official-missing" />}
      </div>

      <Form.Item
        label={t('settings.holidays')}
        htmlFor="set-holidays"
        validateStatus={holidaysError ? 'error' : undefined}
        help={holidaysError ?? t('settings.holidaysHelp')}
      >
        {days(v.holidays, (d) => set({ holidays: d }), 'set-holidays', 'settings-holidays')}
      </Form.Item>
      <Form.Item
        label={t('settings.workdays')}
        htmlFor="set-workdays"
        validateStatus={workdaysError ? 'error' : undefined}
        help={workdaysError ?? t('settings.workdaysHelp')}
      >
        {days(v.workdays ?? [], (d) => set({ workdays: d }), 'set-workdays', 'settings-workdays')}
      </Form.Item>
      <p className="adm-calendar__preview" data-testid="settings-payout-preview">
        {t('settings.preview', { earliest: day(preview.earliest), latest: day(preview.latest) })}
      </p>
    </Card>
  );
}
