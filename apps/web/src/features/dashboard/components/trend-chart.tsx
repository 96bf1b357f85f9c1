import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { formatDay } from '../../../lib/format';

/** "2026-03-14" → "03/14/2026" (spec §9 dates are MM/DD/YYYY; the series' days are shown as stored). */
function dayLabel(date: string): string {
  return formatDay(date) || date;
}

/**
 * A daily series as a chart (Mantine Charts on recharts). Loaded lazily by `TrendCard` so the chart library
 * only downloads on the pages that show one.
 */
export default function TrendChart({
  points,
  label,
  kind = 'area',
  height = 300,
}: {
  points: { date: string; value: number }[];
  label: string;
  kind?: 'area' | 'bar';
  height?: number;
}) {
  const data = points.map((point) => ({ day: dayLabel(point.date), [label]: point.value }));
  const common = {
    h: height,
    data,
    dataKey: 'day',
    series: [{ name: label, color: 'reach.6' }],
    tickLine: 'none' as const,
    yAxisProps: { allowDecimals: false, width: 32 },
    xAxisProps: { minTickGap: 24 },
  };
  // The card hides the drawing from assistive technology (it states the total instead): recharts' keyboard
  // layer would leave a focusable, unnamed stop inside that hidden region (WCAG 4.1.2, axe aria-hidden-focus).
  const quiet = { accessibilityLayer: false };
  return kind === 'bar' ? (
    <BarChart {...common} barProps={{ radius: 3 }} barChartProps={quiet} />
  ) : (
    <AreaChart {...common} curveType="monotone" withDots={false} fillOpacity={0.25} areaChartProps={quiet} />
  );
}
