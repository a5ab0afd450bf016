/** Turning the URIs NFT contracts give (ipfs://, ar://, data:, ERC-1155 {id}) into fetchable URLs. */

export interface GatewayOptions {
  /** Base of the IPFS HTTP gateway; `/ipfs/<cid>/<path>` is appended (default https://ipfs.io). */
  ipfsGateway: string;
  /** Base of the Arweave gateway; `/<tx id>` is appended (default https://arweave.net). */
  arweaveGateway: string;
}

export const DEFAULT_GATEWAYS: GatewayOptions = {
  ipfsGateway: 'https://ipfs.io',
  arweaveGateway: 'https://arweave.net',
};

const CID = /^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58,})$/;

/** ERC-1155 clients replace `{id}` with the token id as 64 lower-case hex digits, no 0x. */
export function substituteErc1155Id(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

function trimBase(base: string): string {
  return base.replace(/\/+$/, '');
}

/**
 * A fetchable URL for `uri`: ipfs:// (and bare CIDs, and other gateways' /ipfs/ URLs) through the configured
 * IPFS gateway, ar:// through the Arweave gateway, http(s) and data: URLs as they are. Null for anything
 * else (empty, javascript:, unknown schemes).
 */
export function resolveUri(uri: string, gateways: GatewayOptions = DEFAULT_GATEWAYS): string | null {
  const text = uri.trim();
  if (text.length === 0) return null;
  const ipfsBase = `${trimBase(gateways.ipfsGateway)}/ipfs/`;

  if (/^ipfs:\/\//i.test(text)) {
    const rest = text.slice('ipfs://'.length).replace(/^ipfs\//i, '');
    return rest ? ipfsBase + rest : null;
  }
  if (/^ar:\/\//i.test(text)) {
    const rest = text.slice('ar://'.length);
    return rest ? `${trimBase(gateways.arweaveGateway)}/${rest}` : null;
  }
  if (/^data:/i.test(text)) return text;
  if (CID.test(text.split('/')[0] ?? '')) return ipfsBase + text;

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const ipfsPath = /^\/ipfs\/(.+)$/.exec(url.pathname);
  if (ipfsPath?.[1] && CID.test(ipfsPath[1].split('/')[0] ?? '')) return ipfsBase + ipfsPath[1] + url.search;
  return url.toString();
}

/** The JSON inside a data: URL (base64, or percent-encoded / plain text); undefined when it is not JSON. */
export function jsonFromDataUrl(uri: string): unknown {
  const match = /^data:([^,]*),(.*)$/is.exec(uri);
  if (!match) return undefined;
  const meta = (match[1] ?? '').toLowerCase();
  const payload = match[2] ?? '';
  if (!meta.startsWith('application/json') && !meta.startsWith('text/plain') && meta !== '' && !meta.startsWith(';')) {
    return undefined;
  }
  try {
    const text = meta.includes(';base64')
      ? Buffer.from(payload, 'base64').toString('utf8')
      : safeDecode(payload);
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
