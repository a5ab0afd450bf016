import { queryOptions } from '@tanstack/react-query';
import {
  FTC_API,
  KYC_POLL_MS,
  type FtcApplicantOut,
  type FtcCountriesOut,
  type FtcCreateUserInput,
  type FtcKycApplicantInput,
  type FtcKycStatusOut,
  type FtcProfileOut,
  type FtcSessionOut,
  type FtcUpdateOut,
  type FtcUpdateUserInput,
} from '../../../shared/schemas/ftc';
import { api } from '../../lib/api-client';

export const ftcKeys = {
  profile: ['ftc', 'profile'] as const,
  countries: ['ftc', 'countries'] as const,
  kyc: ['ftc', 'kyc'] as const,
};

/** GET ftc/profile: the user's fiat-to-crypto set-up (and whether this server offers it). */
export function ftcProfileQuery() {
  return queryOptions({
    queryKey: ftcKeys.profile,
    queryFn: ({ signal }) => api.get<FtcProfileOut>(FTC_API.profile, undefined, { signal }),
    staleTime: 0,
  });
}

/** GET ftc/supported-countries: kept for the session (the list hardly changes). */
export function ftcCountriesQuery() {
  return queryOptions({
    queryKey: ftcKeys.countries,
    queryFn: ({ signal }) => api.get<FtcCountriesOut>(FTC_API.supportedCountries, undefined, { signal }),
    staleTime: Infinity,
  });
}

/** GET ftc/kyc-status, asked every 7 s while `polling`. */
export function kycStatusQuery(polling: boolean) {
  return queryOptions({
    queryKey: ftcKeys.kyc,
    queryFn: ({ signal }) => api.get<FtcKycStatusOut>(FTC_API.kycStatus, undefined, { signal }),
    refetchInterval: polling ? KYC_POLL_MS : false,
    staleTime: 0,
  });
}

/** The changing calls, used through useMutation by the wizard and the settings panel. */
const quiet = { silent: true } as const;

export const ftcCalls = {
  createUser: (input: FtcCreateUserInput) => api.post<{ user_uuid: string }>(FTC_API.createUser, input, quiet),
  requestCode: (userUuid: string) => api.post<undefined>(FTC_API.getOtp, { user_uuid: userUuid }, quiet),
  setupUser: (userUuid: string, code: string) => api.post<FtcSessionOut>(FTC_API.setupUser, { user_uuid: userUuid, one_time_password: code }, quiet),
  loginUser: (userUuid: string, code: string) => api.post<FtcSessionOut>(FTC_API.loginUser, { user_uuid: userUuid, one_time_password: code }, quiet),
  createKycApplicant: (input: FtcKycApplicantInput) => api.post<FtcApplicantOut>(FTC_API.createKycApplicant, input, quiet),
  createBankAccount: (session: string) => api.post<FtcProfileOut>(FTC_API.createBankAccount, { ftc_session_id: session }, quiet),
  updateUser: (input: FtcUpdateUserInput) => api.post<FtcUpdateOut>(FTC_API.updateUser, input, quiet),
};
