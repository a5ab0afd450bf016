/**
 * Rate limits of the payer's anonymous calls, counted in the database like the sign-in limits: per client IP, and
 * per client IP and invoice. A stranger spends only their own IP's budget, never a payer's or an invoice's.
 */
import type { Context } from 'hono';
import { consumeRateLimit } from '../auth/rate-limit';
import { clientIp } from '../http/client-ip';
import type { Services } from '../services';

export const PAY_WINDOW_MS = 15 * 60_000;

export async function limitPayer(c: Context, s: Services, invoiceId: string | null): Promise<void> {
  const ip = clientIp(c, s.config.trustProxy);
  const now = s.now();
  await consumeRateLimit(s.db, { key: `pay-ip:${ip}`, limit: s.config.payments.rateLimitPerIp, windowMs: PAY_WINDOW_MS, now });
  if (invoiceId !== null) {
    await consumeRateLimit(s.db, { key: `pay-invoice:${ip}:${invoiceId}`, limit: s.config.payments.rateLimitPerInvoice, windowMs: PAY_WINDOW_MS, now });
  }
}
