import { describe, expect, it } from 'vitest';
import { LABEL_COLORS } from '../../src/shared/enums';
import { LABEL_SWATCHES } from '../../src/app/features/labels/label-colors';
import { sortLabels, upsertLabel } from '../../src/app/features/labels/label-queries';
import { labelFormErrors } from '../../src/app/features/labels/label-rules';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('label colours', () => {
  it('has a chip style for each of the 7 colours, readable at 4.5:1', () => {
    expect(Object.keys(LABEL_SWATCHES).sort()).toEqual([...LABEL_COLORS].sort());
    expect(LABEL_COLORS).toHaveLength(7);
    for (const color of LABEL_COLORS) {
      const swatch = LABEL_SWATCHES[color];
      expect(contrast(swatch.background, swatch.text), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('create-label form', () => {
  it('requires a name (docs/labels.md) and one of the colours', () => {
    expect(labelFormErrors({ name: '  ', color: 'RED' })).toEqual({ name: 'This field is required' });
    expect(labelFormErrors({ name: 'Rent', color: 'BLACK' }).color).toMatch(/Choose one of/);
    expect(labelFormErrors({ name: 'Rent', color: 'PURPLE' })).toEqual({});
  });
});

describe('label lists', () => {
  it('keeps names in order, case-insensitively, and replaces by id', () => {
    const rent = { id: '1', name: 'rent', color: 'RED' as const };
    const bills = { id: '2', name: 'Bills', color: 'BLUE' as const };
    expect(sortLabels([rent, bills]).map((label) => label.name)).toEqual(['Bills', 'rent']);
    const renamed = { ...rent, name: 'Aaa rent' };
    expect(upsertLabel([rent, bills], renamed)).toEqual([renamed, bills]);
    expect(upsertLabel(undefined, rent)).toEqual([rent]);
  });
});
