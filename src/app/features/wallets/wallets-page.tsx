import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import type { WalletOut } from '../../../shared/contract/wallets';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/session';
import { walletsListQuery } from '../../lib/wallet-queries';
import { CreateReportDialog, type ReportDialogMode } from '../documents';
import { noteIfQueued } from '../../lib/network-actions';
import { useLivePolling } from '../../lib/live-polling';
import { useCreateInvoice } from '../overview';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { PageSearchField } from '../../components/page-search-field';
import { usePageSearch } from '../../components/use-page-search';
import { AccountDetailsDialog, type AccountSelection } from './account-details-dialog';
import type { CardMenuItem } from '../../components/card-menu';
import { DeleteWalletDialog } from './delete-wallet-dialog';
import { ExchangeCard } from './exchange-card';
import { useAddWallet } from './use-add-wallet';
import { WalletCard } from './wallet-card';
import { WalletFormDialog, type WalletDialogMode } from './wallet-form-dialog';
import { walletMutationKeys, type RemoveVariables } from './wallet-mutations';
import { filterAccounts } from './wallet-search';
import { anyUnsynchronized, exchangesQuery, UNSYNCED_POLL_MS } from './wallet-queries';
import styles from './wallets.module.css';

export const NO_WALLETS_TEXT = 'No wallets found';

function Header({ onAdd, busy }: { onAdd?: () => void; busy?: boolean }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>Wallets</h1>
      {onAdd ? (
        <button type="button" className="btn btn-primary" onClick={onAdd} disabled={busy} aria-busy={busy || undefined}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          Add Wallet
        </button>
      ) : null}
    </header>
  );
}

/** The wallets screen (docs/wallets.md): wallet and exchange cards, their menus and dialogs. */
export function WalletsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!user.full_access) {
    return (
      <div className={styles.page}>
        <Header />
        <div className={`card ${styles.notice}`}>
          <p>{MESSAGES.loggedInOnly}</p>
        </div>
      </div>
    );
  }
  return <WalletsScreen />;
}

function WalletsScreen() {
  const navigate = useNavigate();
  const locationState = useRouterState({ select: (state) => state.location.state });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = usePageSearch('/wallets');
  const poll = useLivePolling(UNSYNCED_POLL_MS);
  const wallets = useQuery({
    ...walletsListQuery(),
    refetchInterval: (query) => (anyUnsynchronized(query.state.data) ? poll : false),
  });
  const exchanges = useQuery({
    ...exchangesQuery(),
    refetchInterval: (query) => (anyUnsynchronized(query.state.data) ? poll : false),
  });

  const [dialog, setDialog] = useState<WalletDialogMode | null>(null);
  const [reportDialog, setReportDialog] = useState<ReportDialogMode | null>(null);
  const [details, setDetails] = useState<AccountSelection | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<WalletOut | null>(null);
  const openAdd = useCallback(() => setDialog({ kind: 'add' }), []);
  const addWallet = useAddWallet(openAdd);
  const invoice = useCreateInvoice();
  const removeWallet = useMutation<undefined, Error, RemoveVariables>({ mutationKey: walletMutationKeys.remove });
  const removeExchange = useMutation<undefined, Error, RemoveVariables>({
    mutationKey: walletMutationKeys.removeExchange,
  });

  // The quick-create menu and the account menu open the Add dialog through navigation state.
  const handledRequest = useRef(false);
  const { start: startAddWallet } = addWallet;
  useEffect(() => {
    if (locationState.openDialog !== 'add-wallet' || handledRequest.current) return;
    handledRequest.current = true;
    const { openDialog: _done, ...rest } = locationState;
    void navigate({ to: pathname, state: rest, replace: true });
    void startAddWallet();
  }, [locationState, navigate, pathname, startAddWallet]);

  const deleteWallet = (wallet: WalletOut) => {
    if (wallet.wallet_documents.length > 0) {
      setConfirmDelete(wallet);
      return;
    }
    noteIfQueued();
    removeWallet.mutate({ id: wallet.id });
  };

  const walletMenu = (wallet: WalletOut): CardMenuItem[] => [
    { label: 'Edit wallet', onSelect: () => setDialog({ kind: 'edit', wallet }) },
    { label: 'Create invoice', onSelect: () => void invoice.start({ walletId: wallet.id }) },
    {
      label: 'Create report',
      onSelect: () => setReportDialog({ kind: 'create', walletId: wallet.id }),
    },
    { label: 'Delete', danger: true, onSelect: () => deleteWallet(wallet) },
  ];

  const exchangeMenu = (account: ExchangeAccount): CardMenuItem[] => [
    {
      label: 'Create report',
      onSelect: () => setReportDialog({ kind: 'create', cexId: account.id }),
    },
    {
      label: 'Delete',
      danger: true,
      onSelect: () => {
        noteIfQueued();
        removeExchange.mutate({ id: account.id });
      },
    },
  ];

  const { wallets: walletList, exchanges: exchangeList } = useMemo(
    () => filterAccounts(wallets.data ?? [], exchanges.data ?? [], search.applied),
    [wallets.data, exchanges.data, search.applied],
  );
  const hasAny = (wallets.data ?? []).length > 0 || (exchanges.data ?? []).length > 0;
  // Wallets show as soon as they are known; exchange cards join when theirs arrive (offline: when cached).
  const exchangesKnown = exchanges.data !== undefined || exchanges.isError || exchanges.fetchStatus === 'paused';
  const loading = (wallets.isPending && !wallets.data) || (wallets.data?.length === 0 && !exchangesKnown);
  const failed = wallets.isError && !wallets.data;

  return (
    <div className={styles.page}>
      <Header onAdd={() => void addWallet.start()} busy={addWallet.checking} />
      {hasAny || search.text !== '' ? (
        <PageSearchField label="Search wallets" value={search.text} onChange={search.setText} onClear={search.clear} />
      ) : null}
      {loading ? (
        <Spinner label="Loading wallets" />
      ) : failed ? (
        <div className={`card ${styles.notice}`}>
          <p>Wallets could not be loaded.</p>
        </div>
      ) : walletList.length === 0 && exchangeList.length === 0 ? (
        <div className={`card ${styles.notice}`}>
          {hasAny && search.applied !== '' ? (
            <>
              <p>{NO_WALLETS_TEXT}</p>
              <button type="button" className="btn" onClick={search.clear}>
                Show all wallets
              </button>
            </>
          ) : (
            <p>{NO_WALLETS_TEXT}</p>
          )}
        </div>
      ) : (
        <ul className={styles.grid} aria-label="Wallets and exchanges">
          {walletList.map((wallet) => (
            <WalletCard
              key={wallet.id}
              wallet={wallet}
              menu={walletMenu(wallet)}
              onOpen={() => setDetails({ kind: 'wallet', wallet })}
            />
          ))}
          {exchangeList.map((account) => (
            <ExchangeCard
              key={account.id}
              account={account}
              menu={exchangeMenu(account)}
              onOpen={() => setDetails({ kind: 'exchange', account })}
            />
          ))}
        </ul>
      )}

      {dialog ? <WalletFormDialog mode={dialog} onClose={() => setDialog(null)} /> : null}
      {/* The report is made here; only once it is saved does the user go to the report list. */}
      <CreateReportDialog
        mode={reportDialog}
        onClose={() => setReportDialog(null)}
        onSaved={() => {
          setReportDialog(null);
          void navigate({ to: '/documents', search: { tab: 'report' } });
        }}
      />
      {details ? <AccountDetailsDialog selection={details} onClose={() => setDetails(null)} /> : null}
      {confirmDelete ? (
        <DeleteWalletDialog
          wallet={confirmDelete}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            const wallet = confirmDelete;
            setConfirmDelete(null);
            noteIfQueued();
            removeWallet.mutate({ id: wallet.id });
          }}
        />
      ) : null}
      <UpgradeDialog
        open={addWallet.limitText !== null}
        message={addWallet.limitText ?? ''}
        onClose={addWallet.dismissLimit}
      />
      <UpgradeDialog open={invoice.limitText !== null} message={invoice.limitText ?? ''} onClose={invoice.dismissLimit} />
    </div>
  );
}
