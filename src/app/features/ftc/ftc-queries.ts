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
  type FtcTransferOut,
  type FtcSessionOut,
  type FtcUpdateOut,
  type FtcUpdateUserInput,
} from '../../../shared/schemas/ftc';
import { documentEndpoints } from '../../../shared/contract/documents';
import { api } from '../../lib/api-client';
import { openFtcInvoiceChoices } from './ftc-review';

export const ftcKeys = {
  profile: ['ftc', 'profile'] as const,
  countries: ['ftc', 'countries'] as const,
  kyc: ['ftc', 'kyc'] as const,
  review: ['ftc', 'transfers', 'NEEDS_REVIEW'] as const,
  openInvoices: ['ftc', 'open-invoices'] as const,
};

/** GET ftc/transfers?status=NEEDS_REVIEW: the bank transfers no invoice could take, newest first. */
export function ftcReviewTransfersQuery() {
  return queryOptions({
    queryKey: ftcKeys.review,
    queryFn: ({ signal }) => api.get<FtcTransferOut[]>(FTC_API.transfers, { status: 'NEEDS_REVIEW' }, { signal }),
  });
}

/** The owner's issued FTC invoices still awaiting payment (the choices a transfer may be assigned to). */
export function openFtcInvoicesQuery() {
  return queryOptions({
    queryKey: ftcKeys.openInvoices,
    queryFn: async ({ signal }) => {
      const page = await api.call(documentEndpoints.listDocuments, {
        query: { kind: ['INVOICE'], state: ['DUE', 'EXPIRED', 'PROCESSING'], ordering: '-created_at', limit: 100, offset: 0 },
        signal,
      });
      return openFtcInvoiceChoices(page.results);
    },
  });
}

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
  assignTransfer: (transferId: string, invoiceId: string) => api.post<{ status: string }>(FTC_API.assignTransfer(transferId), { invoice: invoiceId }),
  dismissTransfer: (transferId: string) => api.post<{ status: string }>(FTC_API.dismissTransfer(transferId)),
};
