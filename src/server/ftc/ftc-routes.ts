/**
 * The fiat-to-crypto routes (docs/fiat-to-crypto.md): registration at the partner, the e-mailed code, the KYC
 * applicant and its polled state, the euro bank account, the payout preferences, and the owner's bank transfers.
 * Every route is the signed-in user's own; changes need full access (and CSRF, like every change). Without a
 * configured partner the changing routes answer 503 and the profile says `enabled: false`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { INVOICE_PAYMENT_NETWORKS, type KycState } from '../../shared/enums';
import {
  ftcEndpoints,
  type FtcApplicantOut,
  type FtcKycStatusOut,
  type FtcSessionOut,
  type FtcTransferOut,
  type FtcUpdateOut,
} from '../../shared/contract/ftc';
import { FTC_MESSAGES, isBirthDateBefore } from '../../shared/schemas/ftc';
import { authOf } from '../http/guards';
import { consumeRateLimit } from '../auth/rate-limit';
import { isUuid } from '../lib/ids';
import { ftcProfiles, ftcTransfers, wallets, type FtcProfileRow } from '../db/schema';
import { ApiError, fieldError, nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { FtcPartner, PartnerPreferences } from '../providers/ftc/ftc-partner';
import { isProviderError } from '../providers/http/provider-error';
import type { Services } from '../services';
import { markBankInvoicePaid, reviewTransfer } from './ftc-transfers';
import { ftcKycBaseUrl } from './ftc-widget';
import { ftcProfileView, loadFtcProfile, setKyc } from './ftc-profile';
import { currentFtcSession, openFtcSession, storeFtcSession } from './ftc-session';

/** A code is accepted this long after it was e-mailed. */
export const OTP_VALID_MS = 10 * 60_000;
/** Wrong guesses allowed per e-mailed code, and per user over all codes, in the window. */
export const OTP_ATTEMPTS_PER_CODE = 5;
export const OTP_ATTEMPTS_PER_USER = 20;
/** Codes a user may have e-mailed in the window. */
export const OTP_SENDS_PER_USER = 5;
export const OTP_WINDOW_MS = 60 * 60_000;

type PaymentNetwork = (typeof INVOICE_PAYMENT_NETWORKS)[number];

const isPaymentNetwork = (network: string): network is PaymentNetwork => (INVOICE_PAYMENT_NETWORKS as readonly string[]).includes(network);

function requirePartner(s: Services): FtcPartner {
  const partner = s.ftcPartner;
  if (partner === null) throw new ApiError(503, { detail: FTC_MESSAGES.notConfigured });
  return partner;
}

/** Runs a partner call; its outages and refusals become a clear 400 (details go to the log only). */
async function partnerCall<T>(s: Services, what: string, call: () => Promise<T>, message: string = FTC_MESSAGES.partnerDown): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isProviderError(error)) throw error;
    s.logger.warn(`Fiat partner: ${what} failed`, { kind: error.kind, status: error.status, detail: error.detail });
    throw nonFieldError(error.kind === 'client_error' || error.kind === 'not_found' ? message : FTC_MESSAGES.partnerDown);
  }
}

async function ownWallet(s: Services, userId: string, walletId: string) {
  const [wallet] = await s.db
    .select({ id: wallets.id, address: wallets.address, network: wallets.network })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId)));
  if (wallet === undefined || !isPaymentNetwork(wallet.network)) throw fieldError('wallet', FTC_MESSAGES.noWallet);
  return { ...wallet, network: wallet.network };
}

async function requireProfile(s: Services, userId: string): Promise<FtcProfileRow> {
  const profile = await loadFtcProfile(s.db, userId);
  if (profile?.partnerUserUuid == null) throw nonFieldError(FTC_MESSAGES.registerFirst);
  return profile;
}

async function sendCode(s: Services, partner: FtcPartner, userId: string, partnerUserUuid: string): Promise<void> {
  await consumeRateLimit(s.db, { key: `ftc-otp-send:${userId}`, limit: OTP_SENDS_PER_USER, windowMs: OTP_WINDOW_MS, now: s.now() });
  await partnerCall(s, 'code e-mail', () => partner.requestCode(partnerUserUuid));
  await s.db
    .update(ftcProfiles)
    .set({ otpRequestedAt: s.now(), otpSerial: sql`${ftcProfiles.otpSerial} + 1`, updatedAt: s.now() })
    .where(eq(ftcProfiles.userId, userId));
}

/** The partner's current KYC state stored on the profile and the user; the stored one when no session is open. */
async function refreshKyc(s: Services, partner: FtcPartner, profile: FtcProfileRow, session: string | null): Promise<KycState | null> {
  if (session === null) return profile.kyc;
  const user = await partnerCall(s, 'user read', () => partner.getUser(session));
  if (user.kyc !== profile.kyc) await setKyc(s.db, profile.userId, user.kyc, s.now());
  return user.kyc;
}

const today = (s: Services): string => s.now().toISOString().slice(0, 10);

export function registerFtcRoutes(app: Hono<AppEnv>, s: Services): void {
  const enabled = (): boolean => s.config.ftc !== null;
  const profileOf = async (c: Context<AppEnv>) => ftcProfileView(await loadFtcProfile(s.db, authOf(c).user.id), enabled());

  route(app, s, ftcEndpoints.getFtcProfile, async (c) => profileOf(c));
  route(app, s, ftcEndpoints.getFtcSetupUser, async (c) => profileOf(c));

  route(app, s, ftcEndpoints.listFtcCountries, async () => {
    const partner = s.ftcPartner;
    if (partner === null) return [];
    return partnerCall(s, 'supported countries', () => partner.supportedCountries());
  });

  route(app, s, ftcEndpoints.createFtcUser, async (c, { body: input }) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const wallet = await ownWallet(s, user.id, input.wallet);
    const existing = await loadFtcProfile(s.db, user.id);
    if (existing?.kyc === 'FULL_USER' && existing.bankUuid !== null) throw nonFieldError(FTC_MESSAGES.alreadyRegistered);
    const partnerUserUuid =
      existing?.partnerUserUuid ??
      (
        await partnerCall(
          s,
          'user creation',
          () =>
            partner.createUser({
              first_name: input.first_name,
              last_name: input.last_name,
              email: input.email,
              country: input.country,
              target_address: wallet.address,
            }),
          'The fiat partner refused these details. Check them and try again.',
        )
      ).user_uuid;
    const now = s.now();
    const fields = {
      partnerUserUuid,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      country: input.country,
      walletId: wallet.id,
      walletAddress: wallet.address,
      network: wallet.network,
      token: input.token_preference,
      targetAddressType: input.target_address_type,
      targetAddressVasp: input.target_address_vasp,
      updatedAt: now,
    };
    await s.db
      .insert(ftcProfiles)
      .values({ userId: user.id, kyc: existing?.kyc ?? 'NOT_STARTED', createdAt: now, ...fields })
      .onConflictDoUpdate({ target: ftcProfiles.userId, set: fields });
    if (existing?.kyc == null) await setKyc(s.db, user.id, 'NOT_STARTED', now);
    await sendCode(s, partner, user.id, partnerUserUuid);
    return c.json({ user_uuid: partnerUserUuid }, existing?.partnerUserUuid == null ? 201 : 200);
  });

  route(app, s, ftcEndpoints.requestFtcCode, async (c, { body }) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    if (profile.partnerUserUuid !== body.user_uuid) throw notFound();
    await sendCode(s, partner, user.id, profile.partnerUserUuid);
    return c.body(null, 204);
  });

  const verifyCode = async (c: Context<AppEnv>, input: { user_uuid: string; one_time_password: string }) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    if (profile.partnerUserUuid !== input.user_uuid) throw notFound();
    const now = s.now();
    const sentAt = profile.otpRequestedAt;
    // Attempts count per signed-in user, apart for each e-mailed code: nobody else can use them up.
    await consumeRateLimit(s.db, { key: `ftc-otp-user:${user.id}`, limit: OTP_ATTEMPTS_PER_USER, windowMs: OTP_WINDOW_MS, now });
    await consumeRateLimit(s.db, {
      key: `ftc-otp-code:${user.id}:${String(profile.otpSerial)}`,
      limit: OTP_ATTEMPTS_PER_CODE,
      windowMs: OTP_WINDOW_MS,
      now,
    });
    if (sentAt === null || now.getTime() - sentAt.getTime() > OTP_VALID_MS) throw fieldError('one_time_password', FTC_MESSAGES.wrongCode);
    const session = await partnerCall(s, 'code check', () => partner.verifyCode(profile.partnerUserUuid ?? '', input.one_time_password));
    if (session === null) throw fieldError('one_time_password', FTC_MESSAGES.wrongCode);
    const handle = await storeFtcSession(s, s.db, user.id, session);
    // A used code is done with: the next attempt needs a new one.
    await s.db.update(ftcProfiles).set({ otpRequestedAt: null }).where(eq(ftcProfiles.userId, user.id));
    const kyc = await refreshKyc(s, partner, profile, session);
    const out: FtcSessionOut = { ftc_session_id: handle, kyc };
    return out;
  };
  route(app, s, ftcEndpoints.setupFtcUser, (c, { body }) => verifyCode(c, body));
  route(app, s, ftcEndpoints.loginFtcUser, (c, { body }) => verifyCode(c, body));

  route(app, s, ftcEndpoints.createFtcKycApplicant, async (c, { body: input }) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    const session = openFtcSession(s, profile, input.ftc_session_id);
    if (!isBirthDateBefore(input.date_of_birth, today(s))) throw fieldError('date_of_birth', FTC_MESSAGES.birthDate);
    const { ftc_session_id: _handle, ...kyc } = input;
    await partnerCall(s, 'KYC applicant', () => partner.createKycApplicant(session, kyc), 'The fiat partner refused these details. Check them and try again.');
    const token = await partnerCall(s, 'KYC token', () => partner.kycToken(session));
    if (profile.kyc !== 'FULL_USER') await setKyc(s.db, user.id, 'PENDING', s.now());
    const out: FtcApplicantOut = { token, widget_url: ftcKycBaseUrl(s.config) };
    return out;
  });

  // The widget's access token expires; the widget asks for a new one for the same applicant.
  route(app, s, ftcEndpoints.renewFtcKycToken, async (c, { body }) => {
    const partner = requirePartner(s);
    const profile = await requireProfile(s, authOf(c).user.id);
    const session = openFtcSession(s, profile, body.ftc_session_id);
    const token = await partnerCall(s, 'KYC token', () => partner.kycToken(session));
    const out: FtcApplicantOut = { token, widget_url: ftcKycBaseUrl(s.config) };
    return out;
  });

  route(app, s, ftcEndpoints.getFtcKycStatus, async (c) => {
    const { user } = authOf(c);
    const profile = await loadFtcProfile(s.db, user.id);
    const partner = s.ftcPartner;
    const kyc = profile === undefined || partner === null ? (profile?.kyc ?? null) : await refreshKyc(s, partner, profile, currentFtcSession(s, profile));
    const out: FtcKycStatusOut = { kyc, has_bank_account: profile?.bankUuid != null };
    return out;
  });

  route(app, s, ftcEndpoints.createFtcBankAccount, async (c, { body }) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    const session = openFtcSession(s, profile, body.ftc_session_id);
    if (profile.bankUuid === null) {
      const kyc = await refreshKyc(s, partner, profile, session);
      if (kyc !== 'FULL_USER') throw nonFieldError(FTC_MESSAGES.needFullUser);
      // A repeated activation finds the account the partner already opened instead of asking for a second one.
      const existing = await partnerCall(s, 'bank accounts', () => partner.bankAccounts(session), FTC_MESSAGES.bankFailed);
      const account = existing[0] ?? (await partnerCall(s, 'bank account', () => partner.createBankAccount(session), FTC_MESSAGES.bankFailed));
      await s.db
        .update(ftcProfiles)
        .set({ bankUuid: account.uuid, bankIban: account.iban.replace(/\s+/g, '').toUpperCase(), bankBic: account.bic, updatedAt: s.now() })
        .where(eq(ftcProfiles.userId, user.id));
    }
    return profileOf(c);
  });

  const updatePreferences = async (c: Context<AppEnv>, handle: string, change: (p: FtcProfileRow) => Promise<PartnerPreferences>) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    const session = openFtcSession(s, profile, handle);
    if (profile.kyc !== 'FULL_USER') throw nonFieldError(FTC_MESSAGES.needFullUser);
    const next = await change(profile);
    const same =
      profile.walletAddress === next.target_address &&
      profile.network === (next.chain === 'ethereum' ? 'ETHEREUM' : 'POLYGON') &&
      profile.token === next.token &&
      profile.targetAddressType === next.target_address_type &&
      (profile.targetAddressVasp ?? null) === next.target_address_vasp;
    if (!same) await partnerCall(s, 'preference update', () => partner.updatePreferences(session, next), 'The fiat partner refused this change.');
    return same;
  };

  route(app, s, ftcEndpoints.updateFtcUser, async (c, { body: input }) => {
    const { user } = authOf(c);
    const wallet = await ownWallet(s, user.id, input.wallet);
    if (wallet.network !== input.network) throw fieldError('wallet', `Choose a wallet on ${input.network}.`);
    const same = await updatePreferences(c, input.ftc_session_id, async () => ({
      target_address: wallet.address,
      chain: input.network === 'ETHEREUM' ? 'ethereum' : 'polygon',
      token: input.token,
      target_address_type: input.target_address_type,
      target_address_vasp: input.target_address_vasp,
    }));
    if (!same) {
      await s.db
        .update(ftcProfiles)
        .set({
          walletId: wallet.id,
          walletAddress: wallet.address,
          network: input.network,
          token: input.token,
          targetAddressType: input.target_address_type,
          targetAddressVasp: input.target_address_vasp,
          updatedAt: s.now(),
        })
        .where(eq(ftcProfiles.userId, user.id));
    }
    const out: FtcUpdateOut = { changed: !same, profile: await profileOf(c) };
    return out;
  });

  route(app, s, ftcEndpoints.updateFtcToken, async (c, { body: input }) => {
    const { user } = authOf(c);
    const same = await updatePreferences(c, input.ftc_session_id, async (p) => {
      if (p.walletAddress === null || p.network === null || p.targetAddressType === null) throw nonFieldError(FTC_MESSAGES.registerFirst);
      return {
        target_address: p.walletAddress,
        chain: p.network === 'ETHEREUM' ? 'ethereum' : 'polygon',
        token: input.token,
        target_address_type: p.targetAddressType,
        target_address_vasp: p.targetAddressVasp,
      };
    });
    if (!same) await s.db.update(ftcProfiles).set({ token: input.token, updatedAt: s.now() }).where(eq(ftcProfiles.userId, user.id));
    const out: FtcUpdateOut = { changed: !same, profile: await profileOf(c) };
    return out;
  });

  route(app, s, ftcEndpoints.listFtcTransfers, async (c, { query }) => {
    const { status } = query;
    const { user } = authOf(c);
    const rows = await s.db
      .select()
      .from(ftcTransfers)
      .where(status === undefined ? eq(ftcTransfers.userId, user.id) : and(eq(ftcTransfers.userId, user.id), eq(ftcTransfers.status, status)))
      .orderBy(desc(ftcTransfers.receivedAt), desc(ftcTransfers.id))
      .limit(200);
    const out: FtcTransferOut[] = rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      status: row.status,
      invoice: row.invoiceId,
      received_at: row.receivedAt.toISOString(),
    }));
    return out;
  });

  route(app, s, ftcEndpoints.assignFtcTransfer, async (c, { params, body }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const status = await reviewTransfer(s, authOf(c).user.id, id.toLowerCase(), body.invoice);
    return { status };
  });

  route(app, s, ftcEndpoints.dismissFtcTransfer, async (c, { params }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const status = await reviewTransfer(s, authOf(c).user.id, id.toLowerCase(), null);
    return { status };
  });

  route(app, s, ftcEndpoints.markFtcInvoiceBankPaid, async (c, { params }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    await markBankInvoicePaid(s, authOf(c).user.id, id);
    return c.body(null, 204);
  });
}
