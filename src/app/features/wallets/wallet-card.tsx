import dayjs from 'dayjs';
import type { WalletOut } from '../../../shared/contract/wallets';
import { shortAddress } from '../../lib/format';
import { formatFiat } from '../../lib/fiat';
import { CardMenu, type CardMenuItem } from '../../components/card-menu';
import { NetworkIcon, networkLabel } from '../../components/network-icon';
import { TokenStack } from './token-stack';
import styles from './wallets.module.css';

export const LOADING_WALLET_TEXT = 'Loading wallet transactions';

interface WalletCardProps {
  wallet: WalletOut;
  /** Card menu actions; absent for read-only users. */
  menu?: readonly CardMenuItem[];
  onOpen: () => void;
}

/** A wallet card (docs/wallets.md): network icon, name, total balance and token icons, or the loading text. */
export function WalletCard({ wallet, menu, onOpen }: WalletCardProps) {
  return (
    <li className={`card ${styles.card} ${wallet.is_active ? '' : styles.inactive}`} data-testid="wallet-card">
      <div className={styles.cardHeader}>
        <NetworkIcon network={wallet.network} size={36} title={networkLabel(wallet.network)} />
        <div className={styles.cardTitleBlock}>
          <h3 className={styles.cardName}>{wallet.name}</h3>
          <span className={styles.cardSub}>{shortAddress(wallet.address)}</span>
        </div>
        {menu ? <CardMenu label={`Actions for ${wallet.name}`} items={menu} /> : null}
      </div>
      <button type="button" className={styles.cardBody} onClick={onOpen}>
        <span className="visually-hidden">Details of {wallet.name}:</span>
        {wallet.is_synchronized ? (
          <>
            <span className={styles.balance}>{formatFiat(wallet.total_balance, wallet.fiat_currency)}</span>
            <TokenStack tokens={wallet.tokens} />
          </>
        ) : (
          <span className={styles.loading}>
            <span className={styles.pulse} aria-hidden="true" />
            {LOADING_WALLET_TEXT}
          </span>
        )}
        <span className={styles.cardFoot}>
          {wallet.is_active ? null : <span className={styles.tag}>Hidden from totals</span>}
          {wallet.sync_error ? <span className={styles.syncError}>{wallet.sync_error}</span> : null}
          {wallet.last_activity ? (
            <span className="muted">Last activity {dayjs(wallet.last_activity).format('MMM DD, YYYY')}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
}
