/**
 * Delivers one message: through SMTP (nodemailer, SMTP_URL) or, without a mail server, as an .eml file in the
 * outbox folder under DATA_DIR that the operator can open with any mail program.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config/env';
import type { MailAttachment } from '../db/schema';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: readonly MailAttachment[];
}

export interface MailTransport {
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

const toNodemailer = (from: string, m: MailMessage) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
});

export function createMailTransport(config: MailConfig): MailTransport {
  if (config.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    const url = new URL(config.smtpUrl);
    return {
      description: `SMTP ${url.protocol}//${url.host}`,
      async send(message) {
        await transport.sendMail(toNodemailer(config.from, message));
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `the outbox folder ${config.outboxDir}`,
    async send(message) {
      const info = await files.sendMail(toNodemailer(config.from, message));
      await mkdir(config.outboxDir, { recursive: true });
      await writeFile(join(config.outboxDir, `${message.id}.eml`), info.message as Buffer);
    },
  };
}
