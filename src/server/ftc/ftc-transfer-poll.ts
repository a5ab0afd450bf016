/**
 * The polling fallback for incoming bank transfers (docs/fiat-to-crypto.md): the partner's webhook may be lost or
 * late, so every few minutes the server asks the partner for the transfers each account with open fiat-to-crypto
 * invoices received, and records each through the same path as the webhook. A transfer counts once by its partner
 * id, whichever way it arrives first.
 */
import { and, eq, inArray, isNotNull, min } from 'drizzle-orm';
import * as v from 'valibot';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { documents, ftcProfiles, invoices } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import type { FtcPartner } from '../providers/ftc/ftc-partner';
import { isProviderError } from '../providers/http/provider-error';
import { createFtcPartner } from './create-ftc-partner';
import { PAYABLE_STATES, partnerTransferSchema, recordTransfer } from './ftc-transfers';

export const FTC_TRANSFER_POLL_JOB = 'ftc-transfer-poll';
/** How often the accounts are asked. */
export const FTC_TRANSFER_POLL_MINUTES = 10;
/** Transfers are asked from this long before the oldest open invoice was created (clocks differ). */
const SINCE_MARGIN_MS = 24 * 3600_000;

export interface FtcPollDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  partner: FtcPartner;
}

export interface FtcPollReport {
  accounts: number;
  /** Transfers recorded now (the rest were known already). */
  recorded: number;
  failed: number;
}

/** One poll over every account with an open fiat-to-crypto invoice. */
export async function pollFtcTransfers(deps: FtcPollDeps): Promise<FtcPollReport> {
  const accounts = await deps.db
    .select({ partnerUserUuid: ftcProfiles.partnerUserUuid, bankUuid: ftcProfiles.bankUuid, oldest: min(invoices.createdAt) })
    .from(ftcProfiles)
    .innerJoin(invoices, and(eq(invoices.userId, ftcProfiles.userId), eq(invoices.isFtc, true)))
    .innerJoin(documents, eq(documents.id, invoices.documentId))
    .where(and(isNotNull(ftcProfiles.bankUuid), isNotNull(ftcProfiles.partnerUserUuid), inArray(documents.state, PAYABLE_STATES)))
    .groupBy(ftcProfiles.partnerUserUuid, ftcProfiles.bankUuid);
  const report: FtcPollReport = { accounts: accounts.length, recorded: 0, failed: 0 };
  for (const account of accounts) {
    if (account.partnerUserUuid === null || account.bankUuid === null || account.oldest === null) continue;
    const since = new Date(new Date(account.oldest).getTime() - SINCE_MARGIN_MS);
    let listed;
    try {
      listed = await deps.partner.incomingTransfers(account.partnerUserUuid, account.bankUuid, since);
    } catch (error) {
      if (!isProviderError(error)) throw error;
      // One account's failure does not hold up the others; the next poll asks again.
      report.failed += 1;
      deps.logger.warn('Fiat partner: transfer listing failed', { kind: error.kind, status: error.status, detail: error.detail });
      continue;
    }
    for (const item of listed) {
      const parsed = v.safeParse(partnerTransferSchema, item);
      if (!parsed.success) {
        deps.logger.warn('Fiat partner: a listed transfer was not understood', { transfer: item.transfer_uuid });
        continue;
      }
      const recorded = await deps.db.transaction((tx) => recordTransfer(tx, parsed.output, deps.now()));
      if (recorded !== null) report.recorded += 1;
    }
  }
  if (report.recorded + report.failed > 0) deps.logger.info('Fiat transfer poll', { ...report });
  return report;
}

/** Works the poll job and queues it every FTC_TRANSFER_POLL_MINUTES (nothing without a configured partner). */
export async function registerFtcJobs(queue: JobQueue, deps: { db: Database; config: Config; logger: Logger; now: () => Date }): Promise<void> {
  const partner = createFtcPartner(deps);
  if (partner === null) return;
  await queue.work(FTC_TRANSFER_POLL_JOB, async () => void (await pollFtcTransfers({ ...deps, partner })), { concurrency: 1 });
  await queue.schedule(FTC_TRANSFER_POLL_JOB, { everyMinutes: FTC_TRANSFER_POLL_MINUTES });
}
