import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DocumentOut } from '../../../shared/contract/documents';
import { MESSAGES } from '../../../shared/messages';
import type { CardMenuItem } from '../../components/card-menu';
import { useCurrentUser } from '../../lib/session';
import { noteIfQueued, requireOnline } from '../../lib/network-actions';
import { useCreateInvoice } from '../overview';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { PageSearchField } from '../../components/page-search-field';
import { usePageSearch } from '../../components/use-page-search';
import { CreateReportDialog, type ReportDialogMode } from './create-report-dialog';
import { DocumentDeleteDialog } from './document-delete-dialog';
import { exportDocumentCsv, exportDocumentPdf, openQuickbooksReport } from './document-exports';
import { DocumentFilterBar } from './document-filter-bar';
import { useActivityBounds } from './document-filter-bounds';
import { useDocumentFilters } from './document-filter-state';
import { activeDocumentFilterCount, documentListParams } from './document-filters';
import filterStyles from './document-filter-bar.module.css';
import { documentMutationKeys, type DocumentTab } from './document-keys';
import { PaymentsReview } from '../invoices';
import { DocumentsList } from './documents-list';
import { deleteVariables, type DeleteDocumentVariables } from './documents-queries';
import { ReportViewDialog } from './report-view-dialog';
import { TabToggle } from './tab-toggle';
import styles from './documents.module.css';

export const NO_WALLET_TITLE = 'Add your first wallet to get started!';

/** Users without a wallet or exchange: a prompt to add one (docs/documents.md). */
function NoWalletPrompt() {
  return (
    <div className={`card ${styles.prompt}`}>
      <h2>{NO_WALLET_TITLE}</h2>
      <p className="muted">Invoices and reports are made from your wallets and exchange accounts.</p>
      <Link to="/wallets" className="btn btn-primary">
        Go to Wallets
      </Link>
    </div>
  );
}

function DocumentsScreen() {
  const navigate = useNavigate();
  // Wallet and exchange cards and the quick-create menu send { openDialog: 'create-report', walletId?, cexId? }.
  const request = useLocation({
    select: (location) =>
      location.state.openDialog === 'create-report'
        ? {
            key: location.state.__TSR_key ?? location.href,
            walletId: location.state.walletId,
            cexId: location.state.cexId,
          }
        : undefined,
  });
  // The list shown lives in the URL (?tab=report), so a reload or a shared link opens the same list.
  const tab: DocumentTab = useSearch({ strict: false, select: (value) => (value.tab === 'report' ? 'report' : 'invoice') });
  const setTab = useCallback(
    (next: DocumentTab) =>
      void navigate({ from: '/documents', search: (old) => ({ ...old, tab: next === 'report' ? 'report' : undefined }), replace: true, state: (old) => old }),
    [navigate],
  );
  const [dialog, setDialog] = useState<ReportDialogMode | null>(null);
  const [deleting, setDeleting] = useState<DocumentOut | null>(null);
  const [viewing, setViewing] = useState<DocumentOut | null>(null);
  const invoice = useCreateInvoice();
  const remove = useMutation<undefined, Error, DeleteDocumentVariables>({ mutationKey: documentMutationKeys.remove });
  const filterState = useDocumentFilters();
  const search = usePageSearch('/documents');
  const bounds = useActivityBounds(true);
  const { filters, reset } = filterState;
  const params = useMemo(() => documentListParams(tab, filters, search.applied), [tab, filters, search.applied]);
  const activeCount = activeDocumentFilterCount(filters, tab);
  const filtered = activeCount > 0 || search.applied !== '';
  const clearFilters = () => reset(true);

  // The dialog opens once per request, on the report list.
  const [seenRequest, setSeenRequest] = useState<string | undefined>(undefined);
  if (request?.key !== seenRequest) {
    setSeenRequest(request?.key);
    if (request) setDialog({ kind: 'create', walletId: request.walletId, cexId: request.cexId });
  }
  const requestKey = request?.key;
  useEffect(() => {
    // Consumed: a reload or going back must not open it again. The dialog belongs to the report list.
    if (requestKey !== undefined) void navigate({ from: '/documents', search: (old) => ({ ...old, tab: 'report' }), state: {}, replace: true });
  }, [requestKey, navigate]);

  const menu = (document: DocumentOut): CardMenuItem[] => {
    const deleteItem: CardMenuItem = { label: 'Delete', danger: true, onSelect: () => setDeleting(document) };
    const pdfItem: CardMenuItem = {
      label: 'Export as PDF',
      onSelect: () => {
        if (requireOnline('Exporting a PDF')) void exportDocumentPdf(document);
      },
    };
    if (document.kind === 'INVOICE') {
      const invoiceId = document.invoice?.id;
      return [
        ...(invoiceId && document.state === 'DRAFT'
          ? [{ label: 'Edit invoice', onSelect: () => void navigate({ to: '/new-invoice', state: { invoiceId } }) }]
          : []),
        ...(invoiceId
          ? [{ label: 'View invoice', onSelect: () => void navigate({ to: '/invoices/$id', params: { id: invoiceId } }) }]
          : []),
        deleteItem,
        pdfItem,
      ];
    }
    return [
      {
        label: 'View Report',
        onSelect: () => {
          if (!openQuickbooksReport(document)) setViewing(document);
        },
      },
      { label: 'Edit Report', onSelect: () => setDialog({ kind: 'edit', document }) },
      {
        label: 'Export as CSV',
        onSelect: () => {
          if (requireOnline('Exporting a CSV file')) void exportDocumentCsv(document);
        },
      },
      pdfItem,
      deleteItem,
    ];
  };


  return (
    <PageFrame
      title="Documents"
      actions={
        <>
        {filtered ? (
          <button type="button" className={`btn btn-ghost ${filterStyles.clearLink}`} onClick={clearFilters}>
            Clear Filters
          </button>
        ) : null}
        {tab === 'invoice' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={invoice.checking}
            aria-busy={invoice.checking || undefined}
            onClick={() => void invoice.start()}
          >
            Create Invoice
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              if (requireOnline('Creating a report')) setDialog({ kind: 'create' });
            }}
          >
            Create Report
          </button>
        )}
        </>
      }
    >
      <TabToggle value={tab} onChange={setTab} />
      <div className={filterStyles.searchRow}>
        <PageSearchField
          label={tab === 'invoice' ? 'Search invoices' : 'Search reports'}
          value={search.text}
          onChange={search.setText}
          onClear={search.clear}
        />
      </div>
      <DocumentFilterBar tab={tab} state={filterState} bounds={bounds} activeCount={activeCount} />
      {tab === 'invoice' ? <PaymentsReview /> : null}
      <DocumentsList key={tab} tab={tab} params={params} menu={menu} />
      <ReportViewDialog document={viewing} onClose={() => setViewing(null)} />
      <CreateReportDialog
        mode={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          setTab('report');
        }}
      />
      <DocumentDeleteDialog
        document={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(document) => {
          setDeleting(null);
          noteIfQueued();
          remove.mutate(deleteVariables(document));
        }}
      />
      <UpgradeDialog open={invoice.limitText !== null} message={invoice.limitText ?? ''} onClose={invoice.dismissLimit} />
    </PageFrame>
  );
}

/** /documents (docs/documents.md): guests read that it is for signed-in users, users without a wallet a prompt. */
export function DocumentsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!user.full_access) {
    return (
      <PageFrame title="Documents">
        <NoticeCard>
          <p>{MESSAGES.loggedInOnly}</p>
        </NoticeCard>
      </PageFrame>
    );
  }
  if (!user.has_wallet) {
    return (
      <PageFrame title="Documents">
        <NoWalletPrompt />
      </PageFrame>
    );
  }
  return <DocumentsScreen />;
}
