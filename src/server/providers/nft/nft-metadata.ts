/**
 * NFT metadata: the token URI read over JSON-RPC (ERC-721 `tokenURI`, ERC-1155 `uri` with `{id}`), resolved
 * through configurable IPFS/Arweave gateways, and the JSON metadata fetched through the provider HTTP client
 * (or read inline from a data: URL). Name, description, image and traits (`attributes` or `properties`).
 */
import { erc1155Abi, erc721Abi, type PublicClient } from 'viem';
import * as v from 'valibot';
import type { EvmNetwork } from '../../../shared/enums';
import type { HttpClient } from '../http/http-client';
import type { NftMetadata, NftProperty, NftRef } from './types';
import { DEFAULT_GATEWAYS, jsonFromDataUrl, resolveUri, substituteErc1155Id, type GatewayOptions } from './uri';

export type NftContractReader = Pick<PublicClient, 'readContract'>;

export interface NftMetadataOptions {
  http: HttpClient;
  /** A JSON-RPC client for the network of the NFT. */
  clientFor: (network: EvmNetwork) => NftContractReader;
  ipfsGateway?: string;
  arweaveGateway?: string;
  /** How long fetched metadata is kept (default one day: collections reveal and update). */
  cacheTtlMs?: number;
  /** Requests per second per metadata host (default 5). */
  perSecond?: number;
}

export interface NftMetadataReader {
  /** The token URI from the contract, or null when it has none (reverts or answers empty). */
  tokenUri(ref: NftRef): Promise<string | null>;
  /** Metadata of the NFT; empty fields when there is none. Throws `ProviderError` when the host fails. */
  read(ref: NftRef): Promise<NftMetadata>;
}

const MAX_PROPERTIES = 100;
const MAX_TEXT = 2000;

const metadataSchema = v.looseObject({
  name: v.optional(v.unknown()),
  description: v.optional(v.unknown()),
  image: v.optional(v.unknown()),
  image_url: v.optional(v.unknown()),
  image_data: v.optional(v.unknown()),
  external_url: v.optional(v.unknown()),
  attributes: v.optional(v.unknown()),
  properties: v.optional(v.unknown()),
  traits: v.optional(v.unknown()),
});
type RawMetadata = v.InferOutput<typeof metadataSchema>;

function text(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length === 0) return null;
  return trimmed.length > MAX_TEXT ? trimmed.slice(0, MAX_TEXT) : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Traits from OpenSea-style `attributes` ([{trait_type, value}]) or a `properties` / `traits` object. */
export function readProperties(raw: RawMetadata): NftProperty[] {
  const properties: NftProperty[] = [];
  const push = (id: unknown, value: unknown): void => {
    const name = text(isRecord(value) ? (value.value ?? value.name ?? value.description) : value);
    const propertyId = text(id);
    if (name && properties.length < MAX_PROPERTIES) properties.push({ property_id: propertyId ?? 'Property', name });
  };
  for (const source of [raw.attributes, raw.traits]) {
    if (Array.isArray(source)) {
      for (const item of source) {
        if (isRecord(item)) push(item.trait_type ?? item.type ?? item.key ?? item.name, item.value);
        else push(null, item);
      }
    }
  }
  const objectSource = isRecord(raw.properties) ? raw.properties : isRecord(raw.attributes) ? raw.attributes : null;
  if (objectSource && properties.length === 0) {
    for (const [key, value] of Object.entries(objectSource)) push(key, value);
  }
  return properties;
}

function imageFrom(raw: RawMetadata, gateways: GatewayOptions): string | null {
  for (const candidate of [raw.image, raw.image_url]) {
    const uri = text(candidate);
    if (uri) {
      const resolved = resolveUri(uri, gateways);
      if (resolved) return resolved;
    }
  }
  const svg = typeof raw.image_data === 'string' ? raw.image_data.trim() : '';
  if (svg.startsWith('<svg') || svg.startsWith('<?xml')) {
    return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
  }
  return null;
}

export function metadataFromJson(tokenUri: string | null, json: unknown, gateways: GatewayOptions = DEFAULT_GATEWAYS): NftMetadata {
  const parsed = v.safeParse(metadataSchema, json);
  const raw: RawMetadata = parsed.success ? parsed.output : {};
  const external = text(raw.external_url);
  return {
    token_uri: tokenUri,
    name: text(raw.name),
    description: text(raw.description),
    image_url: imageFrom(raw, gateways),
    external_url: external ? resolveUri(external, gateways) : null,
    properties: readProperties(raw),
  };
}

function emptyMetadata(tokenUri: string | null): NftMetadata {
  return { token_uri: tokenUri, name: null, description: null, image_url: null, external_url: null, properties: [] };
}

export function createNftMetadataReader(options: NftMetadataOptions): NftMetadataReader {
  const gateways: GatewayOptions = {
    ipfsGateway: options.ipfsGateway ?? DEFAULT_GATEWAYS.ipfsGateway,
    arweaveGateway: options.arweaveGateway ?? DEFAULT_GATEWAYS.arweaveGateway,
  };
  const cacheTtlMs = options.cacheTtlMs ?? 86_400_000;
  const perSecond = options.perSecond ?? 5;

  async function tokenUri(ref: NftRef): Promise<string | null> {
    const client = options.clientFor(ref.network);
    try {
      const uri =
        ref.standard === 'erc721'
          ? await client.readContract({ address: ref.contract, abi: erc721Abi, functionName: 'tokenURI', args: [ref.tokenId] })
          : await client.readContract({ address: ref.contract, abi: erc1155Abi, functionName: 'uri', args: [ref.tokenId] });
      const trimmed = uri.trim();
      if (trimmed.length === 0) return null;
      return ref.standard === 'erc1155' ? substituteErc1155Id(trimmed, ref.tokenId) : trimmed;
    } catch {
      return null;
    }
  }

  return {
    tokenUri,
    async read(ref) {
      const uri = await tokenUri(ref);
      if (!uri) return emptyMetadata(null);
      const resolved = resolveUri(uri, gateways);
      if (!resolved) return emptyMetadata(uri);
      if (resolved.startsWith('data:')) return metadataFromJson(uri, jsonFromDataUrl(resolved), gateways);
      const json = await options.http.getJson<unknown>({
        url: resolved,
        cacheTtlMs,
        rateLimit: { key: 'nft-metadata', perSecond },
        retries: 2,
        timeoutMs: 10_000,
        provider: 'NFT metadata host',
      });
      return metadataFromJson(uri, json, gateways);
    },
  };
}
