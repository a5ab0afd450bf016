/**
 * Fiat-to-crypto (docs/fiat-to-crypto.md): the user's set-up at the partner (registration, the e-mailed code, the
 * KYC applicant and its state, the euro bank account, the payout preferences), the owner's incoming bank transfers
 * and their review, and the partner's signed webhook. Reading needs a session, changes full access; without a
 * configured partner the changing routes answer 503.
 */
import * as v from 'valibot';
import { INVOICE_PAYMENT_NETWORKS, INVOICE_PAYMENT_TOKENS, KYC_STATES } from '../enums';
import {
  FTC_TARGET_ADDRESS_TYPES,
  FTC_TRANSFER_STATUSES,
  ftcAssignTransferSchema,
  ftcCreateUserSchema,
  ftcGetOtpSchema,
  ftcKycApplicantSchema,
  ftcSessionSchema,
  ftcUpdateTokenSchema,
  ftcUpdateUserSchema,
  ftcVerifyCodeSchema,
} from '../schemas/ftc';
import { decimal, timestamp } from './primitives';
import { endpoint } from './endpoint';

const kycOut = v.nullable(v.picklist(KYC_STATES));

/** GET ftc/profile (also answered by the changing routes): what the owner may see of their FTC set-up. */
export const ftcProfileOut = v.object({
  /** The partner is configured on this server. */
  enabled: v.boolean(),
  kyc: kycOut,
  user_uuid: v.nullable(v.string()),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  country: v.string(),
  bank_uuid: v.nullable(v.string()),
  bank_iban: v.nullable(v.string()),
  bank_bic: v.nullable(v.string()),
  wallet: v.nullable(v.string()),
  wallet_address: v.nullable(v.string()),
  network_preference: v.nullable(v.picklist(INVOICE_PAYMENT_NETWORKS)),
  token_preference: v.nullable(v.picklist(INVOICE_PAYMENT_TOKENS)),
  target_address_type: v.nullable(v.picklist(FTC_TARGET_ADDRESS_TYPES)),
  target_address_vasp: v.nullable(v.string()),
});
export type FtcProfileOut = v.InferOutput<typeof ftcProfileOut>;

export const ftcCreateUserOut = v.object({ user_uuid: v.string() });
export const ftcSessionOut = v.object({ ftc_session_id: v.string(), kyc: kycOut });
export type FtcSessionOut = v.InferOutput<typeof ftcSessionOut>;
export const ftcCountriesOut = v.array(v.object({ code: v.string(), name: v.string() }));
export type FtcCountriesOut = v.InferOutput<typeof ftcCountriesOut>;
export const ftcApplicantOut = v.object({ token: v.string(), widget_url: v.string() });
export type FtcApplicantOut = v.InferOutput<typeof ftcApplicantOut>;
export const ftcKycStatusOut = v.object({ kyc: kycOut, has_bank_account: v.boolean() });
export type FtcKycStatusOut = v.InferOutput<typeof ftcKycStatusOut>;
export const ftcUpdateOut = v.object({ changed: v.boolean(), profile: ftcProfileOut });
export type FtcUpdateOut = v.InferOutput<typeof ftcUpdateOut>;

/** One incoming bank transfer as its owner sees it. Amounts in euro with two decimals. */
export const ftcTransferOut = v.object({
  id: v.string(),
  amount: decimal,
  currency: v.string(),
  reference: v.string(),
  status: v.picklist(FTC_TRANSFER_STATUSES),
  invoice: v.nullable(v.string()),
  received_at: timestamp,
});
export type FtcTransferOut = v.InferOutput<typeof ftcTransferOut>;
/** What reviewing a transfer answers: its state afterwards. */
export const ftcTransferStatusOut = v.object({ status: v.picklist(FTC_TRANSFER_STATUSES) });

export const ftcTransfersQuery = v.object({
  status: v.optional(v.picklist(FTC_TRANSFER_STATUSES, `Choose one of: ${FTC_TRANSFER_STATUSES.join(', ')}.`)),
});

export const ftcEndpoints = {
  getFtcProfile: endpoint({ method: 'GET', path: '/api/ftc/profile', access: 'user', response: ftcProfileOut }),
  /** The same as ftc/profile, read by the set-up pages. */
  getFtcSetupUser: endpoint({ method: 'GET', path: '/api/ftc/setup-user', access: 'user', response: ftcProfileOut }),
  /** The partner's countries; [] without a configured partner. */
  listFtcCountries: endpoint({
    method: 'GET',
    path: '/api/ftc/supported-countries',
    access: 'user',
    response: ftcCountriesOut,
  }),
  /** Registers the user at the partner and e-mails a code: 201 the first time, 200 on a repeat. */
  createFtcUser: endpoint({
    method: 'POST',
    path: '/api/ftc/create-user',
    access: 'full',
    body: ftcCreateUserSchema,
    response: ftcCreateUserOut,
  }),
  /** E-mails a new code: 204. */
  requestFtcCode: endpoint({ method: 'POST', path: '/api/ftc/get-otp', access: 'full', body: ftcGetOtpSchema }),
  /** The e-mailed code opens a session with the partner. */
  setupFtcUser: endpoint({
    method: 'POST',
    path: '/api/ftc/setup-user',
    access: 'full',
    body: ftcVerifyCodeSchema,
    response: ftcSessionOut,
  }),
  loginFtcUser: endpoint({
    method: 'POST',
    path: '/api/ftc/login-user',
    access: 'full',
    body: ftcVerifyCodeSchema,
    response: ftcSessionOut,
  }),
  /** The identity form; answers the verification widget's token. */
  createFtcKycApplicant: endpoint({
    method: 'POST',
    path: '/api/ftc/create-kyc-applicant',
    access: 'full',
    body: ftcKycApplicantSchema,
    response: ftcApplicantOut,
  }),
  /** A new token for the verification widget when its token has expired (same applicant). */
  renewFtcKycToken: endpoint({
    method: 'POST',
    path: '/api/ftc/kyc-token',
    access: 'full',
    body: ftcSessionSchema,
    response: ftcApplicantOut,
  }),
  /** Polled while the verification runs. */
  getFtcKycStatus: endpoint({ method: 'GET', path: '/api/ftc/kyc-status', access: 'user', response: ftcKycStatusOut }),
  /** Opens the euro bank account once the identity is verified; answers the profile. */
  createFtcBankAccount: endpoint({
    method: 'POST',
    path: '/api/ftc/create-bank-account',
    access: 'full',
    body: ftcSessionSchema,
    response: ftcProfileOut,
  }),
  updateFtcUser: endpoint({
    method: 'POST',
    path: '/api/ftc/update-user',
    access: 'full',
    body: ftcUpdateUserSchema,
    response: ftcUpdateOut,
  }),
  updateFtcToken: endpoint({
    method: 'POST',
    path: '/api/ftc/update-token',
    access: 'full',
    body: ftcUpdateTokenSchema,
    response: ftcUpdateOut,
  }),
  /** The owner's incoming bank transfers, newest first (at most 200). */
  listFtcTransfers: endpoint({
    method: 'GET',
    path: '/api/ftc/transfers',
    access: 'user',
    query: ftcTransfersQuery,
    response: v.array(ftcTransferOut),
  }),
  /** A transfer from the review list pays one of the owner's FTC invoices. */
  assignFtcTransfer: endpoint({
    method: 'POST',
    path: '/api/ftc/transfers/:id/assign',
    access: 'full',
    body: ftcAssignTransferSchema,
    response: ftcTransferStatusOut,
  }),
  dismissFtcTransfer: endpoint({
    method: 'POST',
    path: '/api/ftc/transfers/:id/dismiss',
    access: 'full',
    response: ftcTransferStatusOut,
  }),
  /** The owner marks an FTC invoice paid by bank: 204. */
  markFtcInvoiceBankPaid: endpoint({ method: 'POST', path: '/api/ftc/invoices/:id/mark-bank-paid', access: 'full' }),
  /**
   * The partner's notifications, signed over the raw body (X-Unblock-Signature); the handler checks the signature
   * before reading the body as JSON.
   */
  ftcWebhook: endpoint({
    method: 'POST',
    path: '/api/ftc/webhook',
    access: 'signed',
    response: v.object({ processed: v.boolean() }),
  }),
} as const;
