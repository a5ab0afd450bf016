import type { LabelOut } from '../../shared/contract/primitives';
import type { LabelRow } from '../db/schema';

export function toLabelOut(row: Pick<LabelRow, 'id' | 'name' | 'color'>): LabelOut {
  return { id: row.id, name: row.name, color: row.color };
}

/** Labels in name order, case-insensitively (the order of every picker and list). */
export function byLabelName(a: LabelOut, b: LabelOut): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
