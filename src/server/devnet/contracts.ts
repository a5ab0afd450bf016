import type { Abi, Address, Hex } from 'viem';
import { getContractAddress } from 'viem';
import mockNftArtifact from '../../../tests/fixtures/contracts/mock-nft.json';
import mockTokenArtifact from '../../../tests/fixtures/contracts/mock-token.json';
import multicall3Artifact from '../../../tests/fixtures/contracts/multicall3.json';
import { ACCOUNT_ADDRESSES } from './accounts';

/** Compiled contracts (src/scripts/compile-contracts.mjs writes these fixtures from src/server/devnet/solidity/*.sol). */
export const MOCK_TOKEN = { abi: mockTokenArtifact.abi as Abi, bytecode: mockTokenArtifact.bytecode as Hex };
export const MOCK_NFT = { abi: mockNftArtifact.abi as Abi, bytecode: mockNftArtifact.bytecode as Hex };

/** Multicall3 lives at the same address on every chain; the local chains get its runtime code with anvil_setCode. */
export const MULTICALL3_ADDRESS = multicall3Artifact.address as Address;
export const MULTICALL3_RUNTIME = multicall3Artifact.deployedBytecode as Hex;

export const DEVNET_CONTRACTS = ['USDC', 'USDT', 'NFT'] as const;
export type DevnetContract = (typeof DEVNET_CONTRACTS)[number];

/** Deployment order: the deployer's nonce for each contract, which also fixes its address. */
export const DEPLOY_NONCE: Record<DevnetContract, number> = { USDC: 0, USDT: 1, NFT: 2 };

export interface TokenDefinition {
  name: string;
  symbol: string;
  decimals: number;
}

export const TOKEN_DEFINITIONS: Record<'USDC' | 'USDT', TokenDefinition> = {
  USDC: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  USDT: { name: 'Tether USD', symbol: 'USDT', decimals: 6 },
};

export const NFT_DEFINITION = {
  name: 'Ledgerloop Devnet Collectibles',
  symbol: 'LLDC',
  /** The .invalid top-level domain never resolves: metadata look-ups fail as they would for a dead host. */
  baseUri: 'https://nft.devnet.invalid/metadata/',
} as const;

/** Where each contract lands: derived from the deployer and its nonce, identical on both local chains. */
export const CONTRACT_ADDRESSES: Record<DevnetContract, Address> = {
  USDC: getContractAddress({ from: ACCOUNT_ADDRESSES.deployer, nonce: BigInt(DEPLOY_NONCE.USDC) }),
  USDT: getContractAddress({ from: ACCOUNT_ADDRESSES.deployer, nonce: BigInt(DEPLOY_NONCE.USDT) }),
  NFT: getContractAddress({ from: ACCOUNT_ADDRESSES.deployer, nonce: BigInt(DEPLOY_NONCE.NFT) }),
};
