import type { Hono } from 'hono';
import { documentEndpoints, type DocumentPage } from '../../shared/contract/documents';
import { authOf } from '../http/guards';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';
import { isUuid } from '../lib/ids';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { documentViews } from '../invoices/invoice-view';
import type { Services } from '../services';
import { findDocumentPage } from './document-list';
import { createReport, deleteDocument, updateReport } from './report-store';

/** The `{id}` of a document path, lower-cased; 404 when it cannot be an id. */
function documentIdOf(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** The URL of the page after this one: the same query with the offset moved on. */
function nextPageUrl(publicUrl: string, requestUrl: string, offset: number): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams(url.search);
  params.set('offset', String(offset));
  return `${publicUrl}${url.pathname}?${params.toString()}`;
}

/**
 * Documents (docs/documents.md, docs/data-model.md): GET documents (invoices and reports, filtered, ordered and paged),
 * POST documents (a report; Idempotency-Key honoured), PATCH documents/{id} (a report's name and range) and
 * DELETE documents/{id} (any kind). Reading needs a session, changes full access.
 */
export function registerDocumentRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, documentEndpoints.listDocuments, async (c, { query }) => {
    const { rows, count } = await findDocumentPage(s.db, authOf(c).user.id, query);
    const results = await documentViews(s.db, rows, s.now());
    const seen = query.offset + results.length;
    const page: DocumentPage = {
      results,
      count,
      next: results.length > 0 && seen < count ? nextPageUrl(s.config.publicUrl, c.req.url, seen) : null,
    };
    return page;
  });

  route(app, s, documentEndpoints.createReport, async (c, { body }) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createReport(s.db, authOf(c).user.id, body, s.now(), key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  route(app, s, documentEndpoints.updateReport, async (c, { params, body }) =>
    updateReport(s.db, authOf(c).user.id, documentIdOf(params.id), body, s.now()),
  );

  route(app, s, documentEndpoints.deleteDocument, async (c, { params }) => {
    await deleteDocument(s.db, authOf(c).user.id, documentIdOf(params.id));
    return c.body(null, 204);
  });
}
