import type { Hono } from 'hono';
import { isValidAddress, networksForAddress, normalizeAddress } from '../../shared/address-validation';
import { API } from '../../shared/api-paths';
import type { ValidatedAddress } from '../../shared/api-types';
import { NETWORK_LABELS } from '../../shared/enums';
import { MESSAGES } from '../../shared/messages';
import { validateAddressSchema } from '../../shared/schemas/auth';
import { fieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { jsonBody } from '../http/validation';

/** POST validate-address {address, network}: the normalised address and the networks it is valid on. */
export function registerValidateAddressRoutes(app: Hono<AppEnv>): void {
  app.post(API.validateAddress, jsonBody(validateAddressSchema), (c) => {
    const { address, network } = c.req.valid('json');
    if (network === 'ALL') {
      const networks = networksForAddress(address);
      const first = networks[0];
      if (first === undefined) throw fieldError('address', MESSAGES.invalidAddress);
      const result: ValidatedAddress = { address: normalizeAddress(address, first), networks };
      return c.json(result);
    }
    if (!isValidAddress(address, network)) {
      throw fieldError('address', `Enter a valid ${NETWORK_LABELS[network]} address.`);
    }
    const result: ValidatedAddress = { address: normalizeAddress(address, network), networks: [network] };
    return c.json(result);
  });
}
