import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';
import { useNearViewport } from '../../components/use-near-viewport';
import type { TimeSeriesChartProps } from './time-series-chart';
import styles from './charts.module.css';

/** Set once a chart has been asked for: later charts (another range, another page) render at once. */
let asked = false;

const TimeSeriesChart = lazy(() => {
  asked = true;
  return import('./time-series-chart').then((module) => ({ default: module.TimeSeriesChart }));
});

/**
 * The uPlot chart, fetched when its place scrolls into view: where it is below the fold (on a phone), the first
 * screen goes without its 22 KB of code and its drawing. Until then an empty box of the chart's height holds its
 * place; while the code loads, a spinner.
 */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  const [place, near] = useNearViewport<HTMLDivElement>(asked);
  const height = props.height ?? 220;
  if (!near) return <div ref={place} className={styles.chartFallback} style={{ height }} data-testid="chart-place" />;
  return (
    <Suspense
      fallback={
        <div className={styles.chartFallback} style={{ height }}>
          <Spinner label="Loading chart" />
        </div>
      }
    >
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}

export type { TimePoint, TimeSeriesChartProps } from './time-series-chart';
