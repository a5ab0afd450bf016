import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';
import type { TimeSeriesChartProps } from './time-series-chart';
import styles from './charts.module.css';

const TimeSeriesChart = lazy(() =>
  import('./time-series-chart').then((module) => ({ default: module.TimeSeriesChart })),
);

/** The uPlot chart, fetched on first use; a spinner of the same height holds its place meanwhile. */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.chartFallback} style={{ height: props.height ?? 220 }}>
          <Spinner label="Loading chart" />
        </div>
      }
    >
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}

export type { TimePoint, TimeSeriesChartProps } from './time-series-chart';
