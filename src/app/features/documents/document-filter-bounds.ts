import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useToday } from '../../lib/app-day-rollover';
import { dateBounds, type DateBounds } from '../../lib/date-range-rules';
import { firstTransactionQuery } from '../transactions';
import { firstDocumentQuery } from './documents-queries';
import { earliestDay } from './report-form-rules';

/**
 * The bounds of a date-range filter (docs/documents.md): from the user's first transaction or first document, whichever is
 * earlier (else today), to today. Documents are not asked for when `withDocuments` is false (guests, docs/documents.md).
 */
export function useActivityBounds(withDocuments: boolean): DateBounds {
  const firstTransaction = useQuery(firstTransactionQuery());
  const firstDocument = useQuery(firstDocumentQuery(withDocuments));
  const today = useToday();
  const first = earliestDay(firstTransaction.data, withDocuments ? firstDocument.data : null);
  return useMemo(() => dateBounds(first, today), [first, today]);
}
