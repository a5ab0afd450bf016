/** How an account signs in (docs/data-model.md). */
export const USER_TYPES = ['GOOGLE', 'METAMASK', 'WALLET_CONNECT', 'ADDRESS_ONLY'] as const;
export type UserType = (typeof USER_TYPES)[number];
