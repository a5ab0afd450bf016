import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../../../shared/contract/endpoint';
import { ftcEndpoints } from '../../../shared/contract/ftc';
import { KYC_POLL_MS } from '../../../shared/schemas/ftc';
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
    queryFn: ({ signal }) => api.call(ftcEndpoints.listFtcTransfers, { query: { status: 'NEEDS_REVIEW' }, signal }),
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
    queryFn: ({ signal }) => api.call(ftcEndpoints.getFtcProfile, { signal }),
    staleTime: 0,
  });
}

/** GET ftc/supported-countries: kept for the session (the list hardly changes). */
export function ftcCountriesQuery() {
  return queryOptions({
    queryKey: ftcKeys.countries,
    queryFn: ({ signal }) => api.call(ftcEndpoints.listFtcCountries, { signal }),
    staleTime: Infinity,
  });
}

/** GET ftc/kyc-status, asked every 7 s while `polling`. */
export function kycStatusQuery(polling: boolean) {
  return queryOptions({
    queryKey: ftcKeys.kyc,
    queryFn: ({ signal }) => api.call(ftcEndpoints.getFtcKycStatus, { signal }),
    refetchInterval: polling ? KYC_POLL_MS : false,
    staleTime: 0,
  });
}

/** The changing calls, used through useMutation by the wizard and the settings panel. */
const quiet = { silent: true } as const;

export const ftcCalls = {
  createUser: (input: BodyOf<typeof ftcEndpoints.createFtcUser>) => api.call(ftcEndpoints.createFtcUser, { body: input, ...quiet }),
  requestCode: (userUuid: string) => api.call(ftcEndpoints.requestFtcCode, { body: { user_uuid: userUuid }, ...quiet }),
  setupUser: (userUuid: string, code: string) =>
    api.call(ftcEndpoints.setupFtcUser, { body: { user_uuid: userUuid, one_time_password: code }, ...quiet }),
  loginUser: (userUuid: string, code: string) =>
    api.call(ftcEndpoints.loginFtcUser, { body: { user_uuid: userUuid, one_time_password: code }, ...quiet }),
  createKycApplicant: (input: BodyOf<typeof ftcEndpoints.createFtcKycApplicant>) =>
    api.call(ftcEndpoints.createFtcKycApplicant, { body: input, ...quiet }),
  kycToken: (session: string) => api.call(ftcEndpoints.renewFtcKycToken, { body: { ftc_session_id: session }, ...quiet }),
  createBankAccount: (session: string) => api.call(ftcEndpoints.createFtcBankAccount, { body: { ftc_session_id: session }, ...quiet }),
  updateUser: (input: BodyOf<typeof ftcEndpoints.updateFtcUser>) => api.call(ftcEndpoints.updateFtcUser, { body: input, ...quiet }),
  assignTransfer: (transferId: string, invoiceId: string) =>
    api.call(ftcEndpoints.assignFtcTransfer, { params: { id: transferId }, body: { invoice: invoiceId } }),
  dismissTransfer: (transferId: string) => api.call(ftcEndpoints.dismissFtcTransfer, { params: { id: transferId } }),
};
