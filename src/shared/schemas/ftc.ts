/**
 * What the fiat-to-crypto (FTC) routes take: the request bodies of the registration, KYC, bank account and
 * preference routes and of the bank-transfer side of FTC invoices, with their messages and limits (see
 * docs/fiat-to-crypto.md). The routes and their answers are declared in src/shared/contract/ftc.ts.
 */
import * as v from 'valibot';
import { INVOICE_PAYMENT_NETWORKS, INVOICE_PAYMENT_TOKENS } from '../enums';
import { MESSAGES } from '../messages';

/** How often the PWA asks for the KYC state while verification runs, and the pause before leaving after activation. */
export const KYC_POLL_MS = 7000;
export const FTC_REDIRECT_MS = 5000;
/** Digits of the e-mailed verification code. */
export const OTP_DIGITS = 6;

export const FTC_TARGET_ADDRESS_TYPES = ['SELF_HOSTED', 'HOSTED'] as const;
export type FtcTargetAddressType = (typeof FTC_TARGET_ADDRESS_TYPES)[number];
export const FTC_TARGET_ADDRESS_LABELS: Record<FtcTargetAddressType, string> = {
  SELF_HOSTED: 'Self-hosted wallet',
  HOSTED: 'Hosted wallet (exchange or custodian)',
};

/** Where the money a client pays comes from, as the partner asks for it. */
export const SOURCES_OF_FUNDS = ['SALARY', 'BUSINESS_INCOME', 'PENSION', 'OTHER'] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];
export const SOURCE_OF_FUNDS_LABELS: Record<SourceOfFunds, string> = {
  SALARY: 'Salary',
  BUSINESS_INCOME: 'Business income',
  PENSION: 'Pension',
  OTHER: 'Other',
};

export const FTC_MESSAGES = {
  notConfigured: 'Fiat invoicing is not set up on this server.',
  noWallet: 'No Wallet selected.',
  birthDate: "Must be Less than Today's date.",
  wrongCode: 'The code is wrong or has expired. Check the e-mail or ask for a new code.',
  sessionExpired: 'Your verification has expired. Ask for a new code.',
  noChanges: 'No Fiat-to-Crypto changes detected',
  updated: 'Congratulations! Your Fiat-to-Crypto preference has been updated successfully.',
  activated: 'Fiat-to-Crypto invoicing successfully activated for all Invoices.',
  bankFailed: 'Something went wrong while creating bank.',
  partnerDown: 'The fiat partner could not be reached. Try again later.',
  vaspRequired: 'Enter the name of the exchange or custodian holding the wallet.',
  kycRequired: 'Fiat-to-Crypto invoices need a verified identity (KYC) and an activated bank account.',
  notFtcInvoice: 'This invoice is not paid by bank transfer.',
  alreadyPaid: 'This invoice is already paid.',
  alreadyRegistered: 'Fiat-to-Crypto is already set up for this account.',
  registerFirst: 'Start the Fiat-to-Crypto registration first.',
  needFullUser: 'The identity verification is not complete yet.',
  alreadyReviewed: 'This transfer has been reviewed already.',
} as const;

const requiredText = (max: number) =>
  v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
  );
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`)), '');

const countryField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'Choose a country.'),
);
const emailField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.maxLength(254, MESSAGES.invalidEmail),
  v.email(MESSAGES.invalidEmail),
  v.toLowerCase(),
);
const walletField = v.optional(v.pipe(v.string(FTC_MESSAGES.noWallet), v.trim(), v.uuid(FTC_MESSAGES.noWallet), v.toLowerCase()), '');
const userUuidField = v.pipe(v.string(MESSAGES.required), v.trim(), v.uuid('Not a valid user id.'), v.toLowerCase());
export const otpField = v.pipe(
  v.string(MESSAGES.required),
  v.regex(new RegExp(`^\\d{${String(OTP_DIGITS)}}$`), `Enter the ${String(OTP_DIGITS)}-digit code.`),
);
const sessionField = v.pipe(v.string(FTC_MESSAGES.sessionExpired), v.regex(/^[A-Za-z0-9_-]{20,100}$/, FTC_MESSAGES.sessionExpired));
const networkField = v.picklist(INVOICE_PAYMENT_NETWORKS, `Choose one of: ${INVOICE_PAYMENT_NETWORKS.join(', ')}.`);
const tokenField = v.picklist(INVOICE_PAYMENT_TOKENS, `Choose one of: ${INVOICE_PAYMENT_TOKENS.join(', ')}.`);
const addressTypeField = v.picklist(FTC_TARGET_ADDRESS_TYPES, MESSAGES.required);

/** VASP name: required for HOSTED (checked by vaspMissing), stored as null for SELF_HOSTED whatever was sent. */
const vaspField = v.optional(
  v.nullable(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(120, 'Ensure this field has no more than 120 characters.'))),
  null,
);
interface VaspFields {
  target_address_type: FtcTargetAddressType;
  target_address_vasp: string | null;
}
const vaspMissing = (value: VaspFields): boolean => value.target_address_type === 'HOSTED' && (value.target_address_vasp ?? '') === '';
const vaspForType = (value: VaspFields): string | null => (value.target_address_type === 'HOSTED' ? value.target_address_vasp : null);

/** POST ftc/create-user: the first form; the server registers the user at the partner and e-mails a code. */
export const ftcCreateUserSchema = v.pipe(
  v.strictObject({
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: emailField,
    country: countryField,
    wallet: walletField,
    token_preference: v.optional(tokenField, 'USDC'),
    target_address_type: addressTypeField,
    target_address_vasp: vaspField,
  }),
  v.forward(v.check((value) => !vaspMissing(value), FTC_MESSAGES.vaspRequired), ['target_address_vasp']),
  v.transform((value) => ({ ...value, target_address_vasp: vaspForType(value) })),
);
export type FtcCreateUserInput = v.InferOutput<typeof ftcCreateUserSchema>;

/** POST ftc/get-otp: e-mails a new code to the partner user. */
export const ftcGetOtpSchema = v.strictObject({ user_uuid: userUuidField });
export type FtcGetOtpInput = v.InferOutput<typeof ftcGetOtpSchema>;

/** POST ftc/setup-user and ftc/login-user: the code from the e-mail; answers a session id. */
export const ftcVerifyCodeSchema = v.strictObject({ user_uuid: userUuidField, one_time_password: otpField });
export type FtcVerifyCodeInput = v.InferOutput<typeof ftcVerifyCodeSchema>;

/** ISO date (yyyy-mm-dd) strictly before `today` (yyyy-mm-dd). */
export function isBirthDateBefore(date: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date && date < today && date >= '1900-01-01';
}

/** POST ftc/create-kyc-applicant: the identity form; answers the verification widget's token. */
export const ftcKycApplicantSchema = v.strictObject({
  address_line_1: requiredText(200),
  address_line_2: optionalText(200),
  post_code: requiredText(20),
  city: requiredText(100),
  country: countryField,
  date_of_birth: v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.isoDate('Enter a date as YYYY-MM-DD.'),
    v.check((date) => isBirthDateBefore(date, '9999-12-31'), 'Enter a date as YYYY-MM-DD.'),
  ),
  source_of_funds: v.optional(v.picklist(SOURCES_OF_FUNDS, `Choose one of: ${SOURCES_OF_FUNDS.join(', ')}.`), 'BUSINESS_INCOME'),
  ftc_session_id: sessionField,
});
export type FtcKycApplicantInput = v.InferOutput<typeof ftcKycApplicantSchema>;

/** POST ftc/create-bank-account. */
export const ftcSessionSchema = v.strictObject({ ftc_session_id: sessionField });
export type FtcSessionInput = v.InferOutput<typeof ftcSessionSchema>;

/** POST ftc/update-user: the settings' preference form once unlocked by a code. */
export const ftcUpdateUserSchema = v.pipe(
  v.strictObject({
    wallet: walletField,
    network: networkField,
    token: tokenField,
    target_address_type: addressTypeField,
    target_address_vasp: vaspField,
    ftc_session_id: sessionField,
  }),
  v.forward(v.check((value) => !vaspMissing(value), FTC_MESSAGES.vaspRequired), ['target_address_vasp']),
  v.transform((value) => ({ ...value, target_address_vasp: vaspForType(value) })),
);
export type FtcUpdateUserInput = v.InferOutput<typeof ftcUpdateUserSchema>;

/** POST ftc/update-token: only the token the partner sends. */
export const ftcUpdateTokenSchema = v.strictObject({ token: tokenField, ftc_session_id: sessionField });
export type FtcUpdateTokenInput = v.InferOutput<typeof ftcUpdateTokenSchema>;

/** The states of an incoming bank transfer (GET ftc/transfers?status=). */
export const FTC_TRANSFER_STATUSES = ['MATCHED', 'NEEDS_REVIEW', 'DISMISSED'] as const;
export type FtcTransferStatus = (typeof FTC_TRANSFER_STATUSES)[number];

/** POST ftc/transfers/{id}/assign: a transfer from the review list pays one of the owner's FTC invoices. */
export const ftcAssignTransferSchema = v.strictObject({
  invoice: v.pipe(v.string(MESSAGES.required), v.trim(), v.uuid('Not a valid invoice id.'), v.toLowerCase()),
});

/** The partner's webhook: one event per notification, each with its own id (processed once). */
export const ftcWebhookSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  type: v.string(),
  data: v.record(v.string(), v.unknown()),
});
export type FtcWebhookEvent = v.InferOutput<typeof ftcWebhookSchema>;
