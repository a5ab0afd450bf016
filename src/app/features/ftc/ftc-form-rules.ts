/**
 * The checks the fiat-to-crypto forms make before sending (the server makes the same ones): the first form, the
 * identity (KYC) form and the settings' preference form. Each answers field errors in the API's shape.
 */
import type { FieldErrors } from '../../../shared/api-types';
import type { WalletOut } from '../../../shared/contract/wallets';
import { MESSAGES } from '../../../shared/messages';
import { FTC_MESSAGES, isBirthDateBefore, type FtcTargetAddressType } from '../../../shared/schemas/ftc';

const FTC_NETWORKS = ['POLYGON', 'ETHEREUM'];

/** Only Polygon and Ethereum wallets can receive the partner's stablecoins. */
export function ftcWallets(wallets: readonly WalletOut[]): WalletOut[] {
  return wallets.filter((wallet) => FTC_NETWORKS.includes(wallet.network));
}

export interface RegistrationValues {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  wallet: string;
  target_address_type: FtcTargetAddressType | '';
  target_address_vasp: string;
}

export interface KycValues {
  address_line_1: string;
  address_line_2: string;
  post_code: string;
  city: string;
  country: string;
  date_of_birth: string;
  source_of_funds: string;
}

function collect(checks: [field: string, failed: boolean, message: string][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, failed, message] of checks) if (failed && errors[field] === undefined) errors[field] = [message];
  return errors;
}

export function registrationErrors(values: RegistrationValues): FieldErrors {
  return collect([
    ['first_name', values.first_name.trim() === '', MESSAGES.required],
    ['last_name', values.last_name.trim() === '', MESSAGES.required],
    ['email', values.email.trim() === '', MESSAGES.required],
    ['email', !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()), MESSAGES.invalidEmail],
    ['country', values.country === '', MESSAGES.required],
    ['wallet', values.wallet === '', FTC_MESSAGES.noWallet],
    ['target_address_type', values.target_address_type === '', MESSAGES.required],
    ['target_address_vasp', values.target_address_type === 'HOSTED' && values.target_address_vasp.trim() === '', FTC_MESSAGES.vaspRequired],
  ]);
}

/** `today` as yyyy-mm-dd in the user's own calendar. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function kycErrors(values: KycValues, today: string): FieldErrors {
  return collect([
    ['address_line_1', values.address_line_1.trim() === '', MESSAGES.required],
    ['post_code', values.post_code.trim() === '', MESSAGES.required],
    ['city', values.city.trim() === '', MESSAGES.required],
    ['country', values.country === '', MESSAGES.required],
    ['date_of_birth', values.date_of_birth === '', MESSAGES.required],
    ['date_of_birth', !isBirthDateBefore(values.date_of_birth, today), FTC_MESSAGES.birthDate],
  ]);
}
