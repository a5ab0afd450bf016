/** Latency figures of a series of timed calls, in milliseconds, and the bench's tables. */
export interface Figures {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  perSecond: number;
  /** p95 budget in milliseconds, when the figure has one. */
  budgetMs?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export interface MeasureOptions {
  /** p95 budget shown beside the figures. */
  budgetMs?: number;
  /** Untimed calls first (default: min(20, count)). */
  warmup?: number;
  /** Stop early once this many milliseconds have gone by and at least `minCount` calls were timed. */
  maxMs?: number;
  /** Default 20. */
  minCount?: number;
}

/**
 * Runs `call` `count` times one after the other (after a few untimed warm-up calls with negative indexes), or
 * fewer when `maxMs` runs out first; `count` in the result is the number of timed calls.
 */
export async function measure(
  name: string,
  count: number,
  call: (i: number) => Promise<void>,
  options: MeasureOptions = {},
): Promise<Figures> {
  const warmup = options.warmup ?? Math.min(20, count);
  for (let i = 0; i < warmup; i += 1) await call(-1 - i);
  const samples: number[] = [];
  const started = performance.now();
  const minCount = Math.min(count, options.minCount ?? 20);
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await call(i);
    samples.push(performance.now() - t0);
    if (options.maxMs !== undefined && i + 1 >= minCount && performance.now() - started > options.maxMs) break;
  }
  const total = performance.now() - started;
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    count: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    perSecond: (samples.length / total) * 1000,
    ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
  };
}

/** OK when the figure is within budget, OVER when not, blank without a budget. */
export function verdict(value: number, budget: number | undefined, higherIsBetter = false): string {
  if (budget === undefined) return '';
  const within = higherIsBetter ? value >= budget : value <= budget;
  return within ? 'OK' : 'OVER';
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function textTable(title: string, header: readonly string[], lines: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [title, format(header), ...lines.map(format)].join('\n');
}

export function formatTable(title: string, rows: readonly Figures[]): string {
  const header = ['request', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'req/s', 'p95 budget', ''];
  const lines = rows.map((r) => [
    r.name,
    String(r.count),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    r.mean.toFixed(2),
    r.perSecond.toFixed(0),
    r.budgetMs === undefined ? '' : `<= ${String(r.budgetMs)}`,
    verdict(r.p95, r.budgetMs),
  ]);
  return textTable(title, header, lines);
}
