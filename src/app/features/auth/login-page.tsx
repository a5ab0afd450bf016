import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { User } from '../../../shared/api-types';
import { LogoMark } from '../../components/logo-mark';
import { Spinner } from '../../components/spinner';
import { publicConfigQuery } from '../../lib/public-config';
import { completeSignIn, useCurrentUser } from '../../lib/session';
import { AddressSignInForm } from './address-sign-in-form';
import { DemoSignIn } from './demo-sign-in';
import { GoogleSignIn, useGoogleReturn } from './google-sign-in';
import styles from './login-page.module.css';
import { WalletSignIn } from './wallet-sign-in';

function OrSeparator() {
  return (
    <p className={styles.or}>
      <span>Or</span>
    </p>
  );
}

const FEATURES = [
  'Balances, tokens and NFTs of every wallet in one place',
  'Transactions with labels, contacts and fiat values',
  'Invoices payable in crypto or by euro bank transfer',
  'Reports and exports for your accounting',
];

/**
 * The login page (docs/sign-in.md): Google, a wallet, or a public address, separated by 'Or', and the demo
 * wallets. Shows a loader until the server's public config is in; a signed-in user goes to the dashboard.
 */
export function LoginPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const config = useQuery(publicConfigQuery);

  const onSignedIn = useCallback(
    async (signedIn: User) => {
      await completeSignIn(signedIn);
      await navigate({ to: '/overview', replace: true });
    },
    [navigate],
  );
  const google = useGoogleReturn(onSignedIn);

  if (user) return <Navigate to="/overview" replace />;

  let body;
  if (config.isPending && config.fetchStatus === 'paused') {
    // Offline before the sign-in options were ever loaded: nothing can be signed in with until the network is back.
    body = (
      <div className={styles.loading}>
        <p role="status">You are offline. Connect to the internet to sign in.</p>
      </div>
    );
  } else if (config.isPending) {
    body = (
      <div className={styles.loading}>
        <Spinner label="Loading sign-in options" showLabel />
      </div>
    );
  } else if (config.isError) {
    body = (
      <div className={styles.loading}>
        <p role="alert">The sign-in options could not be loaded. Check your connection and try again.</p>
        <button type="button" className="btn" onClick={() => void config.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const { google_client_id: clientId, google_authorization_endpoint: endpoint } = config.data;
    const googleEnabled = Boolean(clientId && endpoint);
    body = (
      <>
        <section className={`card ${styles.methods}`} aria-label="Sign-in methods">
          {clientId && endpoint ? (
            <>
              <GoogleSignIn
                clientId={clientId}
                authorizationEndpoint={endpoint}
                signingIn={google.signingIn}
                error={google.error}
              />
              <OrSeparator />
            </>
          ) : null}
          {!googleEnabled && google.error ? (
            <p className={styles.error} role="alert">
              {google.error}
            </p>
          ) : null}
          <WalletSignIn walletConnectProjectId={config.data.walletconnect_project_id} onSignedIn={onSignedIn} />
          <OrSeparator />
          <AddressSignInForm onSignedIn={onSignedIn} />
        </section>
        {config.data.demo_wallets.length > 0 ? (
          <DemoSignIn wallets={config.data.demo_wallets} onSignedIn={onSignedIn} />
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <div className={styles.brand}>
          <LogoMark size={40} />
          <span className={styles.brandName}>Ledgerloop</span>
        </div>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>Crypto accounting and invoicing for your wallets and exchange accounts.</p>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <div className={styles.panel}>{body}</div>
    </div>
  );
}
