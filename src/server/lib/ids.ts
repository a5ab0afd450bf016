const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids are UUIDs; anything else cannot name a row (404 without asking the database). */
export const isUuid = (id: string): boolean => UUID.test(id);
