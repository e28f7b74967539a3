import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, List, Skeleton, Statistic } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { adminKeys, overviewQuery } from '../api';
import { useAdminFormat } from '../format';
import { useAuditLabel } from './auditLabels';
import type { Schema } from '../../../lib/client';

type OverviewResponse = Schema<'OverviewResponse'>;
import { DemoDataBanner } from './DemoDataBanner';
import { LoadFailed } from '../../../components/PageState';

type CardKey = keyof OverviewResponse['cards'];
const CARDS: { key: CardKey; label: string; money?: boolean }[] = [
  { key: 'totalUsers', label: 'totalUsers' },
  { key: 'totalInfluencers', label: 'totalInfluencers' },
  { key: 'totalCompanies', label: 'totalCompanies' },
  { key: 'totalTasks', label: 'totalTasks' },
  { key: 'todayNewUsers', label: 'todayNewUsers' },
  { key: 'todayNewTasks', label: 'todayNewTasks' },
  { key: 'todayRevenueCents', label: 'todayRevenue', money: true },
];

/**
 * 概览: seven cards computed by the server (change versus yesterday on the first four), what waits, recent activity;
 * on a production site with demo accounts, the banner that removes them (decision 0032).
 */
export default function OverviewTab() {
  const { t } = useTranslation('admin');
  const f = useAdminFormat();
  const qc = useQueryClient();
  const q = useQuery(overviewQuery);
  const label = useAuditLabel();

  if (q.isError) {
    return <LoadFailed testId="overview" compact title={t('loadFailed')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  }
  const data = q.data;
  return (
    <div data-testid="admin-overview">
      <div className="adm-toolbar">
        <Button
          icon={<ReloadOutlined />}
          loading={q.isFetching}
          onClick={() => void qc.invalidateQueries({ queryKey: adminKeys.overview })}
          data-testid="overview-refresh"
        >
          {t('overview.refresh')}
        </Button>
        {data && <span className="adm-change">{t('overview.updatedAt', { time: f.dateTime(data.computedAt) })}</span>}
      </div>
      {data && data.demoAccounts !== null && data.demoAccounts > 0 && <DemoDataBanner accounts={data.demoAccounts} />}
      <div className="adm-cards">
        {CARDS.map((c, i) => {
          const card = data?.cards[c.key];
          const change = card?.change ?? null;
          return (
            <Card key={c.key} size="small" data-testid={`stat-${c.key}`}>
              <Skeleton loading={!card} active paragraph={{ rows: 1 }} title={false}>
                <Statistic
                  title={t(`overview.cards.${c.label}` as 'overview.cards.totalUsers')}
                  value={card ? (c.money ? f.money(card.value) : f.number(card.value)) : ''}
                />
                {i < 4 && (
                  <div
                    className={`adm-change${change !== null && change > 0 ? ' adm-change--up' : change !== null && change < 0 ? ' adm-change--down' : ''}`}
                    data-testid={`stat-${c.key}-change`}
                  >
                    {change === null ? (
                      t('overview.noComparison')
                    ) : (
                      <>
                        {change > 0 ? <ArrowUpOutlined /> : change < 0 ? <ArrowDownOutlined /> : null} {Math.abs(change)}% {t('overview.vsYesterday')}
                      </>
                    )}
                  </div>
                )}
              </Skeleton>
            </Card>
          );
        })}
      </div>
      <Card size="small" title={t('overview.waiting')} className="adm-section" data-testid="overview-waiting">
        {data ? (
          <div className="adm-toolbar" style={{ marginBottom: 0 }}>
            {(Object.keys(data.waiting) as (keyof OverviewResponse['waiting'])[]).map((k) => (
              <Badge key={k} count={data.waiting[k]} showZero color={data.waiting[k] ? '#fa8c16' : '#d9d9d9'} offset={[8, 0]}>
                <span style={{ paddingRight: 8 }}>{t(`overview.waitingItems.${k}`)}</span>
              </Badge>
            ))}
          </div>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        )}
      </Card>
      <Card size="small" title={t('overview.recent')} data-testid="overview-recent">
        <List
          loading={!data}
          dataSource={data?.recent ?? []}
          locale={{ emptyText: t('overview.recentEmpty') }}
          renderItem={(e) => (
            <List.Item>
              <List.Item.Meta title={`${label(e.actionType)} · ${e.adminEmail ?? t('audit.system')}`} description={e.description} />
              <span className="adm-change">{f.dateTime(e.createdAt)}</span>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
