import { describe, expect, it } from 'vitest';
import { axisValue, axisValues } from '../../src/app/features/charts/axis-labels';
import { CHART_COLORS, chartColor } from '../../src/app/features/charts/chart-colors';
import { othersLabel, pieSlices, ringSegments } from '../../src/app/features/charts/pie-slices';

describe('pieSlices', () => {
  it('keeps up to 7 tokens, largest first, and groups the rest as Others (N)', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ label: `T${String(index)}`, value: String(index + 1) }));
    const slices = pieSlices(items);
    expect(slices).toHaveLength(8);
    expect(slices.slice(0, 7).map((slice) => slice.label)).toEqual(['T9', 'T8', 'T7', 'T6', 'T5', 'T4', 'T3']);
    const others = slices[7];
    expect(others?.label).toBe('Others (3)');
    expect(others?.value).toBe('6');
    expect(others?.count).toBe(3);
    expect(others?.color).toBe(CHART_COLORS[7]);
  });

  it('gives each slice its own colour of the 8', () => {
    const items = Array.from({ length: 9 }, (_, index) => ({ label: `T${String(index)}`, value: '1' }));
    const colors = pieSlices(items).map((slice) => slice.color);
    expect(new Set(colors).size).toBe(8);
    expect(CHART_COLORS).toHaveLength(8);
  });

  it('sums exactly and reports shares and percents of the whole', () => {
    const slices = pieSlices([
      { label: 'ETH', value: '0.1' },
      { label: 'USDC', value: '0.2' },
      { label: 'NONE', value: null },
      { label: 'ZERO', value: '0' },
      { label: 'BAD', value: 'abc' },
    ]);
    expect(slices.map((slice) => slice.label)).toEqual(['USDC', 'ETH']);
    expect(slices.map((slice) => slice.percent)).toEqual(['66.7', '33.3']);
    expect(slices[0]?.share).toBeCloseTo(2 / 3, 5);
  });

  it('has no Others slice when 7 or fewer tokens have a value, and none at all for an empty list', () => {
    expect(pieSlices(Array.from({ length: 7 }, (_, i) => ({ label: `T${String(i)}`, value: '2' })))).toHaveLength(7);
    expect(pieSlices([])).toEqual([]);
    expect(othersLabel(12)).toBe('Others (12)');
  });

  it('places ring segments one after another from the top', () => {
    const segments = ringSegments(
      pieSlices([
        { label: 'A', value: '3' },
        { label: 'B', value: '1' },
      ]),
    );
    expect(segments.map((segment) => segment.dash)).toEqual(['75 25', '25 75']);
    expect(segments.map((segment) => segment.offset)).toEqual([25, 50]);
  });
});

describe('axis labels', () => {
  it('abbreviates with K, M, B', () => {
    expect(axisValue(950)).toBe('950');
    expect(axisValue(1500)).toBe('1.5K');
    expect(axisValue(2_000_000)).toBe('2M');
    expect(axisValue(12_340_000_000)).toBe('12.34B');
    expect(axisValue(Number.NaN)).toBe('');
  });

  it('puts the currency symbol before the sign-less value', () => {
    expect(axisValues([0, 2500, -1200], '$')).toEqual(['$0', '$2.5K', '-$1.2K']);
  });

  it('cycles the chart colours', () => {
    expect(chartColor(8)).toBe(CHART_COLORS[0]);
    expect(chartColor(-1)).toBe(CHART_COLORS[7]);
  });
});
