/**
 * The e-mail outbox: a message queued once per event, kept and retried with backoff while the mail server cannot be
 * reached, then delivered; without SMTP it is written as an .eml file under DATA_DIR/outbox.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logging/logger';
import { MAIL_RETRY_BASE_MS, sendDueMail } from '../../src/server/mail/mail-job';
import { queueMail } from '../../src/server/mail/mail-outbox';
import { createMailTransport } from '../../src/server/mail/mail-transport';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';

describe.each(availableDrivers())('mail outbox on %s', (kind) => {
  const suite = setupSuite(kind);

  it('keeps a message the server refused, retries it later with backoff, and writes it to the outbox folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const now = new Date('2026-01-01T10:00:00Z');
      const mail = { to: 'owner@example.com', subject: 'Invoice X is paid', text: 'Paid.', dedupeKey: 'paid:x' };
      expect(await queueMail(suite, mail, now)).toBe(true);
      expect(await queueMail(suite, mail, now)).toBe(false);
      const logger = createLogger('silent');
      const down = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Ledgerloop <no-reply@localhost>', outboxDir: dir });
      expect(await sendDueMail({ db: suite.db, logger, now: () => now, transport: down })).toBe(0);
      const [kept] = await suite.db.select().from(mailOutbox);
      expect(kept).toMatchObject({ status: 'QUEUED', attempts: 1 });
      expect(kept?.nextAttemptAt.getTime()).toBe(now.getTime() + MAIL_RETRY_BASE_MS);
      expect(kept?.lastError).toBeTruthy();
      const files = createMailTransport({ smtpUrl: undefined, from: 'Ledgerloop <no-reply@localhost>', outboxDir: dir });
      // Not due yet: nothing is sent before the retry time.
      expect(await sendDueMail({ db: suite.db, logger, now: () => now, transport: files })).toBe(0);
      const later = new Date(now.getTime() + MAIL_RETRY_BASE_MS);
      expect(await sendDueMail({ db: suite.db, logger, now: () => later, transport: files })).toBe(1);
      const [sent] = await suite.db.select().from(mailOutbox);
      expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
      const [file] = readdirSync(dir);
      expect(file).toBe(`${sent?.id ?? ''}.eml`);
      const eml = readFileSync(join(dir, file ?? ''), 'utf8');
      expect(eml).toContain('To: owner@example.com');
      expect(eml).toContain('Subject: Invoice X is paid');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
