import { describe, expect, it } from 'vitest';
import {
  isBitcoinAddress,
  isEvmAddress,
  isValidAddress,
  networksForAddress,
  normalizeAddress,
} from '../../src/shared/address-validation';
import { EVM_NETWORKS, NETWORKS } from '../../src/shared/enums';

// EIP-55 reference vectors.
const EIP55_CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
// EIP-55 vectors whose checksum happens to be all capitals or all small letters.
const EIP55_CAPS_CHECKSUM = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_LOWER_CHECKSUM = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
// Single-case spellings carry no checksum and are accepted whatever the checksum would be.
const EIP55_ALL_UPPER = [...EIP55_CAPS_CHECKSUM, ...EIP55_CHECKSUMMED.map((a) => `0x${a.slice(2).toUpperCase()}`)];
const EIP55_ALL_LOWER = [...EIP55_LOWER_CHECKSUM, ...EIP55_CHECKSUMMED.map((a) => a.toLowerCase())];

/** Flips the case of the first letter after 0x: a mixed-case address with a broken checksum. */
function breakChecksum(address: string): string {
  const body = address.slice(2);
  const index = body.search(/[a-fA-F]/);
  const ch = body.charAt(index);
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return `0x${body.slice(0, index)}${flipped}${body.slice(index + 1)}`;
}

const EVM_INVALID = [
  '',
  '   ',
  '0x',
  '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // no 0x
  '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', // 0X prefix
  '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', // 39 hex digits
  '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0', // 41 hex digits
  '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', // not hex
  '0x5aaeb6053f3e94c9 9a09f33669435e7ef1beaed', // inner space
  'ronin:5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', // ronin: form is only for RONIN
  ...EIP55_CHECKSUMMED.map(breakChecksum),
];

// BIP-173 / BIP-350 mainnet addresses valid today.
const BITCOIN_BECH32_VALID = [
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // v0 P2WPKH, upper case
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // same, lower case
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // v0 P2WSH
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // v1 taproot (bech32m)
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', // v1, 40-byte program
  'BC1SW50QGDZ25J', // v16, 2-byte program
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', // v2, 16-byte program
];
const BITCOIN_BASE58_VALID = [
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // P2PKH
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
];

const BITCOIN_INVALID: [string, string][] = [
  // BIP-350 invalid vectors.
  ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'invalid human-readable part'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
  ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'v2 with a bech32 checksum (testnet)'],
  ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'v16 with a bech32 checksum'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
  ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'v0 with a bech32m checksum (testnet)'],
  ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid character in checksum'],
  ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'witness version 17'],
  ['bc1pw5dgrnzv', 'program length 1 byte'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'program length 41 bytes'],
  ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'v0 program of 16 bytes'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'mixed case'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'zero padding of more than 4 bits'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'non-zero padding'],
  ['bc1gmk9yu', 'empty data section'],
  // BIP-173 invalid vectors.
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum broken'],
  ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'witness version 19'],
  ['bc1rw5uspcuh', 'program length 1 byte (v3)'],
  ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'program length 41 bytes'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'zero padding of more than 4 bits'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3T4', 'mixed case'],
  // BIP-173 v1+ addresses with the old bech32 checksum, invalid since BIP-350.
  ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'v1 with a bech32 checksum'],
  ['BC1SW50QA3JX3S', 'v16 with a bech32 checksum'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'v2 with a bech32 checksum'],
  // Other networks than mainnet.
  ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet P2WPKH'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet P2WSH'],
  ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'testnet taproot'],
  ['bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw', 'regtest'],
  ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH'],
  ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet P2SH'],
  // Base58 mistakes.
  ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'base58 checksum broken'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', 'base58 checksum broken (P2SH)'],
  ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', "base58 has no '0'"],
  ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN', 'one character short'],
  ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaa', 'one character too many'],
  ['', 'empty'],
  ['  ', 'blank'],
  ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'an EVM address'],
];

describe('isEvmAddress', () => {
  it.each([...EIP55_CHECKSUMMED, ...EIP55_ALL_UPPER, ...EIP55_ALL_LOWER])('accepts %s', (address) => {
    expect(isEvmAddress(address)).toBe(true);
  });

  it.each(EVM_INVALID)('refuses %j', (address) => {
    expect(isEvmAddress(address)).toBe(false);
  });

  it('checks the checksum only for mixed case', () => {
    const [first] = EIP55_CHECKSUMMED;
    expect(isEvmAddress(breakChecksum(first ?? ''))).toBe(false);
    expect(isEvmAddress((first ?? '').toLowerCase())).toBe(true);
    expect(isEvmAddress(`0x${(first ?? '').slice(2).toUpperCase()}`)).toBe(true);
  });
});

describe('isBitcoinAddress', () => {
  it.each([...BITCOIN_BECH32_VALID, ...BITCOIN_BASE58_VALID])('accepts %s', (address) => {
    expect(isBitcoinAddress(address)).toBe(true);
  });

  it.each(BITCOIN_INVALID)('refuses %s (%s)', (address) => {
    expect(isBitcoinAddress(address)).toBe(false);
  });
});

describe('isValidAddress on every network', () => {
  const evm = EIP55_CHECKSUMMED[0] ?? '';

  it.each(EVM_NETWORKS)('%s accepts EVM addresses and refuses Bitcoin ones', (network) => {
    for (const address of [...EIP55_CHECKSUMMED, ...EIP55_ALL_UPPER, ...EIP55_ALL_LOWER]) {
      expect(isValidAddress(address, network), address).toBe(true);
    }
    const refused = [...BITCOIN_BECH32_VALID, ...BITCOIN_BASE58_VALID, ...EVM_INVALID].filter(
      // The ronin: form of a valid address is checked on its own below.
      (address) => !(network === 'RONIN' && address.startsWith('ronin:')),
    );
    for (const address of refused) {
      expect(isValidAddress(address, network), address).toBe(false);
    }
  });

  it('BITCOIN accepts Bitcoin addresses and refuses EVM and malformed ones', () => {
    for (const address of [...BITCOIN_BECH32_VALID, ...BITCOIN_BASE58_VALID]) {
      expect(isValidAddress(address, 'BITCOIN')).toBe(true);
    }
    for (const [address] of BITCOIN_INVALID) {
      expect(isValidAddress(address, 'BITCOIN'), address).toBe(false);
    }
    expect(isValidAddress(evm, 'BITCOIN')).toBe(false);
  });

  it('RONIN alone accepts the ronin: form', () => {
    const roninForm = `ronin:${evm.slice(2).toLowerCase()}`;
    expect(isValidAddress(roninForm, 'RONIN')).toBe(true);
    expect(isValidAddress(`ronin:${evm.slice(2)}`, 'RONIN')).toBe(true);
    expect(isValidAddress(`RONIN:${evm.slice(2)}`, 'RONIN')).toBe(true);
    expect(isValidAddress(`ronin:${breakChecksum(evm).slice(2)}`, 'RONIN')).toBe(false);
    expect(isValidAddress(`ronin:${evm}`, 'RONIN')).toBe(false);
    expect(isValidAddress(`ronin:${evm.slice(3)}`, 'RONIN')).toBe(false);
    expect(isValidAddress('ronin:', 'RONIN')).toBe(false);
    for (const network of NETWORKS.filter((n) => n !== 'RONIN')) {
      expect(isValidAddress(roninForm, network)).toBe(false);
    }
  });

  it('trims surrounding whitespace', () => {
    expect(isValidAddress(`  ${evm}\n`, 'ETHEREUM')).toBe(true);
    expect(isValidAddress('\t1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ', 'BITCOIN')).toBe(true);
    expect(isValidAddress(' bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0 ', 'BITCOIN')).toBe(true);
    expect(isValidAddress(` ronin:${evm.slice(2)} `, 'RONIN')).toBe(true);
  });

  it.each(NETWORKS)('%s refuses the empty string', (network) => {
    expect(isValidAddress('', network)).toBe(false);
    expect(isValidAddress('   ', network)).toBe(false);
  });

  it('ALL accepts an address valid on any network', () => {
    expect(isValidAddress(evm, 'ALL')).toBe(true);
    expect(isValidAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'ALL')).toBe(true);
    expect(isValidAddress(`ronin:${evm.slice(2)}`, 'ALL')).toBe(true);
    expect(isValidAddress(breakChecksum(evm), 'ALL')).toBe(false);
    expect(isValidAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'ALL')).toBe(false);
    expect(isValidAddress('', 'ALL')).toBe(false);
  });
});

describe('networksForAddress', () => {
  it('lists the six EVM networks, in NETWORKS order, for an EVM address', () => {
    const expected = ['ETHEREUM', 'POLYGON', 'FANTOM', 'BINANCE_SMART_CHAIN', 'RONIN', 'AVALANCHE'];
    for (const address of [...EIP55_CHECKSUMMED, ...EIP55_ALL_UPPER, ...EIP55_ALL_LOWER]) {
      expect(networksForAddress(address)).toEqual(expected);
      expect(networksForAddress(` ${address} `)).toEqual(expected);
    }
  });

  it('lists only BITCOIN for a Bitcoin address', () => {
    for (const address of [...BITCOIN_BECH32_VALID, ...BITCOIN_BASE58_VALID]) {
      expect(networksForAddress(address)).toEqual(['BITCOIN']);
    }
  });

  it('lists only RONIN for a ronin: address', () => {
    expect(networksForAddress('ronin:5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toEqual(['RONIN']);
  });

  it('lists nothing for an address valid nowhere', () => {
    for (const address of EVM_INVALID.filter((a) => !a.startsWith('ronin:'))) {
      expect(networksForAddress(address)).toEqual([]);
    }
    for (const [address] of BITCOIN_INVALID.filter(([a]) => !a.startsWith('0x'))) {
      expect(networksForAddress(address)).toEqual([]);
    }
  });
});

describe('normalizeAddress', () => {
  it('gives the EIP-55 checksum on EVM networks', () => {
    for (const address of EIP55_CHECKSUMMED) {
      for (const network of EVM_NETWORKS) {
        expect(normalizeAddress(address.toLowerCase(), network)).toBe(address);
        expect(normalizeAddress(`0x${address.slice(2).toUpperCase()}`, network)).toBe(address);
        expect(normalizeAddress(` ${address} `, network)).toBe(address);
      }
    }
  });

  it('turns the ronin: form into a checksummed 0x address', () => {
    expect(normalizeAddress('ronin:5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'RONIN')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });

  it('lowercases bech32 and keeps base58 as given', () => {
    expect(normalizeAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'BITCOIN')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(normalizeAddress(' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ', 'BITCOIN')).toBe('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(normalizeAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'BITCOIN')).toBe('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
  });

  it('throws for an address not valid on the network', () => {
    expect(() => normalizeAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'ETHEREUM')).toThrow();
    expect(() => normalizeAddress('ronin:5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'ETHEREUM')).toThrow();
    expect(() => normalizeAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'BITCOIN')).toThrow();
    expect(() => normalizeAddress('', 'POLYGON')).toThrow();
  });
});
