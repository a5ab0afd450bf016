import { stringToHex } from 'viem';

/** The part of an EIP-1193 provider that signing needs. */
export interface MessageSigner {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/**
 * Signs the server's sign-in message with personal_sign (EIP-191): params are the message as 0x-hex of its UTF-8
 * bytes, then the account address, as MetaMask and WalletConnect wallets expect.
 */
export async function signMessage(provider: MessageSigner, address: string, message: string): Promise<`0x${string}`> {
  const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] });
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
    throw new Error('The wallet returned no signature.');
  }
  return signature as `0x${string}`;
}
