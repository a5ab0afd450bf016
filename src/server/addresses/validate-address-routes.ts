import type { Hono } from 'hono';
import { isValidAddress, networksForAddress, normalizeAddress } from '../../shared/address-validation';
import { addressEndpoints } from '../../shared/contract/addresses';
import { NETWORK_LABELS } from '../../shared/enums';
import { MESSAGES } from '../../shared/messages';
import { fieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';

/** POST validate-address {address, network}: the normalised address and the networks it is valid on. */
export function registerValidateAddressRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, addressEndpoints.validateAddress, (_c, { body }) => {
    const { address, network } = body;
    if (network === 'ALL') {
      const networks = networksForAddress(address);
      const first = networks[0];
      if (first === undefined) throw fieldError('address', MESSAGES.invalidAddress);
      return { address: normalizeAddress(address, first), networks };
    }
    if (!isValidAddress(address, network)) {
      throw fieldError('address', `Enter a valid ${NETWORK_LABELS[network]} address.`);
    }
    return { address: normalizeAddress(address, network), networks: [network] };
  });
}
