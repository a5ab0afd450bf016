import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { fullName, invoiceMoneyText, messageText, NOT_GIVEN, ownerDisplayName } from '../../../shared/invoice-display';
import { invoiceTokenAmount, type TokenAmount } from '../../../shared/payment-amount';
import { publicInvoiceOut, type PublicInvoiceOut } from '../../../shared/contract/public-invoice';
import { toast } from '../../lib/toast';
import { explorerTxUrl } from '../transactions';
import { PageFrame } from '../../components/page-frame';
import { fiatToPay } from './amount-to-pay';
import { BankTransfer } from './bank-transfer';
import { PaymentStatusLine } from './payment-status-line';
import { PaymentSuccessDialog } from './payment-success-dialog';
import { paymentQuoteQuery } from './payment-calls';
import { paymentStatusQuery } from './pay-invoice-queries';
import { PAYMENT_TEXTS } from './pay-invoice-texts';
import { countdownText } from './quote-countdown';
import { useQuoteCountdown } from './use-countdown';
import { WalletChoice } from './wallet-choice';
import styles from './pay-invoice.module.css';

type Choice = 'wallet' | 'bank';

function contactText(invoice: PublicInvoiceOut): string {
  const contact = invoice.contact;
  if (contact === null) return NOT_GIVEN;
  return [fullName(contact), contact.company.trim()].filter(Boolean).join(', ') || contact.email || NOT_GIVEN;
}

/** The token amount at the current quote; null while there is no quote (or no token). */
function useTokenAmount(invoice: PublicInvoiceOut) {
  const token = invoice.token;
  const quote = useQuery({ ...paymentQuoteQuery(token?.id ?? '', invoice.fiat_currency), enabled: token !== null });
  let amount: TokenAmount | null = null;
  if (token !== null && quote.data) {
    try {
      amount = invoiceTokenAmount(fiatToPay(invoice), quote.data.quote_rate, token.decimals);
    } catch {
      amount = null;
    }
  }
  const seconds = useQuoteCountdown(quote.data ? quote.dataUpdatedAt : null);
  return { amount, seconds, unavailable: quote.isError && quote.data === undefined };
}

function PaymentSummary({ invoice, amount, seconds, unavailable }: { invoice: PublicInvoiceOut } & ReturnType<typeof useTokenAmount>) {
  const symbol = invoice.token?.symbol ?? '';
  const rows: [string, string][] = [
    ['Owner', ownerDisplayName(invoice.owner)],
    ['Amount', invoiceMoneyText(invoice.total_amount, invoice.fiat_currency)],
  ];
  if (invoice.payment.partially_paid) rows.push(['Left to pay', invoiceMoneyText(fiatToPay(invoice), invoice.fiat_currency)]);
  return (
    <section className={`card ${styles.summary}`} aria-label="Invoice summary">
      <h2 className={styles.invoiceName}>{invoice.name}</h2>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>In {symbol || 'crypto'}</dt>
          <dd data-testid="token-amount">{amount === null ? (unavailable ? NOT_GIVEN : '…') : `≈ ${amount.amount} ${symbol}*`}</dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>{contactText(invoice)}</dd>
        </div>
        <div>
          <dt>Message</dt>
          <dd className={styles.message}>{messageText(invoice.message)}</dd>
        </div>
      </dl>
      {unavailable ? <p className="muted">{PAYMENT_TEXTS.quoteUnavailable}</p> : null}
      <p className={styles.countdown} aria-live="off">
        {PAYMENT_TEXTS.priceUpdate} <time data-testid="quote-countdown">{seconds === null ? '—' : countdownText(seconds)}</time>
      </p>
    </section>
  );
}

function Payment({ invoice }: { invoice: PublicInvoiceOut }) {
  const [choice, setChoice] = useState<Choice>('wallet');
  const [paidHash, setPaidHash] = useState<string | null>(null);
  const tabsId = useId();
  const quote = useTokenAmount(invoice);
  const status = useQuery({ ...paymentStatusQuery(invoice.id), initialData: invoice.payment, initialDataUpdatedAt: 0 });
  const tab = (value: Choice, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${tabsId}-${value}`}
      aria-selected={choice === value}
      aria-controls={`${tabsId}-panel`}
      className={`btn ${choice === value ? styles.tabSelected : ''}`}
      onClick={() => setChoice(value)}
    >
      {label}
    </button>
  );
  return (
    <>
      <PaymentStatusLine status={status.data} />
      <PaymentSummary invoice={invoice} {...quote} />
      <section className={`card ${styles.choices}`} aria-label="How to pay">
        <div role="tablist" aria-label="Pay with" className={styles.tabs}>
          {tab('wallet', 'Wallet')}
          {tab('bank', 'Bank Account')}
        </div>
        <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${choice}`}>
          {choice === 'wallet' ? (
            <WalletChoice invoice={invoice} amount={quote.amount} onPaid={setPaidHash} />
          ) : (
            <BankTransfer invoice={invoice} />
          )}
        </div>
      </section>
      <PaymentSuccessDialog
        invoice={invoice}
        hash={paidHash}
        explorerUrl={paidHash === null || invoice.wallet === null ? null : explorerTxUrl(invoice.wallet.network, paidHash)}
      />
    </>
  );
}

/**
 * /pay-invoice/$id/payment (docs/pay-invoice.md): the invoice comes in navigation state from /pay-invoice/$id;
 * without it the page says 'An error occurred while fetching invoice data.' and goes to /auth.
 */
export function PaymentPage() {
  const id = useParams({ strict: false, select: (params) => params.id ?? '' });
  const passed = useLocation({ select: (location) => location.state.invoice });
  const navigate = useNavigate();
  const invoice = useMemo(() => {
    const parsed = v.safeParse(publicInvoiceOut, passed);
    return parsed.success && parsed.output.id === id ? parsed.output : null;
  }, [passed, id]);

  useEffect(() => {
    if (invoice !== null) return;
    toast(PAYMENT_TEXTS.missingInvoice, 'error');
    void navigate({ to: '/auth', replace: true });
  }, [invoice, navigate]);

  return (
    <PageFrame title="Payment">
      {invoice === null ? <p role="alert">{PAYMENT_TEXTS.missingInvoice}</p> : <Payment invoice={invoice} />}
    </PageFrame>
  );
}
