/** Where a user stands in the fiat partner's identity checks (docs/data-model.md). */
export const KYC_STATES = ['FULL_USER', 'SOFT_KYC_FAILED', 'HARD_KYC_FAILED', 'PENDING', 'NOT_STARTED'] as const;
export type KycState = (typeof KYC_STATES)[number];
