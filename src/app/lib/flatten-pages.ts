import type { InfiniteData } from '@tanstack/react-query';

/** Every loaded row of an infinite list, in order, without duplicates (rows may shift between pages). */
export function flattenPages<T extends { id: string }>(data: InfiniteData<{ results: T[] }> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of data.pages) {
    for (const row of page.results) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
