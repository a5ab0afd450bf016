import { CONTACT_EMAIL } from './help-links';

/** 'About us' text of the help menu (docs/app-shell.md). */
export function AboutText() {
  return (
    <>
      <p>
        Ledgerloop is crypto accounting and invoicing for individuals and businesses that hold crypto. Track wallets
        on Bitcoin, Ethereum, BSC, Polygon and Fantom and your Binance account in one place: balances, tokens and
        NFTs, transactions, contacts and labels, in more than 25 fiat currencies.
      </p>
      <p>
        Create invoices payable in crypto or by euro bank transfer, export holdings and transaction reports, and keep
        working offline: the app installs on your phone or desktop and shows your saved data without a connection.
      </p>
    </>
  );
}

/** 'Legal' text of the help menu. */
export function LegalText() {
  return (
    <>
      <p>
        Ledgerloop is not a wallet provider: it never holds your coins or private keys and cannot move funds. It reads
        public blockchain data for the addresses you add, and exchange data through read-only API keys that are
        stored encrypted.
      </p>
      <p>
        Bank-transfer invoicing is provided with a regulated payment partner and requires identity verification
        (KYC). The service is available in every country except one where local rules do not allow it.
      </p>
      <p>
        Questions about your data or these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </>
  );
}
