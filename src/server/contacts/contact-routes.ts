import type { Hono } from 'hono';
import { contactChangeEndpoints } from '../../shared/contract/contact-changes';
import { contactEndpoints } from '../../shared/contract/contacts';
import { authOf } from '../http/guards';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { findContacts } from './contact-list';
import { createContact, deleteContact, updateContact } from './contact-store';
import { contactViews } from './contact-view';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of a contact path, lower-cased; 404 when it cannot be an id. */
function contactIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

/**
 * Contacts (docs/contacts.md, docs/data-model.md): GET contacts (ordering, search; by name by default),
 * POST contacts (Idempotency-Key honoured), PATCH and DELETE contacts/{id}. Reading needs a session, changes
 * full access.
 */
export function registerContactRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, contactEndpoints.listContacts, async (c, { query }) => {
    const rows = await findContacts(s.db, authOf(c).user.id, query);
    return contactViews(s.db, rows);
  });

  route(app, s, contactChangeEndpoints.createContact, async (c, { body }) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createContact(s.db, authOf(c).user.id, body, s.now(), key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  route(app, s, contactChangeEndpoints.updateContact, async (c, { params, body }) =>
    updateContact(s.db, authOf(c).user.id, contactIdOf(params.id), body, s.now()),
  );

  route(app, s, contactEndpoints.deleteContact, async (c, { params }) => {
    await deleteContact(s.db, authOf(c).user.id, contactIdOf(params.id));
    return c.body(null, 204);
  });
}
