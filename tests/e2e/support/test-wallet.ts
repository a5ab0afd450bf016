import type { Page } from '@playwright/test';
import { mnemonicToAccount } from 'viem/accounts';
import { createWalletClient, http, toHex, type Hex } from 'viem';

/** The mnemonic anvil funds by default; account 1 is configured as staff in src/scripts/e2e-server.mjs. */
const MNEMONIC = 'test test test test test test test test test test test junk';
const ETHEREUM_PORT = Number(process.env.E2E_ANVIL_PORT ?? '8546');
const ANVIL_URL = `http://127.0.0.1:${String(ETHEREUM_PORT)}`;

/** The devnet's chains by hex chain id: Ethereum on E2E_ANVIL_PORT, Polygon on the port after it. */
export const DEVNET_RPC: Readonly<Record<string, string>> = {
  '0x1': ANVIL_URL,
  '0x89': `http://127.0.0.1:${String(ETHEREUM_PORT + 1)}`,
};

export interface TestWallet {
  address: `0x${string}`;
  /** Every EIP-1193 request the page made, in order. */
  calls: string[];
  /** The chain the wallet is on now (hex); it starts on Ethereum and follows wallet_switchEthereumChain. */
  chainId: () => string;
  /** Hashes of the transactions the wallet signed and sent. */
  sent: Hex[];
}

interface WalletRequest {
  method: string;
  params?: unknown[];
}

async function forwardToAnvil(request: WalletRequest, url = ANVIL_URL): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params ?? [] }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result;
}

interface TransactionRequest {
  to?: Hex;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
}

const quantity = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value));

/**
 * Injects an EIP-1193 provider as window.ethereum (flagged as MetaMask and announced through EIP-6963) whose
 * accounts are a viem account held by the test; signing happens in the test process, reads go to anvil. It starts
 * on Ethereum (0x1); wallet_switchEthereumChain moves it to another devnet chain (4902 for a chain it does not
 * know), and eth_sendTransaction is signed by the account and sent to the current chain.
 */
export async function installTestWallet(page: Page, accountIndex = 0): Promise<TestWallet> {
  const account = mnemonicToAccount(MNEMONIC, { addressIndex: accountIndex });
  let chainId = '0x1';
  const wallet: TestWallet = { address: account.address, calls: [], chainId: () => chainId, sent: [] };
  const notifyChain = () => {
    void page
      .evaluate((id) => (window as unknown as { __testWalletEmit?: (event: string, value: unknown) => void }).__testWalletEmit?.('chainChanged', id), chainId)
      .catch(() => undefined);
  };

  await page.exposeFunction('__testWalletRequest', async (request: WalletRequest) => {
    wallet.calls.push(request.method);
    switch (request.method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return chainId;
      case 'net_version':
        return String(Number.parseInt(chainId, 16));
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const [{ chainId: target = '' } = {}] = (request.params ?? []) as [{ chainId?: string }?];
        if (!(target.toLowerCase() in DEVNET_RPC)) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        if (chainId !== target.toLowerCase()) {
          chainId = target.toLowerCase();
          notifyChain();
        }
        return null;
      }
      case 'eth_sendTransaction': {
        const [tx] = (request.params ?? []) as [TransactionRequest];
        const client = createWalletClient({ account, transport: http(DEVNET_RPC[chainId]) });
        const hash = await client.sendTransaction({
          chain: null,
          to: tx.to,
          data: tx.data,
          value: quantity(tx.value),
          gas: quantity(tx.gas),
          maxFeePerGas: quantity(tx.maxFeePerGas),
          maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
        });
        wallet.sent.push(hash);
        return hash;
      }
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }];
      case 'personal_sign': {
        const [data, from] = (request.params ?? []) as [Hex | string, string];
        if (from.toLowerCase() !== account.address.toLowerCase()) {
          throw Object.assign(new Error('Unknown account'), { code: 4100 });
        }
        const raw = data.startsWith('0x') ? (data as Hex) : toHex(data);
        return account.signMessage({ message: { raw } });
      }
      default:
        return forwardToAnvil(request, DEVNET_RPC[chainId]);
    }
  });

  await page.addInitScript(() => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    const bridge = (r: unknown) =>
      (window as unknown as { __testWalletRequest: (r: unknown) => Promise<unknown> }).__testWalletRequest(r);
    const provider = {
      isMetaMask: true,
      request: async (request: { method: string; params?: unknown[] }) => {
        try {
          return await bridge({ method: request.method, params: request.params });
        } catch (error) {
          const e = error as { message?: string; code?: number };
          throw Object.assign(new Error(e.message ?? 'Request failed'), { code: e.code ?? 4001 });
        }
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
    (window as unknown as { __testWalletEmit: (event: string, value: unknown) => void }).__testWalletEmit = (event, value) => {
      for (const listener of listeners.get(event) ?? []) listener(value);
    };
    const info = {
      uuid: '8f7e4c52-6c1e-4b8e-9f0e-3c1f3f6f2a11',
      name: 'MetaMask',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
      rdns: 'io.metamask',
    };
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
  return wallet;
}
