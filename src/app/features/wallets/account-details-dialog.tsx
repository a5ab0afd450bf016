import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { WalletToken } from '../../../shared/data-types';
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import type { WalletOut } from '../../../shared/contract/wallets';
import type { FiatCurrency } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { copyText } from '../../lib/clipboard';
import { formatFiat, formatTokenAmount } from '../../lib/fiat';
import { TokenIcon } from '../../components/token-icon';
import { EXCHANGE_LABELS, networkLabel } from '../../components/network-icon';
import { byValue } from './token-stack';
import { LOADING_WALLET_TEXT } from './wallet-card';
import styles from './wallets.module.css';

export type AccountSelection = { kind: 'wallet'; wallet: WalletOut } | { kind: 'exchange'; account: ExchangeAccount };

function Holdings({ tokens, currency }: { tokens: readonly WalletToken[]; currency: FiatCurrency }) {
  if (tokens.length === 0) return <p className="muted">No tokens</p>;
  return (
    <ul className={styles.holdings}>
      {byValue(tokens).map((holding) => (
        <li key={holding.token.id} className={styles.holding}>
          <TokenIcon symbol={holding.token.symbol} imageUrl={holding.token.image_url} size={28} />
          <span className={styles.holdingName}>
            <strong>{holding.token.symbol}</strong>
            <span className="muted">{holding.token.name}</span>
          </span>
          <span className={styles.holdingFigures}>
            <span>{formatTokenAmount(holding.amount, '')}</span>
            <span className="muted">{formatFiat(holding.value_fiat, currency)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function date(value: string | null): string {
  return value ? dayjs(value).format('MMM DD, YYYY HH:mm') : 'No Activity Yet';
}

/** The details dialog a card opens (docs/wallets.md). */
export function AccountDetailsDialog({ selection, onClose }: { selection: AccountSelection; onClose: () => void }) {
  if (selection.kind === 'wallet') {
    const { wallet } = selection;
    return (
      <Dialog open onClose={onClose} title={wallet.name}>
        <dl className={styles.details}>
          <Row term="Network">{networkLabel(wallet.network)}</Row>
          <Row term="Address">
            <span className={styles.address}>{wallet.address}</span>{' '}
            <button type="button" className={`btn btn-ghost ${styles.copy}`} onClick={() => void copyText(wallet.address)}>
              Copy
            </button>
          </Row>
          <Row term="Total balance">
            {wallet.is_synchronized ? formatFiat(wallet.total_balance, wallet.fiat_currency) : LOADING_WALLET_TEXT}
          </Row>
          <Row term="Included in totals">{wallet.is_active ? 'Yes' : 'No'}</Row>
          <Row term="Last activity">{date(wallet.last_activity)}</Row>
          {wallet.first_transaction_at ? <Row term="First transaction">{date(wallet.first_transaction_at)}</Row> : null}
          {wallet.sync_error ? <Row term="Last sync">{wallet.sync_error}</Row> : null}
          {wallet.wallet_documents.length > 0 ? (
            <Row term="Documents">{wallet.wallet_documents.map((document) => document.name).join(', ')}</Row>
          ) : null}
        </dl>
        <h3 className={styles.detailsHeading}>Tokens</h3>
        <Holdings tokens={wallet.tokens} currency={wallet.fiat_currency} />
      </Dialog>
    );
  }
  const { account } = selection;
  const name = EXCHANGE_LABELS[account.exchange];
  return (
    <Dialog open onClose={onClose} title={`${name} account`}>
      <dl className={styles.details}>
        <Row term="Exchange">{name}</Row>
        <Row term="API key">{account.api_key_hint}</Row>
        <Row term="Total balance">
          {account.is_synchronized ? formatFiat(account.total_balance, account.fiat_currency) : LOADING_WALLET_TEXT}
        </Row>
        <Row term="Last activity">{date(account.last_activity)}</Row>
        {account.sync_error ? <Row term="Last sync">{account.sync_error}</Row> : null}
      </dl>
      <h3 className={styles.detailsHeading}>Tokens</h3>
      <Holdings tokens={account.tokens} currency={account.fiat_currency} />
    </Dialog>
  );
}
