import { useState } from 'react';
import type { WalletOut } from '../../../shared/contract/wallets';
import { Dialog } from '../../components/dialog';
import { ExchangeForm } from './exchange-form';
import { EditWalletForm, NewWalletForm } from './wallet-form';
import styles from './wallets.module.css';

export type WalletDialogMode = { kind: 'add' } | { kind: 'edit'; wallet: WalletOut };

type Tab = 'wallet' | 'exchange';

/** Add Wallet (wallet or exchange form) and Edit Wallet (docs/wallets.md). */
export function WalletFormDialog({ mode, onClose }: { mode: WalletDialogMode; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('wallet');
  if (mode.kind === 'edit') {
    return (
      <Dialog open onClose={onClose} title="Edit Wallet">
        <EditWalletForm wallet={mode.wallet} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={onClose} title="Add Wallet">
      <div className={styles.tabs} role="radiogroup" aria-label="What to add">
        {(
          [
            ['wallet', 'Wallet'],
            ['exchange', 'Exchange'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={tab === value}
            className={styles.tab}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'wallet' ? <NewWalletForm onDone={onClose} /> : <ExchangeForm onDone={onClose} />}
    </Dialog>
  );
}
