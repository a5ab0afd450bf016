import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  erc1155Abi,
  erc721Abi,
  type Address,
  type Hex,
} from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, ProviderError } from '../../src/server/providers/http/http-client';
import { createNftMetadataReader, metadataFromJson } from '../../src/server/providers/nft/nft-metadata';
import { nftPrice } from '../../src/server/providers/nft/nft-price';
import type { NftPriceProvider, NftRef } from '../../src/server/providers/nft/types';
import { jsonFromDataUrl, resolveUri, substituteErc1155Id } from '../../src/server/providers/nft/uri';
import { salePrice, type SaleLeg } from '../../src/server/sync/nft/nft-sale-price';
import { startProviderServer, type ProviderServer } from '../fixtures/provider-server';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const CIDV1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const gateways = { ipfsGateway: 'https://gw.example/', arweaveGateway: 'https://ar.example' };

describe('NFT URIs', () => {
  it('resolves ipfs, arweave, gateway and plain URLs', () => {
    expect(resolveUri(`ipfs://${CID}/42.json`, gateways)).toBe(`https://gw.example/ipfs/${CID}/42.json`);
    expect(resolveUri(`ipfs://ipfs/${CID}`, gateways)).toBe(`https://gw.example/ipfs/${CID}`);
    expect(resolveUri(`${CIDV1}/meta.json`, gateways)).toBe(`https://gw.example/ipfs/${CIDV1}/meta.json`);
    expect(resolveUri(`https://ipfs.io/ipfs/${CID}/1`, gateways)).toBe(`https://gw.example/ipfs/${CID}/1`);
    expect(resolveUri('ar://abcDEF123', gateways)).toBe('https://ar.example/abcDEF123');
    expect(resolveUri('https://api.example.com/token/7', gateways)).toBe('https://api.example.com/token/7');
    expect(resolveUri('data:application/json,{}', gateways)).toBe('data:application/json,{}');
    expect(resolveUri('javascript:alert(1)', gateways)).toBeNull();
    expect(resolveUri('', gateways)).toBeNull();
    expect(resolveUri('ipfs://', gateways)).toBeNull();
  });

  it('substitutes the ERC-1155 {id}', () => {
    expect(substituteErc1155Id('https://x.example/{id}.json', 314n)).toBe(
      'https://x.example/000000000000000000000000000000000000000000000000000000000000013a.json',
    );
  });

  it('reads JSON from data: URLs', () => {
    const json = JSON.stringify({ name: 'On-chain #1' });
    expect(jsonFromDataUrl(`data:application/json;base64,${Buffer.from(json).toString('base64')}`)).toEqual({ name: 'On-chain #1' });
    expect(jsonFromDataUrl(`data:application/json;utf8,${json}`)).toEqual({ name: 'On-chain #1' });
    expect(jsonFromDataUrl(`data:application/json,${encodeURIComponent(json)}`)).toEqual({ name: 'On-chain #1' });
    expect(jsonFromDataUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(jsonFromDataUrl('data:application/json,{broken')).toBeUndefined();
  });
});

describe('NFT metadata JSON', () => {
  it('reads OpenSea-style attributes', () => {
    const metadata = metadataFromJson(
      'ipfs://x',
      {
        name: 'Axie #1',
        description: ' A creature ',
        image: `ipfs://${CID}/1.png`,
        external_url: 'https://app.example/axie/1',
        attributes: [
          { trait_type: 'Class', value: 'Beast' },
          { trait_type: 'Level', value: 3, display_type: 'number' },
          { value: 'Mystic' },
          { trait_type: 'Empty', value: '' },
        ],
      },
      gateways,
    );
    expect(metadata).toEqual({
      token_uri: 'ipfs://x',
      name: 'Axie #1',
      description: 'A creature',
      image_url: `https://gw.example/ipfs/${CID}/1.png`,
      external_url: 'https://app.example/axie/1',
      properties: [
        { property_id: 'Class', name: 'Beast' },
        { property_id: 'Level', name: '3' },
        { property_id: 'Property', name: 'Mystic' },
      ],
    });
  });

  it('reads properties objects and inline SVG images', () => {
    const metadata = metadataFromJson(null, {
      name: 42,
      image_data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      properties: { color: 'red', size: { value: 'L' }, nested: { deep: {} } },
    });
    expect(metadata.name).toBe('42');
    expect(metadata.image_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(metadata.image_url?.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(metadata.properties).toEqual([
      { property_id: 'color', name: 'red' },
      { property_id: 'size', name: 'L' },
    ]);
  });

  it('gives empty fields for junk', () => {
    expect(metadataFromJson('u', 'not an object')).toEqual({
      token_uri: 'u',
      name: null,
      description: null,
      image_url: null,
      external_url: null,
      properties: [],
    });
  });
});

describe('NFT metadata reader', () => {
  const ERC721: Address = '0x2000000000000000000000000000000000000001';
  const ERC1155: Address = '0x2000000000000000000000000000000000000002';
  let server: ProviderServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function chain(uris: { erc721: (id: bigint) => string | null; erc1155: string }) {
    return createPublicClient({
      transport: custom(
        {
          async request({ method, params }: { method: string; params?: unknown }) {
            if (method === 'eth_chainId') return '0x89';
            if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
            const [call] = params as [{ to: Address; data: Hex }];
            if (call.to.toLowerCase() === ERC721.toLowerCase()) {
              const { args } = decodeFunctionData({ abi: erc721Abi, data: call.data });
              const uri = uris.erc721(args?.[0] as bigint);
              if (uri === null) throw Object.assign(new Error('execution reverted: nonexistent token'), { code: 3 });
              return encodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', result: uri });
            }
            decodeFunctionData({ abi: erc1155Abi, data: call.data });
            return encodeFunctionResult({ abi: erc1155Abi, functionName: 'uri', result: uris.erc1155 });
          },
        },
        { retryCount: 0 },
      ),
    });
  }

  const http = () => createHttpClient({ sleep: async () => undefined, logger: { warn: () => undefined } });

  it('reads ERC-721 metadata over RPC and HTTP, through the configured IPFS gateway', async () => {
    server = await startProviderServer({
      'GET /ipfs/:cid/:file': (req) => ({
        source: 'synthetic',
        note: 'ERC-721 metadata JSON as collections publish it on IPFS.',
        body: {
          name: `Token ${req.params.file}`,
          image: `ipfs://${CID}/images/${req.params.file}.png`,
          attributes: [{ trait_type: 'Background', value: 'Blue' }],
        },
      }),
    });
    const reader = createNftMetadataReader({
      http: http(),
      clientFor: () => chain({ erc721: (id) => `ipfs://${CID}/${id}`, erc1155: '' }),
      ipfsGateway: server.url,
    });
    const ref: NftRef = { network: 'POLYGON', contract: ERC721, tokenId: 7n, standard: 'erc721' };
    const metadata = await reader.read(ref);
    expect(metadata).toEqual({
      token_uri: `ipfs://${CID}/7`,
      name: 'Token 7',
      description: null,
      image_url: `${server.url}/ipfs/${CID}/images/7.png`,
      external_url: null,
      properties: [{ property_id: 'Background', name: 'Blue' }],
    });
    expect(server.requests[0]?.path).toBe(`/ipfs/${CID}/7`);
    // cached
    await reader.read(ref);
    expect(server.requests).toHaveLength(1);
  });

  it('reads ERC-1155 metadata with the {id} substituted', async () => {
    server = await startProviderServer({
      'GET /meta/:id': { source: 'synthetic', note: 'ERC-1155 metadata JSON.', body: { name: 'Item', properties: { rarity: 'rare' } } },
    });
    const base = server.url;
    const reader = createNftMetadataReader({
      http: http(),
      clientFor: () => chain({ erc721: () => null, erc1155: `${base}/meta/{id}` }),
    });
    const metadata = await reader.read({ network: 'ETHEREUM', contract: ERC1155, tokenId: 10n, standard: 'erc1155' });
    expect(server.requests[0]?.path).toBe(`/meta/${'a'.padStart(64, '0')}`);
    expect(metadata.properties).toEqual([{ property_id: 'rarity', name: 'rare' }]);
  });

  it('reads on-chain data: metadata without HTTP', async () => {
    const json = Buffer.from(JSON.stringify({ name: 'On-chain', image: 'data:image/svg+xml;base64,PHN2Zy8+' })).toString('base64');
    const reader = createNftMetadataReader({
      http: http(),
      clientFor: () => chain({ erc721: () => `data:application/json;base64,${json}`, erc1155: '' }),
    });
    const metadata = await reader.read({ network: 'ETHEREUM', contract: ERC721, tokenId: 1n, standard: 'erc721' });
    expect(metadata.name).toBe('On-chain');
    expect(metadata.image_url).toBe('data:image/svg+xml;base64,PHN2Zy8+');
  });

  it('gives empty metadata for tokens without a URI', async () => {
    const reader = createNftMetadataReader({ http: http(), clientFor: () => chain({ erc721: () => null, erc1155: '' }) });
    const metadata = await reader.read({ network: 'ETHEREUM', contract: ERC721, tokenId: 1n, standard: 'erc721' });
    expect(metadata).toMatchObject({ token_uri: null, name: null, properties: [] });
  });

  it('reports a failing metadata host as a ProviderError', async () => {
    server = await startProviderServer({
      'GET /meta/:id': { source: 'synthetic', note: 'Metadata host outage.', status: 503, body: { error: 'down' } },
    });
    const base = server.url;
    const reader = createNftMetadataReader({
      http: http(),
      clientFor: () => chain({ erc721: (id) => `${base}/meta/${id}`, erc1155: '' }),
    });
    const failure = await reader.read({ network: 'ETHEREUM', contract: ERC721, tokenId: 5n, standard: 'erc721' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: 'unavailable' });
    expect(server.requests).toHaveLength(3);
  });
});

describe('NFT prices', () => {
  const ref = { network: 'ETHEREUM' as const, contract: '0x2000000000000000000000000000000000000001' as const };

  it('are not synced without a price source', async () => {
    expect(await nftPrice(null, ref)).toEqual({ price: null, currency: null, is_price_synced: false });
  });

  it('take the floor price from the source', async () => {
    const provider: NftPriceProvider = { name: 'test', floorPrice: async () => ({ price: '0.0450', currency: 'ETH' }) };
    expect(await nftPrice(provider, ref)).toEqual({ price: '0.045', currency: 'ETH', is_price_synced: true });
    const none: NftPriceProvider = { name: 'test', floorPrice: async () => null };
    expect(await nftPrice(none, ref)).toEqual({ price: null, currency: null, is_price_synced: true });
  });

  it('are not synced while the source fails', async () => {
    const failing: NftPriceProvider = {
      name: 'test',
      floorPrice: async () => {
        throw new ProviderError({ kind: 'unavailable', host: 'floor.example' });
      },
    };
    expect(await nftPrice(failing, ref)).toEqual({ price: null, currency: null, is_price_synced: false });
    const broken: NftPriceProvider = {
      name: 'test',
      floorPrice: async () => {
        throw new TypeError('bug');
      },
    };
    await expect(nftPrice(broken, ref)).rejects.toThrow(TypeError);
  });
});

describe('NFT sale prices from the wallet’s own transaction', () => {
  const eth = { tokenId: 'ETHEREUM:native', tokenSymbol: 'ETH', tokenDecimals: 18, nftId: null, isSpam: false, isError: false };
  const usdt = { ...eth, tokenId: 'ETHEREUM:0xdac17f958d2ee523a2206206994597c13d831ec7', tokenSymbol: 'USDT', tokenDecimals: 6 };
  const nft = (amount: bigint, direction: 'INCOMING' | 'OUTGOING' = 'INCOMING'): SaleLeg => ({ ...eth, tokenId: 'ETHEREUM:0x06012c8c', tokenSymbol: 'CK', tokenDecimals: 0, nftId: '7', direction, amount });
  const leg = (token: typeof eth, direction: 'INCOMING' | 'OUTGOING', amount: bigint, extra: Partial<SaleLeg> = {}): SaleLeg => ({ ...token, direction, amount, ...extra });

  it('is what the wallet paid, in that coin', () => {
    expect(salePrice([leg(eth, 'OUTGOING', 250_000_000_000_000_000n), nft(1n)])).toEqual({ price: '0.25', currency: 'ETH' });
  });

  it('counts what came back in the same transaction, and spreads the rest over the units received', () => {
    expect(salePrice([leg(usdt, 'OUTGOING', 12_000_000n), leg(usdt, 'INCOMING', 2_000_000n), nft(2n)])).toEqual({ price: '5', currency: 'USDT' });
    // Base units that do not divide evenly lose the remainder, never invent one.
    expect(salePrice([leg(usdt, 'OUTGOING', 10n), nft(3n)])).toEqual({ price: '0.000003', currency: 'USDT' });
  });

  it('gives none for a gift, an airdrop, a free mint or a payment in two currencies', () => {
    expect(salePrice([nft(1n)])).toBeNull();
    expect(salePrice([leg(eth, 'OUTGOING', 0n), nft(1n)])).toBeNull();
    expect(salePrice([leg(eth, 'OUTGOING', 5n), leg(usdt, 'OUTGOING', 5n), nft(1n)])).toBeNull();
    // Sold, not bought: the wallet received the money.
    expect(salePrice([leg(eth, 'INCOMING', 5n), nft(1n, 'OUTGOING')])).toBeNull();
  });

  it('leaves out failed and spam legs', () => {
    expect(salePrice([leg(eth, 'OUTGOING', 7n, { isError: true }), nft(1n)])).toBeNull();
    expect(salePrice([leg(usdt, 'OUTGOING', 9_000_000n), leg(eth, 'OUTGOING', 1n, { isSpam: true }), nft(1n)])).toEqual({ price: '9', currency: 'USDT' });
  });
});
