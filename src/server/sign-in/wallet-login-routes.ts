import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { getAddress } from 'viem';
import { isEvmAddress } from '../../shared/address-validation';
import { authEndpoints } from '../../shared/contract/auth';
import { signInChallenges } from '../db/schema';
import { fieldError, nonFieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { upsertWalletUser } from './sign-in-users';
import { privilegesFor } from '../auth/privileges';
import { ensureSignInClient, signInClientOf } from './sign-in-client';
import { limitSignInByIp, noteWalletFailure, refuseAfterWalletFailures, respondSignedIn } from './sign-in-flow';
import { buildSignInMessage, generateNonce, isOwnSignature, verifySignInMessage } from '../auth/siwe';

export const CHALLENGE_TTL_MS = 10 * 60_000;
/** How many of a client's newest open challenges for an address a response is matched against. */
const OPEN_CHALLENGES_TRIED = 20;
/** A challenge is spent after this many failed proofs against it. */
export const PROOFS_PER_CHALLENGE = 3;
export const SIGN_IN_STATEMENT = 'Sign in to Ledgerloop.';
export const EVM_ADDRESS_REQUIRED = 'Enter a valid Ethereum address (0x followed by 40 hexadecimal digits).';
export const CHALLENGE_UNAVAILABLE = 'Sign-in request expired or already used. Try again.';

function checksummed(address: string): `0x${string}` {
  if (!isEvmAddress(address)) throw fieldError('address', EVM_ADDRESS_REQUIRED);
  return getAddress(address.trim());
}

/** POST login-with-wallet (EIP-4361 challenge) and POST login-with-wallet/response (signature check). */
export function registerWalletLoginRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, authEndpoints.loginWithWallet, async (c, { body }) => {
    await limitSignInByIp(c, s);
    // A challenge proves nothing yet: only the client's IP is counted (failed proofs count per sign-in client).
    const address = checksummed(body.address);
    const client = ensureSignInClient(c, s.config);
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
      clientHash: client,
    });
    return { message, nonce, expires_at: expiresAt.toISOString(), kind: body.kind };
  });

  route(app, s, authEndpoints.loginWithWalletResponse, async (c, { body }) => {
    await limitSignInByIp(c, s);
    const address = checksummed(body.address);
    const client = signInClientOf(c);
    // Without its sign-in client cookie a browser has no challenge to answer (the IP was counted above).
    if (client === undefined) throw nonFieldError(CHALLENGE_UNAVAILABLE);
    await refuseAfterWalletFailures(s, client);
    const now = s.now();
    // The open challenge of this client that the signature signs (a client may have asked more than once):
    // found by local recovery among the newest ones, else the newest (a contract wallet is checked on chain).
    const open = await s.db
      .select({ id: signInChallenges.id, message: signInChallenges.message })
      .from(signInChallenges)
      .where(
        and(
          eq(signInChallenges.clientHash, client),
          eq(signInChallenges.address, address.toLowerCase()),
          isNull(signInChallenges.usedAt),
          gt(signInChallenges.expiresAt, now),
        ),
      )
      .orderBy(desc(signInChallenges.issuedAt))
      .limit(OPEN_CHALLENGES_TRIED);
    const signature = body.signature as `0x${string}`;
    let chosen = open[0];
    for (const candidate of open) {
      if (await isOwnSignature(address, candidate.message, signature)) {
        chosen = candidate;
        break;
      }
    }
    // Claimed in one statement, so a replayed or concurrent response finds nothing.
    const [challenge] =
      chosen === undefined
        ? []
        : await s.db
            .update(signInChallenges)
            .set({ usedAt: now })
            .where(and(eq(signInChallenges.id, chosen.id), isNull(signInChallenges.usedAt)))
            .returning();
    if (challenge === undefined) {
      await noteWalletFailure(s, client);
      throw nonFieldError(CHALLENGE_UNAVAILABLE);
    }
    const verdict = await verifySignInMessage({
      message: challenge.message,
      signature,
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
    if (!verdict.ok) {
      await noteWalletFailure(s, client);
      // The failure counts against this challenge too: it stays open for another try until it has had its share.
      await s.db
        .update(signInChallenges)
        .set({ failedProofs: sql`${signInChallenges.failedProofs} + 1`, usedAt: challenge.failedProofs + 1 < PROOFS_PER_CHALLENGE ? null : now })
        .where(eq(signInChallenges.id, challenge.id));
      throw nonFieldError(verdict.reason);
    }
    const userId = await upsertWalletUser(s.db, {
      address,
      kind: challenge.kind,
      privileges: privilegesFor(s.config, { address }),
      now,
    });
    return respondSignedIn(c, s, userId);
  });
}
