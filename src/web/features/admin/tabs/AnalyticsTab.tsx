import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Card, DatePicker, Skeleton, Statistic, Table } from 'antd';
import { Empty } from '../../../components/PageState';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { client, data } from '../../../lib/client';
import { useErrorText } from '../../../lib/errors';
import { useAdminFormat } from '../format';
import { formatBps } from '@shared/money';
import { EChart } from './EChart';

type Chart = 'daily' | 'categories' | 'funnel' | 'topInfluencers' | 'topCompanies';
const fmt = (d: Dayjs) => d.format('YYYY-MM-DD');

/** 数据分析: charts over a chosen range, each with its table exported as CSV. */
export default function AnalyticsTab() {
  const { t } = useTranslation('adminInsights');
  const { apiErrorText } = useErrorText();
  const f = useAdminFormat();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const from = fmt(range[0]);
  const to = fmt(range[1]);
  const q = useQuery({
    queryKey: ['admin', 'analytics', from, to] as const,
    queryFn: ({ signal }) => data(client.GET('/api/admin/analytics', { params: { query: { from, to } }, signal })),
  });
  const a = q.data;
  const csv = (chart: Chart) => `/api/admin/analytics.csv?chart=${chart}&from=${from}&to=${to}`;
  const exportLink = (chart: Chart) => (
    <a href={csv(chart)} download data-testid={`csv-${chart}`}>
      <DownloadOutlined /> {t('analytics.exportCsv')}
    </a>
  );

  const options = useMemo(() => {
    if (!a) return null;
    const dates = a.daily.map((d) => f.monthDay(d.date));
    const line = (series: { name: string; data: number[] }[]) => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 36, right: 12, top: 36, bottom: 24 },
      xAxis: { type: 'category', data: dates },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({ ...s, type: 'line', smooth: true })),
    });
    return {
      users: line([
        { name: t('analytics.series.influencers'), data: a.daily.map((d) => d.newInfluencers) },
        { name: t('analytics.series.companies'), data: a.daily.map((d) => d.newCompanies) },
      ]),
      tasks: line([
        { name: t('analytics.series.tasks'), data: a.daily.map((d) => d.tasks) },
        { name: t('analytics.series.applications'), data: a.daily.map((d) => d.applications) },
        { name: t('analytics.series.accepted'), data: a.daily.map((d) => d.accepted) },
      ]),
      categories: {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: a.categories.map((c) => ({ name: f.lang === 'en' && c.nameEn ? c.nameEn : c.name, value: c.tasks })),
          },
        ],
      },
      funnel: {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            sort: 'none',
            left: '10%',
            width: '80%',
            data: (['published', 'applied', 'accepted', 'completed'] as const).map((k) => ({ name: t(`analytics.funnel.${k}`), value: a.funnel[k] })),
          },
        ],
      },
    };
  }, [a, t, f]);

  const empty = a && a.daily.every((d) => !d.tasks && !d.applications && !d.newInfluencers && !d.newCompanies);
  return (
    <div data-testid="admin-analytics">
      <div className="adm-toolbar">
        <span>{t('analytics.range')}</span>
        <DatePicker.RangePicker
          value={range}
          format={f.dayInput}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          presets={[
            { label: t('analytics.presets.d7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
            { label: t('analytics.presets.d30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
            { label: t('analytics.presets.d90'), value: [dayjs().subtract(89, 'day'), dayjs()] },
          ]}
          data-testid="analytics-range"
        />
      </div>
      {q.isError && <Alert type="error" showIcon title={apiErrorText(q.error, t('analytics.loadFailed'))} style={{ marginBottom: 12 }} />}
      {!a || !options ? (
        q.isPending && <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {empty && <Alert type="info" showIcon title={t('analytics.empty')} style={{ marginBottom: 12 }} />}
          <div className="adm-cards">
            <Card size="small">
              <Statistic title={t('analytics.acceptance')} value={a.acceptanceRate === null ? t('analytics.noRate') : `${a.acceptanceRate}%`} />
            </Card>
            <Card size="small" data-testid="analytics-agencies-approved">
              <Statistic title={t('analytics.agenciesApproved')} value={a.agencies.approved} />
            </Card>
            <Card size="small" data-testid="analytics-agencies-pending">
              <Statistic title={t('analytics.agenciesPending')} value={a.agencies.pending} />
            </Card>
            <Card size="small" data-testid="analytics-agency-gmv">
              <Statistic
                title={t('analytics.agencyGmvShare')}
                value={a.agencies.agencyGmvShareBps === null ? t('analytics.noGmv') : formatBps(Math.round(a.agencies.agencyGmvShareBps / 10) * 10)}
              />
              <div className="adm-change">{t('analytics.agencyGmvOf', { agency: f.money(a.agencies.agencyGmvCents), all: f.money(a.agencies.gmvCents) })}</div>
            </Card>
          </div>
          <div className="adm-charts">
            <Card size="small" title={t('analytics.charts.users')} extra={exportLink('daily')}>
              <EChart option={options.users} label={t('analytics.charts.users')} />
            </Card>
            <Card size="small" title={t('analytics.charts.tasks')} extra={exportLink('daily')}>
              <EChart option={options.tasks} label={t('analytics.charts.tasks')} />
            </Card>
            <Card size="small" title={t('analytics.charts.categories')} extra={exportLink('categories')}>
              {a.categories.length ? (
                <EChart option={options.categories} label={t('analytics.charts.categories')} />
              ) : (
                <Empty compact level={3} title={t('analytics.empty')} />
              )}
            </Card>
            <Card size="small" title={t('analytics.charts.funnel')} extra={exportLink('funnel')}>
              <EChart option={options.funnel} label={t('analytics.charts.funnel')} />
            </Card>
            <Card size="small" title={t('analytics.charts.topInfluencers')} extra={exportLink('topInfluencers')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={a.topInfluencers}
                locale={{ emptyText: t('analytics.empty') }}
                columns={[
                  { title: t('analytics.columns.name'), dataIndex: 'nickname' },
                  { title: t('analytics.columns.accepted'), dataIndex: 'accepted' },
                  { title: t('analytics.columns.completed'), dataIndex: 'completed' },
                ]}
              />
            </Card>
            <Card size="small" title={t('analytics.charts.topCompanies')} extra={exportLink('topCompanies')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={a.topCompanies}
                locale={{ emptyText: t('analytics.empty') }}
                columns={[
                  { title: t('analytics.columns.name'), dataIndex: 'name' },
                  { title: t('analytics.columns.tasks'), dataIndex: 'tasks' },
                  { title: t('analytics.columns.completed'), dataIndex: 'completed' },
                ]}
              />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
