import { ringSegments, type PieSlice } from './pie-slices';
import styles from './charts.module.css';

interface DonutChartProps {
  slices: readonly PieSlice[];
  /** Accessible name of the chart, e.g. 'Asset allocation'. */
  label: string;
  /** Formats a slice value for the legend (fiat). */
  formatValue: (value: string) => string;
  /** Text in the middle of the ring (the total). */
  centerText?: string;
  size?: number;
}

/** Radius giving the ring a circumference of 100, so a share in percent is its dash length. */
const RADIUS = 15.91549430918954;
const STROKE = 5.5;

/**
 * A small SVG donut with a legend (uPlot has no pie). Each slice is a stroked circle whose dash covers its share;
 * the legend carries the same facts in text for screen readers.
 */
export function DonutChart({ slices, label, formatValue, centerText, size = 148 }: DonutChartProps) {
  const rings = ringSegments(slices);
  const summary = slices.map((slice) => `${slice.label} ${slice.percent}%`).join(', ');

  return (
    <figure className={styles.donut}>
      <svg
        viewBox="0 0 42 42"
        width={size}
        height={size}
        role="img"
        aria-label={`${label}: ${summary}`}
        className={styles.donutSvg}
      >
        <circle cx="21" cy="21" r={RADIUS} fill="none" stroke="var(--color-surface-2)" strokeWidth={STROKE} />
        {rings.map(({ slice, dash, offset: dashOffset }) => (
          <circle
            key={slice.key}
            cx="21"
            cy="21"
            r={RADIUS}
            fill="none"
            stroke={slice.color}
            strokeWidth={STROKE}
            strokeDasharray={dash}
            strokeDashoffset={dashOffset}
          />
        ))}
        {centerText ? (
          <text x="21" y="22.5" textAnchor="middle" className={styles.donutCenter}>
            {centerText}
          </text>
        ) : null}
      </svg>
      <figcaption className={styles.legend}>
        <ul className={styles.legendList}>
          {slices.map((slice) => (
            <li key={slice.key} className={styles.legendItem}>
              <span className={styles.swatch} style={{ background: slice.color }} aria-hidden="true" />
              <span className={styles.legendLabel}>{slice.label}</span>
              <span className={styles.legendValue}>
                {formatValue(slice.value)} · {slice.percent}%
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
