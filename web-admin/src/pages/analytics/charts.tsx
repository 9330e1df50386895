// The only place the console loads chart code: it is large, and this page is its own chunk,
// so the login and the dashboard open without it.
import { Column, Pie } from '@ant-design/charts';
import { formatDollars } from '@web-shared/format';
import { CHART_COLORS, CHART_HEIGHT, eventAxisLabel, type EventBar, type RevenueSlice } from './analytics-figures';

/** Revenue by plan: slices labelled "name NN%", dollars in the tooltip. */
export function RevenuePie({ slices }: { slices: RevenueSlice[] }) {
  return (
    <Pie
      data={slices}
      angleField="amount"
      colorField="name"
      height={CHART_HEIGHT}
      scale={{ color: { domain: slices.map((s) => s.name), range: slices.map((s) => s.color) } }}
      // Outside labels are drawn past the pie's edge: a smaller pie leaves them room, and any still
      // past the chart's edge (a phone's narrow card) are moved back inside it instead of cut off.
      radius={0.7}
      label={{
        text: (slice: RevenueSlice) => slice.label,
        position: 'outside',
        transform: [{ type: 'exceedAdjust' }],
      }}
      tooltip={{
        title: 'name',
        items: [{ field: 'amount', name: 'Revenue', valueFormatter: (amount: number) => formatDollars(amount) }],
      }}
      legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
    />
  );
}

/** One column per journey event; the axis shows short labels, the tooltip the full name. */
export function EventColumns({ bars }: { bars: EventBar[] }) {
  return (
    <Column
      data={bars}
      xField="event"
      yField="count"
      height={CHART_HEIGHT}
      style={{ fill: CHART_COLORS[0] }}
      axis={{
        x: { labelFormatter: (event: string) => eventAxisLabel(event) },
        // Events come whole: no "0.5" ticks when the counts are small.
        y: { tickFilter: (value: number) => Number.isInteger(value) },
      }}
      tooltip={{ title: (bar: EventBar) => bar.badge, items: [{ field: 'count', name: 'Events' }] }}
    />
  );
}
