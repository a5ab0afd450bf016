/** What other features use of contacts. */
export { ContactFormDialog } from './contact-form-dialog';
export { CONTACT_LABELS_SCOPE, contactKeys, contactMutationKeys } from './contact-keys';
export { contactsQuery, createContactDefaults, deleteContactDefaults, setContactLabelsDefaults, updateContactDefaults } from './contact-queries';
export { contactName, filterContacts } from './contact-search';
