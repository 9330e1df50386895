import type { ReactNode } from 'react';
import { Card, Col, Progress, Row, Skeleton, Tag } from 'antd';
import { DollarOutlined, EyeOutlined, RiseOutlined, TagOutlined } from '@ant-design/icons';
import { LoadError } from '@/components/load-error';
import { MetricCard } from '@/components/metric-card';
import { PageHeading } from '@/components/page-heading';
import { useAnalytics } from './api';
import {
  analyticsFigures,
  eventBars,
  funnelRows,
  hasRevenue,
  revenueSlices,
  type AnalyticsFigureKey,
} from './analytics-figures';
import { EventColumns, RevenuePie } from './charts';
import './analytics.css';

const ICONS: Record<AnalyticsFigureKey, ReactNode> = {
  revenue: <DollarOutlined />,
  active: <RiseOutlined />,
  average: <TagOutlined />,
  visitors: <EyeOutlined />,
};

/** docs/store-spec.md §9: three skeleton cards while the figures load. */
const SKELETON_CARDS = 3;

function SectionCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card
      className="analytics-card"
      title={
        <>
          <h2 className="analytics-card-title">{title}</h2>
          <p className="analytics-card-description">{description}</p>
        </>
      }
    >
      {children}
    </Card>
  );
}

/** docs/store-spec.md §2 Analytics: revenue cards, the conversion funnel, revenue by plan and journey event counts. */
export default function AnalyticsPage() {
  const analytics = useAnalytics();
  const heading = <PageHeading title="Analytics" subtitle="Revenue and conversion funnel metrics" />;

  if (analytics.isPending) {
    return (
      <>
        {heading}
        <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading analytics">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Col key={index} xs={24} lg={8}>
              <Card className="analytics-skeleton">
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      </>
    );
  }

  if (analytics.isError) {
    return (
      <>
        {heading}
        <LoadError error={analytics.error} fallback="Failed to load analytics" />
      </>
    );
  }

  const { journey, revenue } = analytics.data;
  const slices = revenueSlices(revenue.revenueByPurchaseType);
  const bars = eventBars(journey.eventCounts);

  return (
    <>
      {heading}
      <Row gutter={[16, 16]}>
        {analyticsFigures(analytics.data).map((figure) => (
          <Col key={figure.key} xs={24} sm={12} xl={6}>
            <MetricCard title={figure.title} value={figure.value} icon={ICONS[figure.key]} />
          </Col>
        ))}
      </Row>

      <div className="analytics-section">
        <SectionCard title="Conversion Funnel" description="User journey from landing to payment">
          <ol className="analytics-funnel">
            {funnelRows(journey.conversionFunnel).map((row) => (
              <li key={row.event} className="analytics-funnel-item">
                <div className="analytics-funnel-row">
                  <span className="analytics-funnel-step">
                    <Tag variant="outlined">{row.badge}</Tag>
                    <span className="analytics-funnel-visitors">{row.visitors}</span>
                  </span>
                  <span className="analytics-funnel-rate">{row.rate}</span>
                </div>
                {/* "normal": a full step is not a success, so it keeps the colour of the others. */}
                <Progress percent={row.progress} status="normal" showInfo={false} aria-label={`${row.badge} rate`} />
              </li>
            ))}
          </ol>
        </SectionCard>
      </div>

      <Row gutter={[16, 16]} className="analytics-section">
        <Col xs={24} lg={12}>
          <SectionCard title="Revenue by Plan Type" description="Distribution of revenue across purchase plans">
            {!hasRevenue(revenue.revenueByPurchaseType) ? (
              <div className="analytics-empty">No revenue data available</div>
            ) : (
              <>
                <div className="analytics-chart" aria-hidden="true">
                  <RevenuePie slices={slices} />
                </div>
                <ul className="analytics-visually-hidden" aria-label="Revenue by plan type">
                  {slices.map((slice) => (
                    <li key={slice.name}>{slice.summary}</li>
                  ))}
                </ul>
              </>
            )}
          </SectionCard>
        </Col>
        <Col xs={24} lg={12}>
          <SectionCard title="Journey Event Counts" description="Total count of each journey event">
            <div className="analytics-chart" aria-hidden="true">
              <EventColumns bars={bars} />
            </div>
            <ul className="analytics-visually-hidden" aria-label="Journey event counts">
              {bars.map((bar) => (
                <li key={bar.event}>{bar.summary}</li>
              ))}
            </ul>
          </SectionCard>
        </Col>
      </Row>
    </>
  );
}
