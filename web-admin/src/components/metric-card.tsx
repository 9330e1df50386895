import type { ReactNode } from 'react';
import { Card, Skeleton } from 'antd';

/** One figure on a card: a title, the value as staff read it, and an optional line under it. */
export function MetricCard(props: {
  title: string;
  value?: string;
  note?: string;
  icon?: ReactNode;
  loading?: boolean;
}) {
  const { title, value, note, icon, loading } = props;
  return (
    <Card className="metric-card" size="small">
      <div className="metric-card-head">
        <span className="metric-card-title">{title}</span>
        {icon && (
          <span className="metric-card-icon" aria-hidden>
            {icon}
          </span>
        )}
      </div>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
      ) : (
        <>
          <div className="metric-card-value">{value}</div>
          {note && <div className="metric-card-note">{note}</div>}
        </>
      )}
    </Card>
  );
}
