import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// only what the workspace draws: this module loads with the earnings section, never with the page's first paint
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The agency's earnings per month as bars (ECharts): created on mount, resized with its box, disposed on unmount. */
export default function EarningsChart({
  months,
  values,
  series,
  label,
  format,
}: {
  months: string[];
  values: number[];
  series: string;
  label: string;
  format: (cents: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current);
    c.setOption({
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v) * 100) },
      grid: { left: 48, right: 8, top: 16, bottom: 24 },
      xAxis: { type: 'category', data: months, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `$${v}` } },
      series: [{ name: series, type: 'bar', data: values.map((cents) => cents / 100), itemStyle: { color: '#fe2c55' } }],
    });
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      c.dispose();
    };
  }, [months, values, series, format]);
  return <div ref={ref} className="ag-chart" role="img" aria-label={label} data-testid="ws-earnings-chart" />;
}
