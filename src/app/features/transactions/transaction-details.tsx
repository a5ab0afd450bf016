import type { ReactNode } from 'react';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { NETWORK_LABELS } from '../../../shared/enums';
import { formatAmount } from '../../../shared/money';
import { shortAddress } from '../../lib/format';
import { ExplorerLink } from './explorer-link';
import { feeTexts, fiatText, NO_DATA, orNoData } from './transaction-format';
import styles from './transactions.module.css';
import { Tooltip } from '../../components/tooltip';

const KIND_NAMES: Record<TransactionOut['kind'], string> = {
  TRANSFER: 'Transfer',
  SWAP: 'Swap',
  AXIE_BREED: 'Axie breed',
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Address({ value }: { value: string }) {
  if (!value) return <>{NO_DATA}</>;
  return (
    <Tooltip text={value}>
      <span className={styles.mono}>{shortAddress(value)}</span>
    </Tooltip>
  );
}

interface TransactionDetailsProps {
  tx: TransactionOut;
  /** Shown only on narrow screens, where the Labels and Explorer columns are hidden. */
  labels: ReactNode;
}

/** The expanded part of a row (docs/transactions.md "Details"). */
export function TransactionDetails({ tx, labels }: TransactionDetailsProps) {
  const value = fiatText(tx.value_fiat, tx.fiat_currency);
  const fees = feeTexts(tx);
  return (
    <div className={styles.details}>
      <dl className={styles.detailList}>
        <Row term="Type">{KIND_NAMES[tx.kind]}</Row>
        {tx.fromTo.name ? (
          <Row term={tx.fromTo.label === 'From' ? 'Sender' : 'Recipient'}>
            <span className={styles.counterparty}>{tx.fromTo.name}</span>
          </Row>
        ) : null}
        <Row term="From">
          <Address value={tx.from_address} />
        </Row>
        <Row term="To">
          <Address value={tx.to_address} />
        </Row>
        <Row term="Token">
          {tx.token.name} ({tx.token.symbol})
        </Row>
        <Row term="Network">{tx.network ? NETWORK_LABELS[tx.network] : tx.cex ? 'Exchange' : NO_DATA}</Row>
        <Row term="Value">{value ?? NO_DATA}</Row>
        {tx.kind === 'SWAP' && tx.swapped_amount && tx.swapped_token ? (
          <Row term="Swapped">
            {formatAmount(tx.swapped_amount)} {tx.swapped_token.symbol}
          </Row>
        ) : null}
        {tx.kind === 'AXIE_BREED' ? (
          <Row term="Breeding cost">
            {orNoData(tx.axie_breed_axs_cost, (v) => `${formatAmount(v)} AXS`)},{' '}
            {orNoData(tx.axie_breed_slp_cost, (v) => `${formatAmount(v)} SLP`)}
          </Row>
        ) : null}
        {fees.gas === null ? null : <Row term="Gas">{fees.gas}</Row>}
        {fees.gasPrice === null ? null : <Row term="Gas price">{fees.gasPrice}</Row>}
        <Row term="Fee">{fees.fee}</Row>
        <Row term="Hash">
          {tx.tx_hash ? (
            <Tooltip text={tx.tx_hash}>
              <span className={styles.mono}>{shortAddress(tx.tx_hash)}</span>
            </Tooltip>
          ) : (
            NO_DATA
          )}
        </Row>
        {tx.transc_label ? <Row term="Payment">{tx.transc_label.name}</Row> : null}
        {tx.nft_url ? (
          <Row term="NFT">
            <a href={tx.nft_url} target="_blank" rel="noreferrer noopener">
              {tx.nft_id ? `#${tx.nft_id}` : 'View NFT'}
            </a>
          </Row>
        ) : null}
      </dl>
      <div className={styles.narrowOnly}>
        {labels}
        <ExplorerLink tx={tx} withText />
      </div>
    </div>
  );
}
