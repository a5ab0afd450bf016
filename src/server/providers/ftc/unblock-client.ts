/**
 * The Unblock API client: the API key in `Authorization`, the user's session in `unblock-session-id` (or, for the
 * background listing of an account's transfers, the partner user in `user-uuid`), every
 * request through the provider HTTP client (rate limit per key, retries only where a repeat is harmless). Both
 * headers are secret names, so they never reach a log line or an error text.
 */
import * as v from 'valibot';
import { isProviderError, type HttpClient } from '../http/http-client';
import { kycFromPartnerStatus, type FtcPartner, type PartnerBankAccount } from './ftc-partner';

export interface UnblockClientOptions {
  baseUrl: string;
  apiKey: string;
  http: HttpClient;
}

const PROVIDER = 'Unblock';
/** The partner's supported countries change rarely: kept a day. */
const COUNTRIES_TTL_MS = 24 * 3600_000;

const createdUserSchema = v.object({ user_uuid: v.string() });
const sessionSchema = v.object({ unblock_session_id: v.pipe(v.string(), v.nonEmpty()) });
const userSchema = v.object({ user_uuid: v.string(), status: v.string() });
const countriesSchema = v.array(v.object({ code: v.string(), name: v.string() }));
const tokenSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty()) });
const bankAccountSchema = v.object({ uuid: v.string(), iban: v.string(), bic: v.string() });
const anySchema = v.unknown();
/** A line of the account's transaction list; only incoming euro credits are transfers a client paid. */
const transactionSchema = v.object({
  uuid: v.string(),
  direction: v.string(),
  amount: v.string(),
  currency: v.string(),
  reference: v.optional(v.nullable(v.string())),
  created_at: v.string(),
});

export function createUnblockClient(opts: UnblockClientOptions): FtcPartner {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const rateLimit = { key: 'unblock', perSecond: 5, burst: 10 };
  const headers = (session?: string): Record<string, string> => ({
    authorization: `API-Key ${opts.apiKey}`,
    ...(session === undefined ? {} : { 'unblock-session-id': session }),
  });
  const common = { provider: PROVIDER, rateLimit } as const;
  const bank = (account: PartnerBankAccount): PartnerBankAccount => ({ uuid: account.uuid, iban: account.iban, bic: account.bic });

  return {
    async createUser(input) {
      const out = await opts.http.postJson({ ...common, url: `${base}/user`, headers: headers(), body: input, schema: createdUserSchema, retries: 0 });
      return { user_uuid: out.user_uuid };
    },
    async requestCode(userUuid) {
      await opts.http.postJson({ ...common, url: `${base}/auth/login`, headers: headers(), body: { user_uuid: userUuid }, schema: anySchema, retries: 0 });
    },
    async verifyCode(userUuid, code) {
      try {
        const out = await opts.http.postJson({
          ...common,
          url: `${base}/auth/otp`,
          headers: headers(),
          body: { user_uuid: userUuid, otp: code },
          schema: sessionSchema,
          retries: 0,
        });
        return out.unblock_session_id;
      } catch (error) {
        if (isProviderError(error) && (error.status === 400 || error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    async getUser(session) {
      const out = await opts.http.getJson({ ...common, url: `${base}/user`, headers: headers(session), schema: userSchema });
      return { user_uuid: out.user_uuid, kyc: kycFromPartnerStatus(out.status) };
    },
    async supportedCountries() {
      return opts.http.getJson({ ...common, url: `${base}/supported-countries`, headers: headers(), schema: countriesSchema, cacheTtlMs: COUNTRIES_TTL_MS });
    },
    async createKycApplicant(session, input) {
      const { date_of_birth, source_of_funds, ...address } = input;
      await opts.http.postJson({
        ...common,
        url: `${base}/user/kyc/applicant`,
        headers: headers(session),
        body: { address, date_of_birth, source_of_funds },
        schema: anySchema,
        retries: 0,
      });
    },
    async kycToken(session) {
      const out = await opts.http.getJson({ ...common, url: `${base}/user/kyc/applicant/token`, headers: headers(session), schema: tokenSchema });
      return out.token;
    },
    async createBankAccount(session) {
      const out = await opts.http.postJson({
        ...common,
        url: `${base}/user/bank-account/unblock`,
        headers: headers(session),
        body: { currency: 'EUR' },
        schema: bankAccountSchema,
        retries: 0,
      });
      return bank(out);
    },
    async bankAccounts(session) {
      const out = await opts.http.getJson({ ...common, url: `${base}/user/bank-account/unblock`, headers: headers(session), schema: v.array(bankAccountSchema) });
      return out.map(bank);
    },
    async updatePreferences(session, input) {
      await opts.http.patchJson({ ...common, url: `${base}/user`, headers: headers(session), body: input, schema: anySchema, retries: 0 });
    },
    async incomingTransfers(userUuid, bankAccountUuid, since) {
      const query = new URLSearchParams({ direction: 'INCOMING', from: since.toISOString() });
      const out = await opts.http.getJson({
        ...common,
        url: `${base}/user/bank-account/unblock/${encodeURIComponent(bankAccountUuid)}/transactions?${query.toString()}`,
        headers: { ...headers(), 'user-uuid': userUuid },
        schema: v.array(transactionSchema),
      });
      return out
        .filter((t) => t.direction === 'INCOMING')
        .map((t) => ({
          transfer_uuid: t.uuid,
          bank_account_uuid: bankAccountUuid,
          amount: t.amount,
          currency: t.currency,
          reference: t.reference ?? '',
          received_at: t.created_at,
        }));
    },
  };
}
