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
  FTC_API,
  FTC_MESSAGES,
  ftcAssignTransferSchema,
  ftcCreateUserSchema,
  ftcGetOtpSchema,
  ftcKycApplicantSchema,
  ftcSessionSchema,
  ftcTransfersQuerySchema,
  ftcUpdateTokenSchema,
  ftcUpdateUserSchema,
  ftcVerifyCodeSchema,
  isBirthDateBefore,
  type FtcApplicantOut,
  type FtcKycStatusOut,
  type FtcSessionOut,
  type FtcTransferOut,
  type FtcUpdateOut,
} from '../../shared/schemas/ftc';
import { authOf, requireFullAccess, requireUser } from '../auth/guards';
import { consumeRateLimit } from '../auth/rate-limit';
import { isUuid } from '../lib/ids';
import { ftcProfiles, ftcTransfers, wallets, type FtcProfileRow } from '../db/schema';
import { ApiError, fieldError, nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { jsonBody, queryParams } from '../http/validation';
import type { FtcPartner, PartnerPreferences } from '../providers/ftc/ftc-partner';
import { isProviderError } from '../providers/http/provider-error';
import type { Services } from '../services';
import { markBankInvoicePaid, reviewTransfer } from './ftc-transfers';
import { ftcWidgetUrl } from './ftc-widget';
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

  app.get(FTC_API.profile, requireUser, async (c) => c.json(await profileOf(c)));
  app.get(FTC_API.setupUser, requireUser, async (c) => c.json(await profileOf(c)));

  app.get(FTC_API.supportedCountries, requireUser, async (c) => {
    const partner = s.ftcPartner;
    if (partner === null) return c.json([]);
    return c.json(await partnerCall(s, 'supported countries', () => partner.supportedCountries()));
  });

  app.post(FTC_API.createUser, requireFullAccess, jsonBody(ftcCreateUserSchema), async (c) => {
    const partner = requirePartner(s);
    const input = c.req.valid('json');
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

  app.post(FTC_API.getOtp, requireFullAccess, jsonBody(ftcGetOtpSchema), async (c) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    if (profile.partnerUserUuid !== c.req.valid('json').user_uuid) throw notFound();
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
    return c.json(out);
  };
  app.post(FTC_API.setupUser, requireFullAccess, jsonBody(ftcVerifyCodeSchema), (c) => verifyCode(c, c.req.valid('json')));
  app.post(FTC_API.loginUser, requireFullAccess, jsonBody(ftcVerifyCodeSchema), (c) => verifyCode(c, c.req.valid('json')));

  app.post(FTC_API.createKycApplicant, requireFullAccess, jsonBody(ftcKycApplicantSchema), async (c) => {
    const partner = requirePartner(s);
    const input = c.req.valid('json');
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    const session = openFtcSession(s, profile, input.ftc_session_id);
    if (!isBirthDateBefore(input.date_of_birth, today(s))) throw fieldError('date_of_birth', FTC_MESSAGES.birthDate);
    const { ftc_session_id: _handle, ...kyc } = input;
    await partnerCall(s, 'KYC applicant', () => partner.createKycApplicant(session, kyc), 'The fiat partner refused these details. Check them and try again.');
    const token = await partnerCall(s, 'KYC token', () => partner.kycToken(session));
    if (profile.kyc !== 'FULL_USER') await setKyc(s.db, user.id, 'PENDING', s.now());
    const out: FtcApplicantOut = { token, widget_url: ftcWidgetUrl(s.config) ?? '' };
    return c.json(out);
  });

  app.get(FTC_API.kycStatus, requireUser, async (c) => {
    const { user } = authOf(c);
    const profile = await loadFtcProfile(s.db, user.id);
    const partner = s.ftcPartner;
    const kyc = profile === undefined || partner === null ? (profile?.kyc ?? null) : await refreshKyc(s, partner, profile, currentFtcSession(s, profile));
    const out: FtcKycStatusOut = { kyc, has_bank_account: profile?.bankUuid != null };
    return c.json(out);
  });

  app.post(FTC_API.createBankAccount, requireFullAccess, jsonBody(ftcSessionSchema), async (c) => {
    const partner = requirePartner(s);
    const { user } = authOf(c);
    const profile = await requireProfile(s, user.id);
    const session = openFtcSession(s, profile, c.req.valid('json').ftc_session_id);
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
    return c.json(await profileOf(c));
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

  app.post(FTC_API.updateUser, requireFullAccess, jsonBody(ftcUpdateUserSchema), async (c) => {
    const input = c.req.valid('json');
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
    return c.json(out);
  });

  app.post(FTC_API.updateToken, requireFullAccess, jsonBody(ftcUpdateTokenSchema), async (c) => {
    const input = c.req.valid('json');
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
    return c.json(out);
  });

  app.get(FTC_API.transfers, requireUser, queryParams(ftcTransfersQuerySchema), async (c) => {
    const { status } = c.req.valid('query');
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
    return c.json(out);
  });

  app.post('/api/ftc/transfers/:id/assign', requireFullAccess, jsonBody(ftcAssignTransferSchema), async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const status = await reviewTransfer(s, authOf(c).user.id, id.toLowerCase(), c.req.valid('json').invoice);
    return c.json({ status });
  });

  app.post('/api/ftc/transfers/:id/dismiss', requireFullAccess, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const status = await reviewTransfer(s, authOf(c).user.id, id.toLowerCase(), null);
    return c.json({ status });
  });

  app.post('/api/ftc/invoices/:id/mark-bank-paid', requireFullAccess, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    await markBankInvoicePaid(s, authOf(c).user.id, id);
    return c.body(null, 204);
  });
}
