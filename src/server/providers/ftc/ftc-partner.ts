/**
 * The fiat-to-crypto partner as the server uses it (docs/fiat-to-crypto.md): users, e-mailed one-time codes that
 * open a user session, KYC through a verification-widget applicant, the euro bank account and the user's payout
 * preferences, and the account's incoming transfers. The Unblock client implements it; tests run it against a local stand-in of the partner.
 */
import type { KycState } from '../../../shared/enums';

export interface PartnerUserInput {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  target_address: string;
}

export interface PartnerUser {
  user_uuid: string;
  kyc: KycState;
}

export interface PartnerKycInput {
  address_line_1: string;
  address_line_2: string;
  post_code: string;
  city: string;
  country: string;
  date_of_birth: string;
  source_of_funds: string;
}

export interface PartnerBankAccount {
  uuid: string;
  iban: string;
  bic: string;
}

/** One transfer the user's euro account received, as the partner lists it. */
export interface PartnerIncomingTransfer {
  transfer_uuid: string;
  bank_account_uuid: string;
  amount: string;
  currency: string;
  reference: string;
  received_at: string;
}

export interface PartnerPreferences {
  target_address: string;
  chain: 'ethereum' | 'polygon';
  token: 'USDC' | 'USDT';
  target_address_type: 'SELF_HOSTED' | 'HOSTED';
  target_address_vasp: string | null;
}

export interface FtcPartner {
  createUser(input: PartnerUserInput): Promise<{ user_uuid: string }>;
  /** E-mails a one-time code to the user. */
  requestCode(userUuid: string): Promise<void>;
  /** Exchanges a code for a user session id; null when the code is wrong or expired. */
  verifyCode(userUuid: string, code: string): Promise<string | null>;
  getUser(session: string): Promise<PartnerUser>;
  supportedCountries(): Promise<{ code: string; name: string }[]>;
  createKycApplicant(session: string, input: PartnerKycInput): Promise<void>;
  kycToken(session: string): Promise<string>;
  createBankAccount(session: string): Promise<PartnerBankAccount>;
  /** The accounts the user already has (a retried activation finds the one made before). */
  bankAccounts(session: string): Promise<PartnerBankAccount[]>;
  updatePreferences(session: string, input: PartnerPreferences): Promise<void>;
  /**
   * The transfers a user's euro account received since a time, asked with the API key alone (no user session: the
   * server polls in the background).
   */
  incomingTransfers(userUuid: string, bankAccountUuid: string, since: Date): Promise<PartnerIncomingTransfer[]>;
}

/** The partner's user states, as our KYC states. */
export function kycFromPartnerStatus(status: string): KycState {
  switch (status) {
    case 'FULL_USER':
      return 'FULL_USER';
    case 'SOFT_KYC_FAILED':
      return 'SOFT_KYC_FAILED';
    case 'HARD_KYC_FAILED':
      return 'HARD_KYC_FAILED';
    case 'KYC_PENDING':
      return 'PENDING';
    default:
      return 'NOT_STARTED';
  }
}
