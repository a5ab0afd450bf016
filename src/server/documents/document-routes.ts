import type { Hono } from 'hono';
import { API } from '../../shared/api-paths';
import type { DocumentPage } from '../../shared/document-types';
import { patchReportSchema, reportSchema } from '../../shared/schemas/document';
import { authOf, requireFullAccess, requireUser } from '../auth/guards';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';
import { isUuid } from '../lib/ids';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { jsonBody, queryParams } from '../http/validation';
import { documentViews } from '../invoices/invoice-view';
import type { Services } from '../services';
import { findDocumentPage } from './document-list';
import { documentListQuerySchema } from './document-query';
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
  app.get(API.documents, requireUser, queryParams(documentListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { rows, count } = await findDocumentPage(s.db, authOf(c).user.id, query);
    const results = await documentViews(s.db, rows, s.now());
    const seen = query.offset + results.length;
    const page: DocumentPage = {
      results,
      count,
      next: results.length > 0 && seen < count ? nextPageUrl(s.config.publicUrl, c.req.url, seen) : null,
    };
    return c.json(page);
  });

  app.post(API.documents, requireFullAccess, jsonBody(reportSchema), async (c) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createReport(s.db, authOf(c).user.id, c.req.valid('json'), s.now(), key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  app.patch(`${API.documents}/:id`, requireFullAccess, jsonBody(patchReportSchema), async (c) => {
    const id = documentIdOf(c.req.param('id'));
    return c.json(await updateReport(s.db, authOf(c).user.id, id, c.req.valid('json'), s.now()));
  });

  app.delete(`${API.documents}/:id`, requireFullAccess, async (c) => {
    await deleteDocument(s.db, authOf(c).user.id, documentIdOf(c.req.param('id')));
    return c.body(null, 204);
  });
}
