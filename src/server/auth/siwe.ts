/**
 * Sign-In with Ethereum (EIP-4361) challenges for the wallet login: the server builds the message,
 * the wallet signs it, the server checks the message fields and the signature.
 */
import { getAddress, isErc6492Signature, isErc8010Signature, isHex, verifyMessage, type PublicClient } from 'viem';
import { formatSiweMessage, parseSiweMessage } from './eip4361';

export type SiweVerification = { ok: true } | { ok: false; reason: string };

export interface SignInMessageParams {
  address: `0x${string}`;
  domain: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  statement: string;
}

export interface SignInExpectation {
  address: `0x${string}`;
  domain: string;
  uri: string;
  chainId: number;
  nonce: string;
  now: Date;
}

export interface VerifySignInParams {
  message: string;
  signature: `0x${string}`;
  expected: SignInExpectation;
  /** Used for contract wallets (EIP-1271 / ERC-6492) when the signature is not the address's own. */
  client?: PublicClient;
}

export const SIWE_REASONS = {
  malformed: 'This sign-in request is not valid. Try again.',
  domain: 'This sign-in request is for another site.',
  uri: 'This sign-in request is for another page.',
  chain: 'This sign-in request is for another network.',
  nonce: 'This sign-in request is no longer valid. Try again.',
  address: 'This sign-in request is for another wallet.',
  notYetValid: 'This sign-in request is not valid yet.',
  expired: 'Sign-in request expired. Try again.',
  badSignature: 'Signature does not match the address.',
  unverifiable: 'Could not check the wallet signature. Try again.',
} as const;

const NONCE_BYTES = 16;

/**
 * A fresh nonce: 128 bits from the platform's cryptographic random source, as 32 hex digits
 * (EIP-4361 wants at least 8 alphanumeric characters). viem's generateSiweNonce is not used as it
 * draws from Math.random.
 */
export function generateNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The EIP-4361 text for the wallet to sign. Throws when a field is not EIP-4361 compliant. */
export function buildSignInMessage(p: SignInMessageParams): string {
  return formatSiweMessage({
    address: getAddress(p.address),
    domain: p.domain,
    uri: p.uri,
    chainId: p.chainId,
    nonce: p.nonce,
    issuedAt: p.issuedAt,
    expirationTime: p.expirationTime,
    statement: p.statement,
    version: '1',
  });
}

function fail(reason: string): SiweVerification {
  return { ok: false, reason };
}

/** Checks the message fields against what the server issued; undefined when they all match. */
function checkFields(message: string, expected: SignInExpectation): string | undefined {
  const fields = parseSiweMessage(message);
  if (fields?.expirationTime === undefined) return SIWE_REASONS.malformed;
  if (fields.domain !== expected.domain) return SIWE_REASONS.domain;
  if (fields.uri !== expected.uri) return SIWE_REASONS.uri;
  if (fields.chainId !== expected.chainId) return SIWE_REASONS.chain;
  if (fields.nonce !== expected.nonce) return SIWE_REASONS.nonce;
  if (fields.address.toLowerCase() !== expected.address.toLowerCase()) return SIWE_REASONS.address;
  if (fields.notBefore !== undefined && expected.now.getTime() < fields.notBefore.getTime()) {
    return SIWE_REASONS.notYetValid;
  }
  if (expected.now.getTime() >= fields.expirationTime.getTime()) return SIWE_REASONS.expired;
  return undefined;
}

/** Local ECDSA recovery (externally owned accounts); false for any signature that does not recover. */
export async function isOwnSignature(address: `0x${string}`, message: string, signature: `0x${string}`): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/**
 * Verifies a signed EIP-4361 message against the expected fields, then the signature: first as the
 * address's own ECDSA signature (no network), then, when a client is given, through the chain
 * (EIP-1271 contract wallets and ERC-6492 counterfactual ones). Never throws.
 */
export async function verifySignInMessage(p: VerifySignInParams): Promise<SiweVerification> {
  const fieldProblem = checkFields(p.message, p.expected);
  if (fieldProblem !== undefined) return fail(fieldProblem);

  const { signature } = p;
  if (typeof signature !== 'string' || !isHex(signature, { strict: true }) || signature.length <= 2) {
    return fail(SIWE_REASONS.badSignature);
  }
  const { address } = p.expected;
  if (await isOwnSignature(address, p.message, signature)) return { ok: true };
  if (!p.client) return fail(SIWE_REASONS.badSignature);

  // An address without code signs only for itself (checked above), unless the signature carries
  // the deployment of a not-yet-deployed contract wallet (ERC-6492, ERC-8010).
  let code: `0x${string}` | undefined;
  try {
    code = await p.client.getCode({ address });
  } catch {
    return fail(SIWE_REASONS.unverifiable);
  }
  const counterfactual = isErc6492Signature(signature) || isErc8010Signature(signature);
  if ((code === undefined || code === '0x') && !counterfactual) return fail(SIWE_REASONS.badSignature);

  try {
    const valid = await p.client.verifyMessage({ address, message: p.message, signature });
    return valid ? { ok: true } : fail(SIWE_REASONS.badSignature);
  } catch {
    return fail(SIWE_REASONS.unverifiable);
  }
}
