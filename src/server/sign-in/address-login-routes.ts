import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { networksForAddress, normalizeAddress } from '../../shared/address-validation';
import { authEndpoints } from '../../shared/contract/auth';
import type { Network } from '../../shared/enums';
import { MESSAGES } from '../../shared/messages';
import { users } from '../db/schema';
import { DEMO_WALLETS, demoAuthKey } from '../demo/demo-wallets';
import { fieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { upsertAddressUser } from './sign-in-users';
import { limitSignInByAddress, limitSignInByIp, respondSignedIn } from './sign-in-flow';

export const NOT_A_DEMO_WALLET = 'Not a demo wallet.';

/** The network an address-only wallet is tracked on: Ethereum for EVM addresses, Bitcoin for Bitcoin ones. */
function trackingNetwork(networks: readonly Network[]): Network | undefined {
  if (networks.includes('ETHEREUM')) return 'ETHEREUM';
  if (networks.includes('BITCOIN')) return 'BITCOIN';
  return networks[0];
}

/** POST login-with-address (read-only guest) and POST login-demo. */
export function registerAddressLoginRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, authEndpoints.loginWithAddress, async (c, { body }) => {
    await limitSignInByIp(c, s);
    const { address } = body;
    const network = trackingNetwork(networksForAddress(address));
    if (network === undefined) throw fieldError('address', MESSAGES.invalidAddress);
    const normalised = normalizeAddress(address, network);
    await limitSignInByAddress(s, normalised);
    const userId = await upsertAddressUser(s.db, { address: normalised, network, now: s.now() });
    return respondSignedIn(c, s, userId);
  });

  route(app, s, authEndpoints.loginDemo, async (c, { body }) => {
    await limitSignInByIp(c, s);
    const { address } = body;
    const demo = DEMO_WALLETS.find((wallet) => wallet.address.toLowerCase() === address.toLowerCase());
    if (demo === undefined) throw fieldError('address', NOT_A_DEMO_WALLET);
    const [user] = await s.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.authKey, demoAuthKey(demo.address)), eq(users.isDemo, true)))
      .limit(1);
    if (user === undefined) throw fieldError('address', NOT_A_DEMO_WALLET);
    return respondSignedIn(c, s, user.id);
  });
}
