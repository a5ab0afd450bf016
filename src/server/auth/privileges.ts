import type { Config } from '../config/env';

export interface Privileges {
  isStaff: boolean;
  isSuperuser: boolean;
}

/**
 * Staff and superuser rights granted by the STAFF_/SUPERUSER_ lists to a signing-in e-mail or wallet address.
 * They only ever add rights; removing someone from a list does not demote an existing account.
 */
export function privilegesFor(
  config: Pick<Config, 'staffEmails' | 'staffAddresses' | 'superuserEmails' | 'superuserAddresses'>,
  identity: { email?: string; address?: string },
): Privileges {
  const email = identity.email?.trim().toLowerCase();
  const address = identity.address?.trim().toLowerCase();
  const isSuperuser =
    (email !== undefined && config.superuserEmails.includes(email)) ||
    (address !== undefined && config.superuserAddresses.includes(address));
  const isStaff =
    isSuperuser ||
    (email !== undefined && config.staffEmails.includes(email)) ||
    (address !== undefined && config.staffAddresses.includes(address));
  return { isStaff, isSuperuser };
}
