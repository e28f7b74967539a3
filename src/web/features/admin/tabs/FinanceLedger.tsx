import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, DatePicker, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { LEDGER_ENTRY_KINDS, type LedgerEntryKind } from '@shared/schemas/finance';
import type { Schema } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { ledgerEntriesQuery, type LedgerSearch } from '../../money/financeApi';
import { useAdminFormat } from '../format';

type LedgerEntry = Schema<'LedgerEntry'>;
type LedgerEntryLine = Schema<'LedgerEntryLine'>;

const isKnownKind = (k: string): k is LedgerEntryKind => (LEDGER_ENTRY_KINDS as readonly string[]).includes(k);

/** 财务 → 账本查询: journal entries newest first with their lines; search, filter by kind and day, load more (keyset). */
export default function FinanceLedger() {
  const { t } = useTranslation('finance');
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [search, setSearch] = useState<LedgerSearch>({});
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const q = useInfiniteQuery(ledgerEntriesQuery(search));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  const kindLabel = (k: string) => (isKnownKind(k) ? t(`ledger.kinds.${k}`) : k);
  const owner = (l: LedgerEntryLine) => (l.ownerId ? (l.ownerName ?? l.ownerEmail ?? l.ownerId) : t('ledger.platform'));
  const columns: ColumnsType<LedgerEntry> = [
    {
      title: t('ledger.columns.entry'),
      key: 'entry',
      render: (_: unknown, e) => (
        <span>
          <Tag data-testid="ledger-kind">{kindLabel(e.kind)}</Tag>
          <div className="adm-change">{f.dateTime(e.createdAt)}</div>
        </span>
      ),
    },
    {
      title: t('ledger.columns.lines'),
      key: 'lines',
      render: (_: unknown, e) => (
        <ul className="adm-ledger-lines">
          {e.lines.map((l, i) => (
            <li key={i}>
              <span className="adm-ledger-lines__who" title={l.ownerEmail ? `${owner(l)} <${l.ownerEmail}>` : undefined}>
                {t(`ledger.accounts.${l.accountKind}`)} · {owner(l)}
              </span>
              <span className={`adm-ledger-lines__amount adm-ledger-lines__amount--${l.amountCents > 0 ? 'in' : 'out'}`}>
                {formatMoney(l.amountCents, { sign: true })}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: t('ledger.columns.key'),
      key: 'key',
      responsive: ['md'],
      render: (_: unknown, e) => (
        <span>
          <code>{e.idempotencyKey}</code>
          {e.memo && <div className="adm-change">{e.memo}</div>}
        </span>
      ),
    },
  ];

  return (
    <section className="adm-section" data-testid="finance-ledger">
      <h2>{t('ledger.title')}</h2>
      <Alert type="info" showIcon title={t('ledger.hint')} style={{ marginBottom: 12 }} />
      <div className="adm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('ledger.searchPlaceholder')}
          aria-label={t('ledger.searchPlaceholder')}
          maxLength={100}
          enterButton={t('ledger.search')}
          onSearch={(v) => setSearch((s) => ({ ...s, q: v.trim() || undefined }))}
          data-testid="ledger-search"
        />
        <Select<LedgerEntryKind | ''>
          value={search.kind ?? ''}
          style={{ minWidth: 160 }}
          aria-label={t('ledger.columns.kind')}
          onChange={(v) => setSearch((s) => ({ ...s, kind: v || undefined }))}
          options={[{ value: '', label: t('ledger.allKinds') }, ...LEDGER_ENTRY_KINDS.map((k) => ({ value: k, label: t(`ledger.kinds.${k}`) }))]}
          data-testid="ledger-kind-filter"
        />
        <DatePicker.RangePicker
          value={range}
          format={f.dayInput}
          onChange={(v) => {
            const next = v?.[0] && v[1] ? ([v[0], v[1]] as [Dayjs, Dayjs]) : null;
            setRange(next);
            setSearch((s) => ({ ...s, from: next?.[0].format('YYYY-MM-DD'), to: next?.[1].format('YYYY-MM-DD') }));
          }}
          data-testid="ledger-range"
        />
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('ledger.loadFailed'))} style={{ marginBottom: 12 }} />}
      <Table<LedgerEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={q.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('ledger.empty') }}
        data-testid="ledger-table"
      />
      {rows.length > 0 && (
        <div className="adm-pager">
          <span className="adm-change">{q.hasNextPage ? '' : t('ledger.end', { count: rows.length })}</span>
          {q.hasNextPage && (
            <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} data-testid="ledger-more">
              {t('ledger.more')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
