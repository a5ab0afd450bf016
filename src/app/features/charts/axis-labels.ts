/** Chart axis texts: values abbreviated with K, M, B above a thousand, a million, a billion (docs/overview.md). */
import { abbreviate, Big } from '../../../shared/money';

/** An axis tick value (a plain number from the chart) as '1.5K', '2M', '12B', '250'. */
export function axisValue(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '';
  return abbreviate(new Big(value), maxDecimals);
}

/** The tick labels of a value axis, with the currency symbol in front ('$1.5K'; '-$200'). */
export function axisValues(ticks: readonly number[], symbol = ''): string[] {
  return ticks.map((tick) => {
    const text = axisValue(tick);
    if (!symbol || text === '') return text;
    return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
  });
}
