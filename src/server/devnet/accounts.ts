import type { Address } from 'viem';

/** The mnemonic every anvil node uses by default; the local chains derive all their accounts from it. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

export const SCENARIO_ACCOUNTS = ['deployer', 'alice', 'bob', 'carol'] as const;
export type ScenarioAccount = (typeof SCENARIO_ACCOUNTS)[number];

/**
 * Well-known accounts of the scripted activity and their HD index under DEVNET_MNEMONIC. The deployer is anvil's
 * first (pre-funded) account; alice, bob and carol sit past anvil's ten pre-funded accounts, so they start empty
 * and every wei and token they hold has a transaction behind it.
 */
export const ACCOUNT_INDEX: Record<ScenarioAccount, number> = {
  deployer: 0,
  alice: 10,
  bob: 11,
  carol: 12,
};

/** Addresses of ACCOUNT_INDEX under DEVNET_MNEMONIC (checked against the derivation when the devnet starts). */
export const ACCOUNT_ADDRESSES: Record<ScenarioAccount, Address> = {
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  alice: '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  bob: '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  carol: '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
};

/** Ether (or POL) anvil gives each of its pre-funded accounts; passed to anvil as --balance. */
export const PREFUNDED_BALANCE_ETHER = 10_000n;
