import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { authEndpoints, type DemoWallet } from '../../shared/contract/auth';
import { users, wallets } from '../db/schema';
import { DEMO_WALLETS } from '../demo/demo-wallets';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';

export const APP_NAME = 'Ledgerloop';
/** After a failed discovery, GET config answers without the Google endpoint for this long before retrying. */
const DISCOVERY_RETRY_MS = 60_000;

/** GET config: what the PWA needs before sign-in. */
export function registerPublicConfigRoutes(app: Hono<AppEnv>, s: Services): void {
  let discoveryFailedAt: number | undefined;

  const authorizationEndpoint = async (): Promise<string | null> => {
    if (s.config.googleClientId === undefined) return null;
    const now = s.now().getTime();
    if (discoveryFailedAt !== undefined && now - discoveryFailedAt < DISCOVERY_RETRY_MS) return null;
    try {
      // The OpenID client caches a successful discovery.
      const discovery = await s.oidc.discover();
      discoveryFailedAt = undefined;
      return discovery.authorization_endpoint;
    } catch (error) {
      discoveryFailedAt = now;
      s.logger.warn('OpenID discovery failed; Google sign-in is hidden for now', {
        issuer: s.config.oidcIssuer,
        error,
      });
      return null;
    }
  };

  route(app, s, authEndpoints.publicConfig, async () => {
    const demoWallets: DemoWallet[] = await s.db
      .select({ address: wallets.address, name: wallets.name, network: wallets.network })
      .from(wallets)
      .innerJoin(users, eq(users.id, wallets.userId))
      .where(eq(users.isDemo, true))
      .orderBy(asc(wallets.name));
    // In the order the demo is presented (Ethereum first), seeded wallets before any others.
    const rank = (address: string): number => {
      const index = DEMO_WALLETS.findIndex((demo) => demo.address === address);
      return index === -1 ? DEMO_WALLETS.length : index;
    };
    demoWallets.sort((a, b) => rank(a.address) - rank(b.address));
    const endpoint = await authorizationEndpoint();
    return {
      app_name: APP_NAME,
      google_client_id: s.config.googleClientId ?? null,
      google_authorization_endpoint: endpoint,
      walletconnect_project_id: s.config.walletconnectProjectId ?? null,
      demo_wallets: demoWallets,
      billing_enabled: s.billing !== null,
      ftc_enabled: s.config.ftc !== null,
    };
  });
}
