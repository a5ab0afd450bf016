/**
 * A line-and-area chart of values over time on uPlot. This module is loaded lazily (React.lazy), so uPlot stays out
 * of the first bundle; import it through `LazyTimeSeriesChart`.
 */
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisValues } from './axis-labels';
import styles from './charts.module.css';

export interface TimePoint {
  /** Unix time in seconds. */
  time: number;
  value: number;
}

export interface TimeSeriesChartProps {
  points: readonly TimePoint[];
  /** Accessible description of the whole chart (values are in the legend and the text around it). */
  label: string;
  /** Name of the series in the legend, e.g. 'Value'. */
  seriesLabel: string;
  /** Currency symbol put before the abbreviated axis labels. */
  symbol?: string;
  /** Legend text of a value under the cursor. */
  formatValue: (value: number) => string;
  height?: number;
}

function cssVar(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}

function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const n = Number.parseInt(match[1], 16);
  return `rgba(${String((n >> 16) & 255)}, ${String((n >> 8) & 255)}, ${String(n & 255)}, ${String(alpha)})`;
}

function buildOptions(props: TimeSeriesChartProps, width: number, root: Element): uPlot.Options {
  const primary = cssVar(root, '--color-primary', '#3347d1');
  const muted = cssVar(root, '--color-muted', '#4f5869');
  const border = cssVar(root, '--color-border', '#d3d8e2');
  const font = `12px ${cssVar(root, '--font-sans', 'system-ui')}`;
  return {
    width,
    height: props.height ?? 220,
    padding: [8, 8, 0, 0],
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    legend: { show: true, live: true },
    scales: { x: { time: true } },
    series: [
      { label: 'Date', value: (_u, value) => (value === null ? '–' : dayjs.unix(value).format('MMM D, YYYY')) },
      {
        label: props.seriesLabel,
        stroke: primary,
        width: 2,
        fill: withAlpha(primary, 0.14),
        points: { show: false },
        value: (_u, value) => (value === null ? '–' : props.formatValue(value)),
      },
    ],
    axes: [
      {
        stroke: muted,
        font,
        grid: { show: false },
        ticks: { stroke: border, size: 4 },
        space: 64,
        values: (_u, splits) => splits.map((split) => dayjs.unix(split).format('MMM D')),
      },
      {
        stroke: muted,
        font,
        size: 56,
        space: 36,
        grid: { stroke: border, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => axisValues(splits, props.symbol ?? ''),
      },
    ],
  };
}

/** uPlot drawn into a div that follows its container's width and the theme. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  const { points, height } = props;

  useEffect(() => {
    propsRef.current = props;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const data: uPlot.AlignedData = [points.map((point) => point.time), points.map((point) => point.value)];
    let chart: uPlot | null = null;

    const draw = () => {
      chart?.destroy();
      const width = Math.max(container.clientWidth, 200);
      chart = new uPlot(buildOptions(propsRef.current, width, document.documentElement), data, container);
    };
    draw();

    const resize = new ResizeObserver(() => {
      if (!chart) return;
      const width = Math.max(container.clientWidth, 200);
      if (width !== chart.width) chart.setSize({ width, height: height ?? 220 });
    });
    resize.observe(container);
    // Colours come from the theme's custom properties: redraw when the theme switches.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
      chart = null;
    };
  }, [points, height]);

  return <div ref={containerRef} className={styles.timeSeries} role="img" aria-label={props.label} />;
}
