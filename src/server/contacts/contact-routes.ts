import type { Hono } from 'hono';
import * as v from 'valibot';
import { API } from '../../shared/api-paths';
import { contactSchema, patchContactSchema } from '../../shared/schemas/contact';
import { authOf, requireFullAccess, requireUser } from '../auth/guards';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { jsonBody, queryParams } from '../http/validation';
import { searchParam } from '../lib/search-text';
import type { Services } from '../services';
import { CONTACT_ORDERINGS, findContacts } from './contact-list';
import { createContact, deleteContact, updateContact } from './contact-store';
import { contactViews } from './contact-view';
import { idempotencyKeyOf, replayHeaders } from '../lib/idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of a contact path, lower-cased; 404 when it cannot be an id. */
function contactIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

const listContactsQuerySchema = v.object({
  ordering: v.optional(
    v.picklist(CONTACT_ORDERINGS, `Choose one of: ${CONTACT_ORDERINGS.join(', ')}.`),
    'first_name',
  ),
  search: searchParam,
});

/**
 * Contacts (docs/contacts.md, docs/data-model.md): GET contacts (ordering, search; by name by default),
 * POST contacts (Idempotency-Key honoured), PATCH and DELETE contacts/{id}. Reading needs a session, changes
 * full access.
 */
export function registerContactRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(API.contacts, requireUser, queryParams(listContactsQuerySchema), async (c) => {
    const { ordering, search } = c.req.valid('query');
    const rows = await findContacts(s.db, authOf(c).user.id, { ordering, search });
    return c.json(await contactViews(s.db, rows));
  });

  app.post(API.contacts, requireFullAccess, jsonBody(contactSchema), async (c) => {
    const key = idempotencyKeyOf(c);
    const { value, replayed } = await createContact(s.db, authOf(c).user.id, c.req.valid('json'), s.now(), key);
    return c.json(value, 201, replayHeaders(replayed));
  });

  app.patch(`${API.contacts}/:id`, requireFullAccess, jsonBody(patchContactSchema), async (c) => {
    const id = contactIdOf(c.req.param('id'));
    return c.json(await updateContact(s.db, authOf(c).user.id, id, c.req.valid('json'), s.now()));
  });

  app.delete(`${API.contacts}/:id`, requireFullAccess, async (c) => {
    await deleteContact(s.db, authOf(c).user.id, contactIdOf(c.req.param('id')));
    return c.body(null, 204);
  });
}
