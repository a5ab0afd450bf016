/** What other features use of the charts. */
export { DonutChart } from './donut-chart';
export { LazyTimeSeriesChart, type TimePoint } from './lazy-time-series-chart';
export { pieSlices, type PieInput } from './pie-slices';
