import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DocumentOut } from '../../../shared/contract/documents';
import { CREATABLE_REPORT_KINDS, type CreatableReportKind, type DocumentKind } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { walletsListQuery } from '../../lib/wallet-queries';
import { useToday } from '../../lib/app-day-rollover';
import { dateBounds } from '../../lib/date-range-rules';
import { firstTransactionQuery } from '../transactions';
import { exchangesQuery } from '../wallets';
import { firstDocumentQuery } from './documents-queries';
import { presetSelection, selectionOfReport, type ReportFormValues } from './report-body';
import { ReportForm } from './report-form';
import { initialRange, reportFirstDay } from './report-form-rules';
import styles from './documents.module.css';

/** Create (optionally from a wallet or exchange card) or edit a report. */
export type ReportDialogMode =
  | { kind: 'create'; walletId?: string; cexId?: string }
  | { kind: 'edit'; document: DocumentOut };

interface CreateReportDialogProps {
  mode: ReportDialogMode | null;
  onClose: () => void;
  /** After a successful save (the dialog is closed by the caller). */
  onSaved: (document: DocumentOut) => void;
}

const isCreatable = (kind: DocumentKind): kind is CreatableReportKind =>
  (CREATABLE_REPORT_KINDS as readonly DocumentKind[]).includes(kind);

/** Still waiting for a first answer (a paused or failed query counts as answered: the form uses what it has). */
const waiting = (query: UseQueryResult<unknown>): boolean => query.isPending && query.fetchStatus === 'fetching';

/** 'Create new report' / 'Edit report' dialog (docs/documents.md and Wallets, docs/reports.md). */
export function CreateReportDialog({ mode, onClose, onSaved }: CreateReportDialogProps) {
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode?.kind === 'edit' ? 'Edit report' : 'Create new report'}>
      {mode ? <ReportFormLoader mode={mode} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ReportFormLoader({ mode, onClose, onSaved }: { mode: ReportDialogMode; onClose: () => void; onSaved: (document: DocumentOut) => void }) {
  const wallets = useQuery(walletsListQuery());
  const exchanges = useQuery(exchangesQuery());
  const firstTransaction = useQuery(firstTransactionQuery());
  const firstDocument = useQuery(firstDocumentQuery());
  const today = useToday();

  if ([wallets, exchanges, firstTransaction, firstDocument].some(waiting)) {
    return (
      <div className={styles.more}>
        <Spinner label="Loading..." showLabel />
      </div>
    );
  }

  const walletList = wallets.data ?? [];
  const exchangeList = exchanges.data ?? [];
  const presetWallet = mode.kind === 'create' && mode.walletId ? walletList.find((w) => w.id === mode.walletId) : undefined;
  const bounds = dateBounds(
    reportFirstDay({
      walletFirstTransaction: presetWallet?.first_transaction_at,
      firstTransaction: firstTransaction.data,
      firstDocument: firstDocument.data,
    }),
    today,
  );
  const owned = { walletIds: walletList.map((w) => w.id), cexIds: exchangeList.map((e) => e.id) };

  let initial: ReportFormValues;
  let formKey: string;
  if (mode.kind === 'edit') {
    const { document } = mode;
    formKey = document.id;
    initial = {
      name: document.name,
      kind: isCreatable(document.kind) ? document.kind : '',
      selection: selectionOfReport(document, owned),
      start_date: document.start_date ?? '',
      end_date: document.end_date ?? '',
    };
  } else {
    formKey = `new:${mode.walletId ?? ''}:${mode.cexId ?? ''}`;
    initial = {
      name: '',
      kind: '',
      selection: presetSelection({
        walletId: presetWallet?.id,
        cexId: mode.cexId && exchangeList.some((e) => e.id === mode.cexId) ? mode.cexId : undefined,
      }),
      ...initialRange(bounds),
    };
  }

  return (
    <ReportForm
      key={formKey}
      document={mode.kind === 'edit' ? mode.document : null}
      initial={initial}
      wallets={walletList}
      exchanges={exchangeList}
      bounds={bounds}
      onDone={(saved) => (saved ? onSaved(saved) : onClose())}
    />
  );
}
