/** Creating and editing contacts (docs/contacts.md), apart from the list: their bodies check addresses. */
import { contactSchema, patchContactSchema } from '../schemas/contact';
import { contactOut } from './contacts';
import { endpoint } from './endpoint';

export const contactChangeEndpoints = {
  /** An Idempotency-Key header makes a repeated create answer the first one. */
  createContact: endpoint({
    method: 'POST',
    path: '/api/contacts',
    access: 'full',
    body: contactSchema,
    response: contactOut,
  }),
  updateContact: endpoint({
    method: 'PATCH',
    path: '/api/contacts/:id',
    access: 'full',
    body: patchContactSchema,
    response: contactOut,
  }),
} as const;
