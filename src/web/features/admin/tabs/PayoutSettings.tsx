import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Form, Input, Select } from 'antd';
import { formatCents, parseDollars } from '@shared/money';
import type { PlatformSettingsInput } from '@shared/schemas/adminInsights';

type Props = {
  v: PlatformSettingsInput;
  set: (patch: Partial<PlatformSettingsInput>) => void;
  /** the server's message for a field ('payoutMinCents', 'holidays') */
  fieldError: (key: string) => string | undefined;
};

/** 系统设置 → 提现: the smallest payout (typed in dollars, stored in cents) and the holidays of the payout calendar. */
export default function PayoutSettings({ v, set, fieldError }: Props) {
  const { t } = useTranslation('adminInsights');
  const [minText, setMinText] = useState(() => formatCents(v.payoutMinCents));
  const minError = fieldError('payoutMinCents');
  const holidaysError = fieldError('holidays');
  return (
    <Card size="small" title={t('settings.payouts')} className="adm-section" data-testid="settings-payouts">
      <Form.Item label={t('settings.payoutMin')} htmlFor="set-payoutMinCents" validateStatus={minError ? 'error' : undefined} help={minError ?? t('settings.payoutMinHelp')}>
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
      <Form.Item label={t('settings.holidays')} htmlFor="set-holidays" validateStatus={holidaysError ? 'error' : undefined} help={holidaysError ?? t('settings.holidaysHelp')}>
        <Select
          id="set-holidays"
          mode="tags"
          style={{ width: '100%' }}
          value={v.holidays}
          // eslint-disable-next-line local/no-cjk-literal -- not a text: the full-width comma of a Chinese keyboard separates the typed days too
          tokenSeparators={[',', '，', ' ', '\n']}
          open={false}
          suffixIcon={null}
          placeholder={t('settings.holidaysPlaceholder')}
          onChange={(days: string[]) => set({ holidays: [...new Set(days.map((d) => d.trim()).filter(Boolean))].sort() })}
          data-testid="settings-holidays"
        />
      </Form.Item>
    </Card>
  );
}
