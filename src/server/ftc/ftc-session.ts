/**
 * The partner's user session, held for the PWA: the partner's session id is sealed in the profile and the PWA
 * gets a random handle instead (`ftc_session_id`), whose SHA-256 is stored. A handle opens the session only for
 * the user it was issued to and only until it expires; a new code replaces it.
 */
import { eq } from 'drizzle-orm';
import { FTC_MESSAGES } from '../../shared/schemas/ftc';
import { newSessionToken, safeEqual, sessionIdOf } from '../auth/tokens';
import type { Database } from '../db/database';
import { ftcProfiles, type FtcProfileRow } from '../db/schema';
import { secretBoxFor } from '../exchanges/exchange-keys';
import { fieldError } from '../http/api-error';
import type { Services } from '../services';

/** How long a verified code keeps the partner session usable here. */
export const FTC_SESSION_MS = 30 * 60_000;

/** Seals a new partner session on the profile and answers the handle the PWA sends back. */
export async function storeFtcSession(s: Services, db: Pick<Database, 'update'>, userId: string, partnerSession: string): Promise<string> {
  const handle = newSessionToken();
  const now = s.now();
  await db
    .update(ftcProfiles)
    .set({
      sessionSealed: secretBoxFor(s.config).seal(partnerSession),
      sessionHandleHash: sessionIdOf(handle),
      sessionExpiresAt: new Date(now.getTime() + FTC_SESSION_MS),
      updatedAt: now,
    })
    .where(eq(ftcProfiles.userId, userId));
  return handle;
}

/** The partner session behind a handle the signed-in user sent; 400 on ftc_session_id when it does not open one. */
export function openFtcSession(s: Services, profile: FtcProfileRow | undefined, handle: string): string {
  const fresh =
    profile?.sessionHandleHash != null &&
    profile.sessionSealed !== null &&
    profile.sessionExpiresAt !== null &&
    profile.sessionExpiresAt.getTime() > s.now().getTime() &&
    safeEqual(profile.sessionHandleHash, sessionIdOf(handle));
  if (!fresh || profile?.sessionSealed == null) throw fieldError('ftc_session_id', FTC_MESSAGES.sessionExpired);
  return secretBoxFor(s.config).open(profile.sessionSealed);
}

/** The stored partner session when it has not expired (the KYC poll and webhooks use it without a handle). */
export function currentFtcSession(s: Services, profile: FtcProfileRow | undefined): string | null {
  if (profile?.sessionSealed == null || profile.sessionExpiresAt === null) return null;
  if (profile.sessionExpiresAt.getTime() <= s.now().getTime()) return null;
  return secretBoxFor(s.config).open(profile.sessionSealed);
}
