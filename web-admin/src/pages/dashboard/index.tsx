import { Col, Row } from 'antd';
import {
  CreditCardOutlined,
  DollarOutlined,
  EyeOutlined,
  LineChartOutlined,
  RiseOutlined,
  TagOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { MetricCard } from '@/components/metric-card';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { useSummary } from './api';
import { dashboardFigures, EMPTY_SUMMARY, type FigureKey } from './dashboard-figures';

const ICONS: Record<FigureKey, React.ReactNode> = {
  revenue: <DollarOutlined />,
  active: <RiseOutlined />,
  subscriptions: <CreditCardOutlined />,
  average: <TagOutlined />,
  users: <TeamOutlined />,
  visitors: <EyeOutlined />,
  conversion: <LineChartOutlined />,
};

export default function DashboardPage() {
  const summary = useSummary();
  // While loading, the cards show their titles over skeletons.
  const figures = dashboardFigures(summary.data ?? EMPTY_SUMMARY);
  return (
    <>
      <PageHeading title="Dashboard" subtitle="How the business is doing" />
      {summary.isError && <LoadError error={summary.error} fallback="Failed to load the summary" />}
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={24} sm={12} xl={6}>
            <MetricCard
              title={figure.title}
              value={figure.value}
              note={figure.note}
              icon={ICONS[figure.key]}
              loading={summary.isPending}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}
