/**
 * POST ftc/webhook: the partner's notifications (docs/fiat-to-crypto.md). Each delivery carries an HMAC-SHA256 of
 * its raw body under FTC_WEBHOOK_SECRET in `X-Unblock-Signature` (hex); anything else is refused before the body
 * is read as JSON. Each event id is processed once: the event is recorded in the transaction that applies it, so
 * a repeated delivery, or one racing the first, changes nothing.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { KYC_STATES } from '../../shared/enums';
import { ftcEndpoints } from '../../shared/contract/ftc';
import { ftcWebhookSchema } from '../../shared/schemas/ftc';
import { safeEqual } from '../auth/tokens';
import { ftcProfiles, ftcWebhookEvents, users } from '../db/schema';
import { ApiError, nonFieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { issuesToFieldErrors } from '../http/validation';
import { kycFromPartnerStatus } from '../providers/ftc/ftc-partner';
import type { Services } from '../services';
import { partnerTransferSchema, recordTransfer } from './ftc-transfers';

export const FTC_SIGNATURE_HEADER = 'x-unblock-signature';
export const KYC_EVENT = 'KYC_STATUS_CHANGED';
export const TRANSFER_EVENT = 'FIAT_TRANSFER_RECEIVED';

const kycEventSchema = v.object({ user_uuid: v.string(), status: v.string() });

export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, issuesToFieldErrors(result.issues));
  return result.output;
}

export function registerFtcWebhookRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, ftcEndpoints.ftcWebhook, async (c) => {
    const secret = s.config.ftc?.webhookSecret;
    if (secret === undefined) throw new ApiError(503, { detail: 'Webhook not configured.' });
    const body = await c.req.text();
    const given = (c.req.header(FTC_SIGNATURE_HEADER) ?? '').trim().toLowerCase().replace(/^sha256=/, '');
    if (!safeEqual(given, webhookSignature(secret, body))) throw new ApiError(401, { detail: 'Invalid signature.' });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw nonFieldError('Malformed JSON body.');
    }
    const event = parse(ftcWebhookSchema, json);
    const transfer = event.type === TRANSFER_EVENT ? parse(partnerTransferSchema, event.data) : null;
    const kyc = event.type === KYC_EVENT ? parse(kycEventSchema, event.data) : null;
    const now = s.now();
    const processed = await s.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(ftcWebhookEvents)
        .values({ eventId: event.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: ftcWebhookEvents.eventId });
      if (fresh === undefined) return false;
      if (transfer !== null) {
        const recorded = await recordTransfer(tx, transfer, now);
        if (recorded === null) s.logger.info('Fiat transfer not recorded (known already, or no account here)', { event: event.id });
      }
      if (kyc !== null) {
        const state = kycFromPartnerStatus(kyc.status);
        if (!(KYC_STATES as readonly string[]).includes(state)) return true;
        const [profile] = await tx
          .update(ftcProfiles)
          .set({ kyc: state, updatedAt: now })
          .where(eq(ftcProfiles.partnerUserUuid, kyc.user_uuid))
          .returning({ userId: ftcProfiles.userId });
        if (profile !== undefined) await tx.update(users).set({ kyc: state, updatedAt: now }).where(eq(users.id, profile.userId));
      }
      return true;
    });
    return { processed };
  });
}
