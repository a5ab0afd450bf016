import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import type { WalletOut } from '../../../shared/contract/wallets';
import { FIAT_CURRENCIES, FIAT_SYMBOLS, INVOICE_PAYMENT_NETWORKS, NETWORK_LABELS, type FiatCurrency, type Network } from '../../../shared/enums';
import { FTC_FEE_PERCENT } from '../../../shared/invoice-rules';
import { shortAddress } from '../../lib/format';
import { walletsListQuery } from '../../lib/wallet-queries';
import { ChoiceList } from './choice-list';
import type { FormErrors } from './invoice-form-checks';
import type { InvoiceFormValues } from './invoice-form-model';
import { paymentTokensQuery } from './new-invoice-queries';
import styles from './new-invoice.module.css';

/** List heights (docs/invoices.md). */
export const WALLETS_MAX_HEIGHT = 280;
export const CURRENCIES_MAX_HEIGHT = 250;

/** The user's wallets an invoice can be paid to: Ethereum and Polygon (docs/data-model.md). */
export function paymentWallets(wallets: readonly WalletOut[]): WalletOut[] {
  return wallets.filter((wallet) => (INVOICE_PAYMENT_NETWORKS as readonly Network[]).includes(wallet.network));
}

type PaymentValues = Pick<InvoiceFormValues, 'is_ftc' | 'fiat_currency' | 'wallet' | 'token'>;

interface PaymentFieldsProps {
  values: PaymentValues;
  /** FTC needs identity verification done (kyc FULL_USER, docs/invoices.md). */
  canUseFtc: boolean;
  onFtcChange: (isFtc: boolean) => void;
  onChange: (change: Partial<PaymentValues>) => void;
  errors: FormErrors;
}

/** Fiat-to-Crypto, invoice currency, receiving wallet and receiving token. */
export function PaymentFields({ values, canUseFtc, onFtcChange, onChange, errors }: PaymentFieldsProps) {
  const ftcId = useId();
  const tokenId = useId();
  const wallets = paymentWallets(useQuery(walletsListQuery()).data ?? []);
  const network = wallets.find((wallet) => wallet.id === values.wallet)?.network ?? null;
  const tokens = useQuery(paymentTokensQuery(network)).data ?? [];
  const symbols = [...new Set(tokens.map((token) => token.symbol.toUpperCase()))];
  const symbolList = symbols.join(',');

  // A wallet without a token chosen gets the first one its network offers.
  const { token, wallet } = values;
  useEffect(() => {
    const offered = symbolList === '' ? [] : symbolList.split(',');
    const first = offered[0];
    if (wallet !== null && first !== undefined && (token === null || !offered.includes(token))) onChange({ token: first });
  }, [wallet, token, symbolList, onChange]);

  return (
    <>
      <div className={styles.checkbox}>
        <input
          id={ftcId}
          type="checkbox"
          checked={values.is_ftc}
          disabled={!canUseFtc && !values.is_ftc}
          aria-describedby={`${ftcId}-hint`}
          onChange={(event) => onFtcChange(event.target.checked)}
        />
        <label htmlFor={ftcId}>Fiat-to-Crypto (payable by euro bank transfer)</label>
      </div>
      <p id={`${ftcId}-hint`} className={`muted ${styles.hint}`}>
        {canUseFtc ? (
          `The invoice is in EUR and a flat ${FTC_FEE_PERCENT}% fee is added to its amount.`
        ) : (
          <>
            Fiat-to-Crypto invoicing needs a verified identity first.{' '}
            <Link to="/fiat-payment-kyc">Set up Fiat-to-Crypto invoicing</Link>
          </>
        )}
      </p>
      <ChoiceList
        legend="Invoice currency"
        name="fiat_currency"
        choices={FIAT_CURRENCIES.map((currency) => ({ value: currency, label: `${currency} (${FIAT_SYMBOLS[currency]})`, text: currency }))}
        value={values.fiat_currency}
        onChange={(currency) => onChange({ fiat_currency: currency as FiatCurrency })}
        maxHeight={CURRENCIES_MAX_HEIGHT}
        empty=""
        errors={errors.fiat_currency}
        disabled={values.is_ftc}
      />
      <ChoiceList
        legend="Receiving wallet"
        name="wallet"
        choices={wallets.map((item) => ({
          value: item.id,
          text: item.name,
          label: (
            <>
              <strong>{item.name}</strong>
              <span className={`muted ${styles.sub}`}>
                {NETWORK_LABELS[item.network]} · {shortAddress(item.address)}
              </span>
            </>
          ),
        }))}
        value={values.wallet}
        onChange={(id) => onChange({ wallet: id })}
        maxHeight={WALLETS_MAX_HEIGHT}
        empty="No wallets found"
        errors={errors.wallet}
      />
      <div className="field">
        <label htmlFor={tokenId}>Receiving token</label>
        <select
          id={tokenId}
          value={values.wallet === null ? '' : (values.token ?? '')}
          disabled={values.wallet === null || symbols.length === 0}
          aria-invalid={errors.token ? true : undefined}
          aria-describedby={errors.token ? `${tokenId}-error` : undefined}
          onChange={(event) => onChange({ token: event.target.value })}
        >
          {values.wallet === null ? <option value="">Choose a wallet first</option> : null}
          {symbols.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
        {errors.token?.[0] ? (
          <p id={`${tokenId}-error`} className="field-error" role="alert">
            {errors.token[0]}
          </p>
        ) : null}
      </div>
    </>
  );
}
