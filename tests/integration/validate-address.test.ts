import { describe, expect, it } from 'vitest';
import { addressEndpoints } from '../../src/shared/contract/addresses';
import type { ValidatedAddress } from '../../src/shared/contract/addresses';
import { EVM_NETWORKS, NETWORK_LABELS, NETWORKS, type Network } from '../../src/shared/enums';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const VALID: Record<'EVM' | 'BITCOIN', string[]> = {
  EVM: [EVM, EVM.toLowerCase(), `0x${EVM.slice(2).toUpperCase()}`],
  BITCOIN: [
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
};
const INVALID = [
  '',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
  'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
  'hello',
];

describe.each(availableDrivers())('validate-address on %s', (kind) => {
  const suite = setupSuite(kind);
  const validate = (address: string, network?: string) =>
    suite.client().post(addressEndpoints.validateAddress.path, network === undefined ? { address } : { address, network });

  it('accepts valid addresses on each network and normalises them', async () => {
    for (const network of NETWORKS) {
      const family = network === 'BITCOIN' ? 'BITCOIN' : 'EVM';
      for (const address of VALID[family]) {
        const response = await validate(address, network);
        expect(response.status, `${network} ${address}`).toBe(200);
        const result = await json<ValidatedAddress>(response);
        expect(result.networks).toEqual([network]);
        expect(result.address).toBe(family === 'EVM' ? EVM : address);
      }
    }
  });

  it('defaults to ETHEREUM and accepts the ronin: form on RONIN', async () => {
    expect(await json<ValidatedAddress>(await validate(EVM.toLowerCase()))).toEqual({ address: EVM, networks: ['ETHEREUM'] });
    const ronin = await validate(`ronin:${EVM.slice(2).toLowerCase()}`, 'RONIN');
    expect(await json<ValidatedAddress>(ronin)).toEqual({ address: EVM, networks: ['RONIN'] });
    expect((await validate(`ronin:${EVM.slice(2)}`, 'ETHEREUM')).status).toBe(400);
  });

  it('refuses an address of the wrong family with the network label', async () => {
    for (const network of NETWORKS) {
      const address = network === 'BITCOIN' ? EVM : VALID.BITCOIN[0] ?? '';
      const response = await validate(address, network);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ address: [`Enter a valid ${NETWORK_LABELS[network as Network]} address.`] });
    }
  });

  it('refuses invalid addresses on every network', async () => {
    for (const network of NETWORKS) {
      for (const address of INVALID) {
        const response = await validate(address, network);
        expect(response.status, `${network} '${address}'`).toBe(400);
        const body = await json<Record<string, string[]>>(response);
        expect(body.address?.[0]).toMatch(address === '' ? /^This field is required$/ : /^Enter a valid .+ address\.$/);
      }
    }
  });

  it('ALL lists every network an address is valid on', async () => {
    expect(await json<ValidatedAddress>(await validate(EVM.toLowerCase(), 'ALL'))).toEqual({
      address: EVM,
      networks: [...EVM_NETWORKS],
    });
    expect(await json<ValidatedAddress>(await validate('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'ALL'))).toEqual({
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      networks: ['BITCOIN'],
    });
    for (const address of INVALID.slice(1)) {
      const response = await validate(address, 'ALL');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ address: ['Provided address is invalid'] });
    }
  });

  it('refuses an unknown network', async () => {
    const response = await validate(EVM, 'DOGECOIN');
    expect(response.status).toBe(400);
    expect((await json<Record<string, string[]>>(response)).network?.[0]).toMatch(/^Choose one of: ETHEREUM, /);
  });
});
