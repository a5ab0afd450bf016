import type { EvmNetwork } from '../../shared/enums';

export interface DevnetEndpoint {
  rpcUrl: string;
  chainId: number;
}

function port(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number (1-65535), not "${raw}".`);
  return value;
}

/**
 * Where `npm run devnet` serves the local chains (DEVNET_HOST, DEVNET_ETHEREUM_PORT, DEVNET_POLYGON_PORT, the same
 * variables the script reads): the JSON-RPC endpoints a server started with DEVNET=1 syncs ETHEREUM and POLYGON from.
 */
export function devnetEndpoints(env: Readonly<Record<string, string | undefined>>): Partial<Record<EvmNetwork, DevnetEndpoint>> {
  const host = env.DEVNET_HOST || '127.0.0.1';
  return {
    ETHEREUM: { rpcUrl: `http://${host}:${port(env, 'DEVNET_ETHEREUM_PORT', 8545)}`, chainId: 1 },
    POLYGON: { rpcUrl: `http://${host}:${port(env, 'DEVNET_POLYGON_PORT', 8546)}`, chainId: 137 },
  };
}
