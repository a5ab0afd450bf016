import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import { formatFiat } from '../../lib/fiat';
import { CardMenu, type CardMenuItem } from '../../components/card-menu';
import { EXCHANGE_LABELS, ExchangeIcon } from '../../components/network-icon';
import { TokenStack } from './token-stack';
import { LOADING_WALLET_TEXT } from './wallet-card';
import styles from './wallets.module.css';

interface ExchangeCardProps {
  account: ExchangeAccount;
  menu?: readonly CardMenuItem[];
  onOpen: () => void;
}

/** An exchange account card (docs/wallets.md): icon, exchange name, balance and tokens. */
export function ExchangeCard({ account, menu, onOpen }: ExchangeCardProps) {
  const name = EXCHANGE_LABELS[account.exchange];
  return (
    <li className={`card ${styles.card}`} data-testid="exchange-card">
      <div className={styles.cardHeader}>
        <ExchangeIcon exchange={account.exchange} size={36} title={name} />
        <div className={styles.cardTitleBlock}>
          <h3 className={styles.cardName}>{name}</h3>
          <span className={styles.cardSub}>API key {account.api_key_hint}</span>
        </div>
        {menu ? <CardMenu label={`Actions for ${name} account`} items={menu} /> : null}
      </div>
      <button type="button" className={styles.cardBody} onClick={onOpen}>
        <span className="visually-hidden">Details of {name} account:</span>
        {account.is_synchronized ? (
          <>
            <span className={styles.balance}>{formatFiat(account.total_balance, account.fiat_currency)}</span>
            <TokenStack tokens={account.tokens} />
          </>
        ) : (
          <span className={styles.loading}>
            <span className={styles.pulse} aria-hidden="true" />
            {LOADING_WALLET_TEXT}
          </span>
        )}
        {account.sync_error ? (
          <span className={styles.cardFoot}>
            <span className={styles.syncError}>{account.sync_error}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}
