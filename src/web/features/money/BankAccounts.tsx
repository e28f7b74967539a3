import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Popconfirm } from 'antd';
import { BankOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { bankAccountInput, type BankAccountInput } from '@shared/schemas/payouts';
import { useErrorText } from '../../lib/errors';
import WalletForm from './WalletForm';
import { bankAccountsQuery, maskedBank, useAddBankAccount, useRemoveBankAccount } from './payoutsApi';

const EMPTY: BankAccountInput = { holderName: '', bankName: '', accountNumber: '' };

/** /wallet → 银行账户: the user's accounts (masked), add one, remove one. The number is typed here once and never shown again. */
export default function BankAccounts() {
  const { t } = useTranslation('payouts');
  const { apiErrorText, errorText } = useErrorText();
  const list = useQuery(bankAccountsQuery);
  const add = useAddBankAccount();
  const remove = useRemoveBankAccount();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<BankAccountInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  /** what the last add or removal did, shown under the list */
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const submit = () => {
    const parsed = bankAccountInput.safeParse(form);
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]?.message ?? 'BAD_REQUEST'));
    setError(null);
    add.mutate(form, {
      onSuccess: () => {
        setNotice({ type: 'success', text: t('bank.saved') });
        setForm(EMPTY);
        setOpen(false);
      },
      onError: (e) => setError(apiErrorText(e, t('bank.saveFailed'))),
    });
  };
  const field = (key: keyof BankAccountInput, label: string, placeholder: string, extra: { inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <label>
      <div>{label}</div>
      <Input
        value={form[key]}
        maxLength={60}
        placeholder={placeholder}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        data-testid={`bank-${key}`}
        {...extra}
      />
    </label>
  );

  return (
    <section className="wl-card" data-testid="bank-accounts">
      <h2>{t('bank.title')}</h2>
      {list.data && list.data.length === 0 && !open && <p className="wl-muted">{t('bank.empty')}</p>}
      <ul className="wl-list">
        {list.data?.map((b) => (
          <li key={b.id} className="wl-row" data-testid="bank-row">
            <div className="wl-row__main">
              <div>
                <BankOutlined aria-hidden="true" /> <span className="wl-code">{maskedBank(b)}</span>
              </div>
              <div className="wl-muted">{b.holderName}</div>
            </div>
            <div className="wl-row__side">
              <Popconfirm
                title={t('bank.removeTitle')}
                okText={t('bank.ok')}
                cancelText={t('bank.cancel')}
                onConfirm={() =>
                  remove.mutateAsync(b.id).then(
                    () => setNotice({ type: 'success', text: t('bank.removed') }),
                    (e: unknown) => setNotice({ type: 'error', text: apiErrorText(e, t('bank.removeFailed')) }),
                  )
                }
              >
                <Button size="small" danger data-testid="bank-remove">
                  {t('bank.remove')}
                </Button>
              </Popconfirm>
            </div>
          </li>
        ))}
      </ul>
      {notice && <Alert type={notice.type} showIcon title={notice.text} role="status" style={{ marginTop: 12 }} data-testid="bank-notice" />}
      {open ? (
        <WalletForm onSubmit={submit}>
          {field('holderName', t('bank.holder'), t('bank.holderPlaceholder'), { autoComplete: 'name' })}
          {field('bankName', t('bank.name'), t('bank.namePlaceholder'))}
          {field('accountNumber', t('bank.number'), t('bank.numberPlaceholder'), { inputMode: 'numeric', autoComplete: 'off' })}
          <p className="wl-muted">
            <LockOutlined aria-hidden="true" /> {t('bank.secure')}
          </p>
          {error && <Alert type="error" showIcon title={error} data-testid="bank-error" />}
          <div className="wl-actions">
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="bank-save">
              {t('bank.save')}
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              {t('bank.cancel')}
            </Button>
          </div>
        </WalletForm>
      ) : (
        <div className="wl-actions">
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              setOpen(true);
              setNotice(null);
            }}
            data-testid="bank-add"
          >
            {t('bank.add')}
          </Button>
        </div>
      )}
    </section>
  );
}
