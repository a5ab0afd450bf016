import { decodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { amountPaidText, PAYMENT_SUMMARY_TEXT, paymentFlags, shortHash } from '../../src/app/features/invoices/payment-status-text';
import { fiatToPay } from '../../src/app/features/pay-invoice/amount-to-pay';
import { canPayByBank } from '../../src/app/features/pay-invoice/bank-eligibility';
import { bankQrPayload } from '../../src/app/features/pay-invoice/bank-transfer';
import { paymentUri } from '../../src/app/features/pay-invoice/manual-transfer';
import { countdownText, QUOTE_REFRESH_SECONDS, secondsUntilRefresh } from '../../src/app/features/pay-invoice/quote-countdown';
import {
  paymentTransaction,
  sendPayment,
  suggestFees,
  switchNetwork,
  WalletPaymentError,
  WALLET_CONNECT_TOKEN_GAS,
  type WalletProvider,
} from '../../src/app/features/pay-invoice/wallet-transfer';
import type { PaymentStatusOut, PublicInvoiceOut } from '../../src/shared/contract/payments';

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';
const HASH = `0x${'ab'.repeat(32)}`;

/** A wallet on `chain` that knows `known` chains; records every request; `fail` makes a method throw that error. */
function fakeWallet(chain: string, known: string[], fail: Record<string, unknown> = {}) {
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  let current = chain;
  const provider: WalletProvider = {
    request: ({ method, params }) => {
      calls.push({ method, params });
      if (method in fail) return Promise.reject(fail[method]);
      const first = (params?.[0] ?? {}) as { chainId?: string };
      switch (method) {
        case 'eth_chainId':
          return Promise.resolve(current);
        case 'wallet_switchEthereumChain':
          if (!known.includes(first.chainId ?? '')) return Promise.reject(Object.assign(new Error('Unrecognized chain'), { code: 4902 }));
          current = first.chainId ?? current;
          return Promise.resolve(null);
        case 'wallet_addEthereumChain':
          known.push(first.chainId ?? '');
          current = first.chainId ?? current;
          return Promise.resolve(null);
        case 'eth_feeHistory':
          return Promise.resolve({ baseFeePerGas: ['0x64', '0x64', '0x64', '0x64', '0x64', '0xc8'], reward: [['0x1'], ['0x5'], ['0x3'], ['0x2'], ['0x4']] });
        case 'eth_sendTransaction':
          return Promise.resolve(HASH);
        default:
          return Promise.reject(new Error(`unexpected ${method}`));
      }
    },
  };
  return { provider, calls };
}

describe('the quote countdown', () => {
  it('counts the 180 s down to the next fetch and never below zero', () => {
    expect(QUOTE_REFRESH_SECONDS).toBe(180);
    expect(secondsUntilRefresh(1_000_000, 1_000_000)).toBe(180);
    expect(secondsUntilRefresh(1_000_000, 1_000_001)).toBe(180);
    expect(secondsUntilRefresh(1_000_000, 1_001_000)).toBe(179);
    expect(secondsUntilRefresh(1_000_000, 1_000_000 + 179_500)).toBe(1);
    expect(secondsUntilRefresh(1_000_000, 1_000_000 + 180_000)).toBe(0);
    expect(secondsUntilRefresh(1_000_000, 2_000_000)).toBe(0);
  });

  it('reads m:ss', () => {
    expect(countdownText(180)).toBe('3:00');
    expect(countdownText(65)).toBe('1:05');
    expect(countdownText(9)).toBe('0:09');
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-4)).toBe('0:00');
  });
});

describe('bank eligibility', () => {
  const ftc = { bank_iban: 'DE89370400440532013000', bank_bic: 'COBADEFFXXX', payment_ref: 'RF18539007547034' };
  it('needs a fiat-to-crypto invoice with the bank details set up', () => {
    expect(canPayByBank({ is_ftc: true, ftc })).toBe(true);
    expect(canPayByBank({ is_ftc: false, ftc })).toBe(false);
    expect(canPayByBank({ is_ftc: true, ftc: null })).toBe(false);
    expect(canPayByBank({ is_ftc: true, ftc: { ...ftc, bank_iban: ' ' } })).toBe(false);
  });
});

describe('the manual transfer QR', () => {
  it('asks for a token transfer on the invoice chain, or a native one without a token contract', () => {
    const wallet = { network: 'POLYGON' as const, address: RECIPIENT };
    expect(paymentUri({ wallet, contract_address: USDC }, { amount: '12.5000', baseUnits: 12_500_000n })).toBe(
      `ethereum:${USDC}@137/transfer?address=${RECIPIENT}&uint256=12500000`,
    );
    expect(paymentUri({ wallet: { ...wallet, network: 'ETHEREUM' }, contract_address: null }, { amount: '1.0000', baseUnits: 10n ** 18n })).toBe(
      `ethereum:${RECIPIENT}@1?value=1000000000000000000`,
    );
    expect(paymentUri({ wallet: { network: 'BITCOIN', address: 'bc1q' }, contract_address: null }, { amount: '1.0000', baseUnits: 1n })).toBeNull();
    expect(paymentUri({ wallet: null, contract_address: USDC }, { amount: '1.0000', baseUnits: 1n })).toBeNull();
  });
});

describe('the wallet transfer', () => {
  it('switches the wallet to the invoice network', async () => {
    const { provider, calls } = fakeWallet('0x1', ['0x1', '0x89']);
    await switchNetwork(provider, 'POLYGON');
    expect(calls.map((call) => call.method)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'eth_chainId']);
    expect(calls[1]?.params).toEqual([{ chainId: '0x89' }]);
  });

  it('does nothing when the wallet is on the network already', async () => {
    const { provider, calls } = fakeWallet('0x89', ['0x89']);
    await switchNetwork(provider, 'POLYGON');
    expect(calls.map((call) => call.method)).toEqual(['eth_chainId']);
  });

  it('adds the chain on 4902, then uses it', async () => {
    const { provider, calls } = fakeWallet('0x1', ['0x1']);
    await switchNetwork(provider, 'POLYGON');
    const add = calls.find((call) => call.method === 'wallet_addEthereumChain');
    expect(add?.params?.[0]).toMatchObject({ chainId: '0x89', chainName: 'Polygon', nativeCurrency: { decimals: 18 } });
  });

  it('tells the payer when the switch or the add fails', async () => {
    const refused = fakeWallet('0x1', ['0x1', '0x89'], { wallet_switchEthereumChain: Object.assign(new Error('no'), { code: 4001 }) });
    await expect(switchNetwork(refused.provider, 'POLYGON')).rejects.toThrow(new WalletPaymentError('Cannot switch to the Polygon network'));
    const addFails = fakeWallet('0x1', ['0x1'], { wallet_addEthereumChain: new Error('no') });
    await expect(switchNetwork(addFails.provider, 'POLYGON')).rejects.toThrow(new WalletPaymentError('Failed to add Polygon to MetaMask.'));
    // A wallet that says yes and stays where it was.
    const stuck = fakeWallet('0x1', ['0x1', '0x89']);
    const lying: WalletProvider = { request: (args) => (args.method === 'wallet_switchEthereumChain' ? Promise.resolve(null) : stuck.provider.request(args)) };
    await expect(switchNetwork(lying, 'POLYGON')).rejects.toThrow('Cannot switch to the Polygon network');
  });

  it('reads the 4902 code wrapped by mobile wallets', async () => {
    const wrapped = { data: { originalError: { code: 4902 } } };
    const { provider, calls } = fakeWallet('0x1', ['0x1'], {});
    const wrapping: WalletProvider = {
      request: (args) =>
        args.method === 'wallet_switchEthereumChain' && !calls.some((call) => call.method === 'wallet_addEthereumChain')
          ? Promise.reject(wrapped)
          : provider.request(args),
    };
    await switchNetwork(wrapping, 'POLYGON');
    expect(calls.some((call) => call.method === 'wallet_addEthereumChain')).toBe(true);
  });

  it('offers the median of the 50th-percentile priority fees, capped at twice the next base fee plus that', async () => {
    const { provider, calls } = fakeWallet('0x89', ['0x89']);
    expect(await suggestFees(provider)).toEqual({ maxPriorityFeePerGas: 3n, maxFeePerGas: 403n });
    expect(calls[0]?.params).toEqual(['0x5', 'latest', [50]]);
    const none = fakeWallet('0x89', ['0x89'], { eth_feeHistory: new Error('not supported') });
    expect(await suggestFees(none.provider)).toBeNull();
  });

  it('builds an ERC-20 transfer of the exact base units, with 65000 gas on WalletConnect', () => {
    const payment = { kind: 'WALLET_CONNECT', recipient: RECIPIENT, token: USDC, amount: 12_345_600n } as const;
    const transaction = paymentTransaction(payment, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { maxPriorityFeePerGas: 3n, maxFeePerGas: 403n });
    expect(transaction).toMatchObject({ to: USDC, value: '0x0', gas: '0xfde8', maxPriorityFeePerGas: '0x3', maxFeePerGas: '0x193' });
    expect(BigInt(transaction.gas ?? '0')).toBe(WALLET_CONNECT_TOKEN_GAS);
    const call = decodeFunctionData({ abi: erc20Abi, data: transaction.data as `0x${string}` });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([RECIPIENT, 12_345_600n]);
    const injected = paymentTransaction({ ...payment, kind: 'METAMASK' }, RECIPIENT, null);
    expect(injected.gas).toBeUndefined();
    expect(injected.maxFeePerGas).toBeUndefined();
  });

  it('builds a native transfer of the amount in wei', () => {
    expect(paymentTransaction({ kind: 'WALLET_CONNECT', recipient: RECIPIENT, token: null, amount: 10n ** 18n }, RECIPIENT, null)).toEqual({
      from: RECIPIENT,
      to: RECIPIENT,
      value: '0xde0b6b3a7640000',
    });
  });

  it('sends after switching; skips the fee history on BSC; any refusal reads the payment failure text', async () => {
    const polygon = fakeWallet('0x1', ['0x1', '0x89']);
    const payment = { kind: 'METAMASK', walletConnectProjectId: null, network: 'POLYGON', recipient: RECIPIENT, token: USDC, amount: 1n } as const;
    expect(await sendPayment(polygon.provider, RECIPIENT, payment)).toBe(HASH);
    expect(polygon.calls.map((call) => call.method)).toEqual([
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_chainId',
      'eth_feeHistory',
      'eth_sendTransaction',
    ]);
    const bsc = fakeWallet('0x38', ['0x38']);
    await sendPayment(bsc.provider, RECIPIENT, { ...payment, network: 'BINANCE_SMART_CHAIN' });
    expect(bsc.calls.map((call) => call.method)).not.toContain('eth_feeHistory');
    const rejected = fakeWallet('0x89', ['0x89'], { eth_sendTransaction: Object.assign(new Error('User rejected'), { code: 4001 }) });
    await expect(sendPayment(rejected.provider, RECIPIENT, payment)).rejects.toThrow(
      new WalletPaymentError('Something went wrong while paying the invoice!'),
    );
  });
});

describe('how a payment status reads', () => {
  const status: PaymentStatusOut = {
    state: 'DUE',
    summary: 'PARTIALLY_PAID',
    fiat_currency: 'USD',
    total_amount: '250.00000',
    amount_paid: '120.5',
    amount_paid_token: '120.5',
    amount_due: '129.5',
    partially_paid: true,
    overpaid: false,
    paid_late: true,
    payment_reported: true,
    marked_paid: false,
    paid_at: null,
    confirmations_required: 128,
    payments: [],
  };

  it('names the amount paid of the total and the flags in a fixed order', () => {
    expect(amountPaidText(status)).toBe('Paid $120.50 of $250.00');
    expect(paymentFlags(status)).toEqual(['Partially paid', 'Paid late', 'Payment reported']);
    expect(paymentFlags({ ...status, partially_paid: false, paid_late: false, payment_reported: false, overpaid: true, marked_paid: true })).toEqual([
      'Overpaid',
      'Marked paid',
    ]);
    expect(PAYMENT_SUMMARY_TEXT.REPORTED).toBe('Payment reported');
    expect(shortHash(HASH)).toBe('0xabababab…abababab');
  });
});

describe('the bank transfer QR', () => {
  it('holds the EPC transfer of the amount left to pay, to the invoice sender, with its reference', () => {
    const invoice = {
      owner: { company: 'Hopper Consulting', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
      ftc: { bank_iban: 'DE89 3704 0044 0532 0130 00', bank_bic: 'COBADEFFXXX', payment_ref: 'RF18539007547034' },
    } as unknown as PublicInvoiceOut;
    expect(bankQrPayload(invoice, '101.50')?.split('\n')).toEqual([
      'BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Hopper Consulting', 'DE89370400440532013000', 'EUR101.50', '', 'RF18539007547034',
    ]);
    expect(bankQrPayload({ ...invoice, ftc: { ...invoice.ftc, bank_iban: 'DE00 0000' } } as PublicInvoiceOut, '101.50')).toBeNull();
    expect(bankQrPayload({ ...invoice, ftc: null }, '101.50')).toBeNull();
  });

  it('asks for what is left of a partially paid invoice', () => {
    const payment = { partially_paid: true, amount_due: '12.5' } as PublicInvoiceOut['payment'];
    expect(fiatToPay({ total_amount: '25.00000', payment })).toBe('12.5');
    expect(fiatToPay({ total_amount: '25.00000', payment: { ...payment, partially_paid: false } })).toBe('25.00000');
  });
});
