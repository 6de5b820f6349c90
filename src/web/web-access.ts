/** The worker's WebAccess: Settings decides, per call, whether local addresses may be fetched. */
import type { WebAccess } from '../shared/web-page';
import { checkAddress, fetchWebPage } from './fetch-page';
import type { WebFetchOptions } from './fetch-page';

export function createWebAccess(allowLocalAddresses: () => boolean, options: Omit<WebFetchOptions, 'allowLocalAddresses'> = {}): WebAccess {
  return {
    refusal(url) {
      const checked = checkAddress(url, allowLocalAddresses());
      return checked.ok ? null : checked.error;
    },
    fetchPage: (url, signal) => fetchWebPage(url, signal, { ...options, allowLocalAddresses: allowLocalAddresses() }),
  };
}
