import { Alert, Segmented, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

type Props<T, S extends string> = {
  title: string;
  hint: string;
  status: S;
  onStatus: (s: S) => void;
  /** the waiting ones first, then the handled ones */
  options: { value: S; label: string }[];
  rows: T[] | undefined;
  loading: boolean;
  columns: ColumnsType<T>;
  empty: string;
  testId: string;
};

/** One queue of the 财务 tab (bank transfers, payouts): a title, what to do, waiting/handled, and the table. */
export default function FinanceQueue<T extends { id: string }, S extends string>(p: Props<T, S>) {
  return (
    <>
      <h2>{p.title}</h2>
      <Alert type="info" showIcon title={p.hint} style={{ marginBottom: 12 }} />
      <Segmented<S> value={p.status} onChange={p.onStatus} options={p.options} style={{ marginBottom: 12 }} />
      <Table<T>
        rowKey="id"
        size="small"
        loading={p.loading}
        columns={p.columns}
        dataSource={p.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: p.empty }}
        data-testid={p.testId}
      />
    </>
  );
}
