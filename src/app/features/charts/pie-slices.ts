/**
 * Slices of an asset pie (docs/overview.md): the largest holdings up to a maximum, the rest grouped as
 * 'Others (N)'. Values are fiat decimal strings summed exactly; the share of each slice is a plain number used
 * only to draw it.
 */
import { Big, toDecimal } from '../../../shared/money';
import { CHART_COLORS } from './chart-colors';

export interface PieInput {
  /** Stable identity of the holding (a token id); the label when not given. Keys must be unique. */
  key?: string;
  label: string;
  /** Fiat value as a decimal string; null (no price) or zero values are left out of the pie. */
  value: string | null;
}

export interface PieSlice {
  /** Unique among the slices: a React key for the ring segment and the legend line. */
  key: string;
  label: string;
  /** Exact value of the slice (sum for 'Others'). */
  value: string;
  /** Fraction of the whole from 0 to 1, for drawing. */
  share: number;
  /** Share in percent with one decimal, for labels ("12.5"). */
  percent: string;
  color: string;
  /** How many holdings the slice stands for (1, or N for 'Others (N)'). */
  count: number;
}

/** Tokens shown on their own before the rest is grouped (docs/overview.md: up to 7). */
export const PIE_MAX_SLICES = 7;

function positive(value: string | null): Big | null {
  if (value === null) return null;
  try {
    const number = toDecimal(value);
    return number.gt(0) ? number : null;
  } catch {
    return null;
  }
}

/** Key of the grouped slice; holding keys are prefixed, so none can equal it. */
export const OTHERS_KEY = 'others';

/** 'Others (N)': the label of the grouped slice. */
export function othersLabel(count: number): string {
  return `Others (${String(count)})`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function pieSlices(items: readonly PieInput[], maxSlices: number = PIE_MAX_SLICES): PieSlice[] {
  const valued = items
    .map((item) => ({ key: `slice:${item.key ?? item.label}`, label: item.label, amount: positive(item.value) }))
    .filter((item): item is { key: string; label: string; amount: Big } => item.amount !== null)
    .sort((a, b) => b.amount.cmp(a.amount) || a.label.localeCompare(b.label) || compareText(a.key, b.key));
  if (valued.length === 0) return [];

  const total = valued.reduce((sum, item) => sum.plus(item.amount), new Big(0));
  const shown = valued.slice(0, maxSlices);
  const rest = valued.slice(maxSlices);
  const share = (amount: Big) => Number(amount.div(total).toFixed(6));
  const percent = (amount: Big) => amount.times(100).div(total).round(1, Big.roundHalfUp).toFixed(1);

  const slices: PieSlice[] = shown.map((item, index) => ({
    key: item.key,
    label: item.label,
    value: item.amount.toFixed(),
    share: share(item.amount),
    percent: percent(item.amount),
    color: CHART_COLORS[index] ?? CHART_COLORS[0],
    count: 1,
  }));
  if (rest.length > 0) {
    const restSum = rest.reduce((sum, item) => sum.plus(item.amount), new Big(0));
    slices.push({
      key: OTHERS_KEY,
      label: othersLabel(rest.length),
      value: restSum.toFixed(),
      share: share(restSum),
      percent: percent(restSum),
      color: CHART_COLORS[CHART_COLORS.length - 1] ?? CHART_COLORS[0],
      count: rest.length,
    });
  }
  return slices;
}

export interface RingSegment {
  slice: PieSlice;
  /** stroke-dasharray on a circle of circumference 100: the slice's length, then the gap. */
  dash: string;
  /** stroke-dashoffset so the slices follow each other clockwise from 12 o'clock. */
  offset: number;
}

/** Where each slice sits on a donut ring of circumference 100 (the first starts at the top). */
export function ringSegments(slices: readonly PieSlice[]): RingSegment[] {
  const segments: RingSegment[] = [];
  let start = 0;
  for (const slice of slices) {
    const length = Math.min(Math.max(slice.share * 100, 0), 100);
    segments.push({
      slice,
      dash: `${String(length)} ${String(100 - length)}`,
      offset: (((25 - start) % 100) + 100) % 100,
    });
    start += length;
  }
  return segments;
}
