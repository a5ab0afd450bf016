import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceOut } from '../../shared/contract/invoices';
import type { InvoiceInput } from '../../shared/schemas/invoice';
import type { Database } from '../db/database';
import { registerPaymentReference } from '../ftc/ftc-invoice';
import { documents, documentWallets, invoiceIssues, invoiceItems, invoices, users, type DocumentRow, type InvoiceRow } from '../db/schema';
import { forbidden, notFound } from '../http/api-error';
import type { Created } from '../labels/label-store';
import { MESSAGES } from '../../shared/messages';
import { documentViews } from './invoice-view';
import { invoiceLimit } from '../plans/invoice-limit';
import type { PreparedInvoice } from './invoice-prepare';

export interface StoredInvoice {
  document: DocumentRow;
  invoice: InvoiceRow;
}

/** An invoice by its id with its document; `userId` limits it to that owner's. */
export async function findInvoice(db: Database, invoiceId: string, userId?: string): Promise<StoredInvoice | undefined> {
  const [row] = await db
    .select({ document: documents, invoice: invoices })
    .from(invoices)
    .innerJoin(documents, eq(documents.id, invoices.documentId))
    .where(userId === undefined ? eq(invoices.id, invoiceId) : and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row;
}

/** The API shape of a stored invoice (its document's view's nested invoice). */
export async function invoiceOut(db: Database, document: DocumentRow, now: Date): Promise<InvoiceOut> {
  const [view] = await documentViews(db, [document], now);
  if (view?.invoice == null) throw new Error('An invoice view went missing.');
  return view.invoice;
}

async function writeParts(tx: Database, documentId: string, invoiceId: string, prepared: PreparedInvoice): Promise<void> {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (prepared.items.length > 0) await tx.insert(invoiceItems).values(prepared.items.map((item) => ({ ...item, invoiceId })));
  await tx.delete(documentWallets).where(eq(documentWallets.documentId, documentId));
  if (prepared.walletId !== null) await tx.insert(documentWallets).values({ documentId, walletId: prepared.walletId });
}

async function documentByKey(db: Database, userId: string, key: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, 'INVOICE'), eq(documents.idempotencyKey, key)));
  return row;
}

/** The invoice an earlier POST with this Idempotency-Key made, if any. */
export async function invoiceByKey(db: Database, userId: string, key: string, now: Date): Promise<InvoiceOut | undefined> {
  const row = await documentByKey(db, userId, key);
  return row === undefined ? undefined : invoiceOut(db, row, now);
}

/**
 * Creates an invoice (its INVOICE document, the invoice row, items in order and the receiving wallet's link) in
 * one database transaction. The plan's yearly limit is counted with the user's row locked, so concurrent creates
 * cannot pass it together; a replayed Idempotency-Key answers with the invoice it made.
 */
export async function createInvoice(
  db: Database,
  userId: string,
  prepared: PreparedInvoice,
  now: Date,
  idempotencyKey?: string,
): Promise<Created<InvoiceOut>> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (idempotencyKey !== undefined) {
      const earlier = await documentByKey(tx, userId, idempotencyKey);
      if (earlier !== undefined) return { value: await invoiceOut(tx, earlier, now), replayed: true };
    }
    const limit = await invoiceLimit(tx, userId, now);
    if (!limit.can_create) throw forbidden(MESSAGES.invoiceLimit(limit.limit ?? 0));
    const [document] = await tx
      .insert(documents)
      .values({ userId, kind: 'INVOICE', name: prepared.name, state: prepared.state, idempotencyKey: idempotencyKey ?? null, createdAt: now, updatedAt: now })
      .returning();
    if (document === undefined) throw new Error('A document insert returned no row.');
    const [invoice] = await tx
      .insert(invoices)
      .values({ ...prepared.invoice, documentId: document.id, userId, createdAt: now, updatedAt: now })
      .returning({ id: invoices.id });
    if (invoice === undefined) throw new Error('An invoice insert returned no row.');
    await writeParts(tx, document.id, invoice.id, prepared);
    if (prepared.state === 'DUE') await recordIssue(tx, userId, invoice.id, now);
    await registerPaymentReference(tx, invoice.id, userId, prepared.invoice.ftc);
    return { value: await invoiceOut(tx, document, now), replayed: false };
  });
}

/** Replaces a draft's fields (the caller checked it is the user's draft); 400 if it stopped being one meanwhile. */
export async function updateDraft(db: Database, stored: StoredInvoice, prepared: PreparedInvoice, now: Date): Promise<InvoiceOut> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .update(documents)
      .set({ name: prepared.name, state: prepared.state, updatedAt: now })
      .where(and(eq(documents.id, stored.document.id), eq(documents.state, 'DRAFT')))
      .returning();
    if (document === undefined) throw notFound();
    await tx.update(invoices).set({ ...prepared.invoice, updatedAt: now }).where(eq(invoices.id, stored.invoice.id));
    await registerPaymentReference(tx, stored.invoice.id, stored.invoice.userId, prepared.invoice.ftc);
    await writeParts(tx, document.id, stored.invoice.id, prepared);
    if (prepared.state === 'DUE') {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, stored.invoice.userId)).for('update');
      const limit = await invoiceLimit(tx, stored.invoice.userId, now);
      if (!limit.can_create) throw forbidden(MESSAGES.invoiceLimit(limit.limit ?? 0));
      await recordIssue(tx, stored.invoice.userId, stored.invoice.id, now);
    }
    return invoiceOut(tx, document, now);
  });
}

/**
 * An invoice is issued (sent as DUE): payments found on the chain count from now, and it counts towards the yearly
 * invoice limit of this year for good, even once deleted.
 */
async function recordIssue(tx: Database, userId: string, invoiceId: string, now: Date): Promise<void> {
  await tx.update(invoices).set({ sentAt: now }).where(eq(invoices.id, invoiceId));
  await tx.insert(invoiceIssues).values({ invoiceId, userId, issuedAt: now }).onConflictDoNothing();
}

/** Moves an invoice from `from` to `to` (compare-and-set); false when its state changed meanwhile. */
export async function changeState(db: Database, documentId: string, from: string, to: string, now: Date): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(documents)
    .set({ state: to, updatedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.state, from)))
    .returning();
  return row;
}

/** Deletes one of the user's invoices with its document (items and links go with it); 404 for anyone else's. */
export async function deleteInvoice(db: Database, userId: string, invoiceId: string): Promise<void> {
  const deleted = await db
    .delete(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.kind, 'INVOICE'),
        sql`${documents.id} = (select ${invoices.documentId} from ${invoices} where ${invoices.id} = ${invoiceId})`,
      ),
    )
    .returning({ id: documents.id });
  if (deleted.length === 0) throw notFound();
}

/** A stored invoice as the body of a create, so an edit can be merged over it and validated as a whole. */
export async function storedInput(db: Database, stored: StoredInvoice): Promise<InvoiceInput> {
  const row = stored.invoice;
  const items = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.position));
  return {
    name: stored.document.name,
    kind: row.template as InvoiceInput['kind'],
    number: row.number,
    vendor: row.vendor,
    project_name: row.projectName,
    covering_period: row.coveringPeriod,
    state: 'DRAFT',
    issued_at: row.issuedAt,
    expires_at: row.expiresAt,
    fiat_currency: row.fiatCurrency,
    message: row.message,
    contact: row.contactId,
    owner: row.owner,
    wallet: row.walletId,
    token: row.tokenId,
    is_ftc: row.isFtc,
    download_only: row.downloadOnly,
    attachments: row.attachments,
    items: items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      discount: item.discount,
      discount_is_percent: item.discountIsPercent,
      tax: item.tax,
      tax_is_percent: item.taxIsPercent,
    })),
  };
}
