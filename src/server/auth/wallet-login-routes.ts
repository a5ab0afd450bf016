import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { getAddress } from 'viem';
import { isEvmAddress } from '../../shared/address-validation';
import { API } from '../../shared/api-paths';
import type { WalletChallenge } from '../../shared/api-types';
import { loginWithWalletResponseSchema, loginWithWalletSchema } from '../../shared/schemas/auth';
import { signInChallenges } from '../db/schema';
import { fieldError, nonFieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validation';
import type { Services } from '../services';
import { upsertWalletUser } from '../users/sign-in-users';
import { privilegesFor } from './privileges';
import { limitSignInByAddress, limitSignInByIp, respondSignedIn } from './sign-in-flow';
import { buildSignInMessage, generateNonce, verifySignInMessage } from './siwe';

export const CHALLENGE_TTL_MS = 10 * 60_000;
export const SIGN_IN_STATEMENT = 'Sign in to Ledgerloop.';
export const EVM_ADDRESS_REQUIRED = 'Enter a valid Ethereum address (0x followed by 40 hexadecimal digits).';
export const CHALLENGE_UNAVAILABLE = 'Sign-in request expired or already used. Try again.';

function checksummed(address: string): `0x${string}` {
  if (!isEvmAddress(address)) throw fieldError('address', EVM_ADDRESS_REQUIRED);
  return getAddress(address.trim());
}

/** POST login-with-wallet (EIP-4361 challenge) and POST login-with-wallet/response (signature check). */
export function registerWalletLoginRoutes(app: Hono<AppEnv>, s: Services): void {
  app.post(API.loginWithWallet, jsonBody(loginWithWalletSchema), async (c) => {
    await limitSignInByIp(c, s);
    const body = c.req.valid('json');
    const address = checksummed(body.address);
    await limitSignInByAddress(s, address);
    const issuedAt = s.now();
    const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
    const nonce = generateNonce();
    const message = buildSignInMessage({
      address,
      domain: s.config.siweDomain,
      uri: s.config.siweUri,
      chainId: s.config.siweChainId,
      nonce,
      issuedAt,
      expirationTime: expiresAt,
      statement: SIGN_IN_STATEMENT,
    });
    await s.db.insert(signInChallenges).values({
      address: address.toLowerCase(),
      kind: body.kind,
      nonce,
      message,
      issuedAt,
      expiresAt,
    });
    const challenge: WalletChallenge = { message, nonce, expires_at: expiresAt.toISOString(), kind: body.kind };
    return c.json(challenge);
  });

  app.post(API.loginWithWalletResponse, jsonBody(loginWithWalletResponseSchema), async (c) => {
    await limitSignInByIp(c, s);
    const body = c.req.valid('json');
    const address = checksummed(body.address);
    await limitSignInByAddress(s, address);
    const now = s.now();
    // Claim the newest open challenge in one statement, so a replayed or concurrent response finds nothing.
    const newest = s.db
      .select({ id: signInChallenges.id })
      .from(signInChallenges)
      .where(
        and(
          eq(signInChallenges.address, address.toLowerCase()),
          isNull(signInChallenges.usedAt),
          gt(signInChallenges.expiresAt, now),
        ),
      )
      .orderBy(desc(signInChallenges.issuedAt))
      .limit(1);
    const [challenge] = await s.db
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(inArray(signInChallenges.id, newest), isNull(signInChallenges.usedAt)))
      .returning();
    if (challenge === undefined) throw nonFieldError(CHALLENGE_UNAVAILABLE);
    const verdict = await verifySignInMessage({
      message: challenge.message,
      signature: body.signature as `0x${string}`,
      expected: {
        address,
        domain: s.config.siweDomain,
        uri: s.config.siweUri,
        chainId: s.config.siweChainId,
        nonce: challenge.nonce,
        now,
      },
      ...(s.rpcClient === undefined ? {} : { client: s.rpcClient }),
    });
    if (!verdict.ok) throw nonFieldError(verdict.reason);
    const userId = await upsertWalletUser(s.db, {
      address,
      kind: challenge.kind,
      privileges: privilegesFor(s.config, { address }),
      now,
    });
    return respondSignedIn(c, s, userId);
  });
}
