import Big from 'big.js';
import type { PlanCode } from '../../shared/enums';
import { PLAN_LABELS } from '../../shared/enums';
import { ANNUAL_DISCOUNT_PERCENT } from '../../shared/schemas/billing';


/** Twelve months less the annual discount, to the cent: 19.00 a month gives 209.76 a year. */
export function annualPrice(monthly: string): string {
  return new Big(monthly)
    .times(12)
    .times(new Big(100).minus(ANNUAL_DISCOUNT_PERCENT))
    .div(100)
    .round(2, Big.roundHalfUp)
    .toFixed(2);
}

export interface PlanDefinition {
  code: PlanCode;
  name: string;
  maxNumWallets: number | null;
  maxNumTransactions: number | null;
  maxNumInvoices: number | null;
  /** Euro, two decimals; null: individual price. */
  monthlyPrice: string | null;
  annualPrice: string | null;
  sortOrder: number;
}

/** The PLUS price per month in euro unless PLUS_MONTHLY_PRICE_EUR says otherwise. */
export const PLUS_MONTHLY_PRICE = '19.00';

/** The plans every installation starts with (upserted at start-up). */
export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  {
    code: 'STARTER',
    name: PLAN_LABELS.STARTER,
    maxNumWallets: 1,
    maxNumTransactions: 1000,
    maxNumInvoices: 10,
    monthlyPrice: '0.00',
    annualPrice: '0.00',
    sortOrder: 0,
  },
  {
    code: 'PLUS',
    name: PLAN_LABELS.PLUS,
    maxNumWallets: 10,
    maxNumTransactions: 100_000,
    maxNumInvoices: null,
    monthlyPrice: PLUS_MONTHLY_PRICE,
    annualPrice: annualPrice(PLUS_MONTHLY_PRICE),
    sortOrder: 1,
  },
  {
    code: 'ENTERPRISE',
    name: PLAN_LABELS.ENTERPRISE,
    maxNumWallets: null,
    maxNumTransactions: null,
    maxNumInvoices: null,
    monthlyPrice: null,
    annualPrice: null,
    sortOrder: 2,
  },
];
