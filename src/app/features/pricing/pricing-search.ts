/** /pricing?payment=success|cancelled: where Stripe's checkout sends the subscriber back. */
export interface PricingSearch {
  payment?: 'success' | 'cancelled';
}

export function parsePricingSearch(search: Record<string, unknown>): PricingSearch {
  return search.payment === 'success' || search.payment === 'cancelled' ? { payment: search.payment } : {};
}
