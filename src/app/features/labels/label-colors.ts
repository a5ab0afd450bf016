/** The 7 label colours of docs/labels.md with chip styles readable in light and dark themes (contrast >= 4.5:1). */
import type { LabelColor } from '../../../shared/enums';

export interface LabelSwatch {
  name: string;
  background: string;
  text: string;
}

export const LABEL_SWATCHES: Record<LabelColor, LabelSwatch> = {
  RED: { name: 'Red', background: '#c62828', text: '#ffffff' },
  ORANGE: { name: 'Orange', background: '#b45309', text: '#ffffff' },
  YELLOW: { name: 'Yellow', background: '#fde047', text: '#1c1917' },
  GREEN: { name: 'Green', background: '#15803d', text: '#ffffff' },
  BLUE: { name: 'Blue', background: '#1d4ed8', text: '#ffffff' },
  PINK: { name: 'Pink', background: '#be185d', text: '#ffffff' },
  PURPLE: { name: 'Purple', background: '#7e22ce', text: '#ffffff' },
};
