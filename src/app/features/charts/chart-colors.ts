/**
 * The 8 chart colours (docs/overview.md), in slice order. Chosen to stay distinguishable on the light and the dark theme;
 * the eighth, a neutral grey, is the colour of the 'Others' slice when a pie groups the rest.
 */
export const CHART_COLORS = [
  '#4c6ef5',
  '#12b886',
  '#f59f00',
  '#e8590c',
  '#ae3ec9',
  '#e64980',
  '#15aabf',
  '#868e96',
] as const;

/** The colour of slice `index`, cycling through the 8. */
export function chartColor(index: number): string {
  return CHART_COLORS[((index % CHART_COLORS.length) + CHART_COLORS.length) % CHART_COLORS.length] ?? CHART_COLORS[0];
}
