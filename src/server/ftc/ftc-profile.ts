/**
 * The user's fiat-to-crypto profile: loading it, showing it to its owner (never the partner session) and keeping
 * users.kyc (read by the overview's suggestion card and the invoice form) equal to the profile's KYC state.
 */
import { eq } from 'drizzle-orm';
import type { KycState } from '../../shared/enums';
import type { FtcProfileOut } from '../../shared/contract/ftc';
import type { Database } from '../db/database';
import { ftcProfiles, users, type FtcProfileRow } from '../db/schema';

type Db = Pick<Database, 'select' | 'update' | 'insert'>;

export async function loadFtcProfile(db: Db, userId: string): Promise<FtcProfileRow | undefined> {
  const [row] = await db.select().from(ftcProfiles).where(eq(ftcProfiles.userId, userId));
  return row;
}

export function ftcProfileView(row: FtcProfileRow | undefined, enabled: boolean): FtcProfileOut {
  return {
    enabled,
    kyc: row?.kyc ?? null,
    user_uuid: row?.partnerUserUuid ?? null,
    first_name: row?.firstName ?? '',
    last_name: row?.lastName ?? '',
    email: row?.email ?? '',
    country: row?.country ?? '',
    bank_uuid: row?.bankUuid ?? null,
    bank_iban: row?.bankIban ?? null,
    bank_bic: row?.bankBic ?? null,
    wallet: row?.walletId ?? null,
    wallet_address: row?.walletAddress ?? null,
    network_preference: row?.network ?? null,
    token_preference: row?.token ?? null,
    target_address_type: row?.targetAddressType ?? null,
    target_address_vasp: row?.targetAddressVasp ?? null,
  };
}

/** Stores a KYC state on the profile and on the user (one statement each; the same value). */
export async function setKyc(db: Db, userId: string, kyc: KycState, now: Date): Promise<void> {
  await db.update(ftcProfiles).set({ kyc, updatedAt: now }).where(eq(ftcProfiles.userId, userId));
  await db.update(users).set({ kyc, updatedAt: now }).where(eq(users.id, userId));
}
