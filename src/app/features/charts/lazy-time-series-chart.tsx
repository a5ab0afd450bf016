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
 * screen goes without its 22 KB of code and its drawing. A spinner of the same height holds its place meanwhile.
 */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  const [place, near] = useNearViewport<HTMLDivElement>(asked);
  const fallback = (
    <div ref={place} className={styles.chartFallback} style={{ height: props.height ?? 220 }}>
      <Spinner label="Loading chart" />
    </div>
  );
  if (!near) return fallback;
  return (
    <Suspense fallback={fallback}>
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}

export type { TimePoint, TimeSeriesChartProps } from './time-series-chart';
