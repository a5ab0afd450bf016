/** Portfolio history data points as chart points (unix seconds, plain numbers only for drawing). */
import type { PortfolioHistory } from '../../../shared/contract/portfolio';
import type { TimePoint } from '../charts';

export function portfolioPoints(history: Pick<PortfolioHistory, 'data_points'>): TimePoint[] {
  return history.data_points
    .map((point) => ({ time: Math.floor(Date.parse(point.measured_on) / 1000), value: Number(point.value_fiat) }))
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.value))
    .sort((a, b) => a.time - b.time);
}
