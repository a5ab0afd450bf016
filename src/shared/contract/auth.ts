/** Sign-in and the session (docs/sign-in.md), and the public configuration the PWA reads before sign-in. */
import * as v from 'valibot';
import { WALLET_LOGIN_KINDS } from '../enums';
import {
  loginDemoSchema,
  loginWithAddressSchema,
  loginWithGoogleSchema,
  loginWithWalletResponseSchema,
  loginWithWalletSchema,
} from '../schemas/auth';
import { endpoint } from './endpoint';
import { network, timestamp } from './primitives';
import { userOut } from './users';

/** POST login-with-wallet answer: the EIP-4361 message to sign. */
export const walletChallengeOut = v.object({
  message: v.string(),
  nonce: v.string(),
  expires_at: timestamp,
  kind: v.picklist(WALLET_LOGIN_KINDS),
});
export type WalletChallenge = v.InferOutput<typeof walletChallengeOut>;

export const demoWalletOut = v.object({ address: v.string(), name: v.string(), network });
export type DemoWallet = v.InferOutput<typeof demoWalletOut>;

/** GET config: public settings the PWA needs before sign-in. */
export const publicConfigOut = v.object({
  app_name: v.string(),
  google_client_id: v.nullable(v.string()),
  google_authorization_endpoint: v.nullable(v.string()),
  walletconnect_project_id: v.nullable(v.string()),
  demo_wallets: v.array(demoWalletOut),
  /** Whether paid plans can be bought here (Stripe is configured). */
  billing_enabled: v.boolean(),
  /** Fiat-to-crypto invoicing is set up on this server (a partner is configured). */
  ftc_enabled: v.boolean(),
});
export type PublicConfig = v.InferOutput<typeof publicConfigOut>;

export const authEndpoints = {
  publicConfig: endpoint({ method: 'GET', path: '/api/config', access: 'public', response: publicConfigOut }),
  /** The CSRF token of the current session (issued, with its cookie, when missing). */
  csrf: endpoint({
    method: 'GET',
    path: '/api/csrf',
    access: 'public',
    response: v.object({ csrf_token: v.string() }),
  }),
  /** Ends the session, if any (204). */
  logout: endpoint({ method: 'POST', path: '/api/logout', access: 'public' }),
  /** A read-only guest session for an address. */
  loginWithAddress: endpoint({
    method: 'POST',
    path: '/api/login-with-address',
    access: 'public',
    body: loginWithAddressSchema,
    response: userOut,
  }),
  loginDemo: endpoint({ method: 'POST', path: '/api/login-demo', access: 'public', body: loginDemoSchema, response: userOut }),
  loginWithWallet: endpoint({
    method: 'POST',
    path: '/api/login-with-wallet',
    access: 'public',
    body: loginWithWalletSchema,
    response: walletChallengeOut,
  }),
  loginWithWalletResponse: endpoint({
    method: 'POST',
    path: '/api/login-with-wallet/response',
    access: 'public',
    body: loginWithWalletResponseSchema,
    response: userOut,
  }),
  loginWithGoogle: endpoint({
    method: 'POST',
    path: '/api/login-with-google',
    access: 'public',
    body: loginWithGoogleSchema,
    response: userOut,
  }),
} as const;
