/**
 * The identity-verification widget (docs/fiat-to-crypto.md): the Sumsub web SDK, in a module loaded only when the
 * wizard reaches it, so the SDK stays out of every other chunk. The SDK frames its verification page from
 * `baseUrl` (FTC_KYC_BASE_URL; '' lets the SDK choose Sumsub's own) and hands it the applicant's access token by
 * postMessage, so the token never appears in a URL. When the token expires the SDK asks `refreshToken` for a new
 * one; the applicant's review status as the page reports it goes to `onStatus`.
 */
import snsWebSdk from '@sumsub/websdk';
import { useEffect, useRef } from 'react';

export interface KycWidgetProps {
  baseUrl: string;
  token: string;
  refreshToken: () => Promise<string>;
  onStatus: (reviewStatus: string) => void;
}

export default function KycWidget({ baseUrl, token, refreshToken, onStatus }: KycWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  // The SDK is launched once per token; the callbacks it holds read the latest props.
  const callbacks = useRef({ refreshToken, onStatus });
  useEffect(() => {
    callbacks.current = { refreshToken, onStatus };
  }, [refreshToken, onStatus]);

  useEffect(() => {
    const element = container.current;
    if (element === null) return undefined;
    const builder = snsWebSdk
      .init(token, () => callbacks.current.refreshToken())
      .withConf({ lang: 'en' })
      .withOptions({ addViewportTag: false, adaptIframeHeight: true })
      .on('idCheck.onApplicantStatusChanged', (payload) => callbacks.current.onStatus(payload.reviewStatus))
      .on('idCheck.applicantStatus', (payload) => callbacks.current.onStatus(payload.reviewStatus))
      .on('idCheck.onApplicantSubmitted', () => callbacks.current.onStatus('pending'));
    const sdk = (baseUrl === '' ? builder : builder.withBaseUrl(baseUrl)).build();
    sdk.launch(element);
    element.querySelector('iframe')?.setAttribute('title', 'Identity verification');
    return () => sdk.destroy();
  }, [baseUrl, token]);

  return <div ref={container} style={{ width: '100%', minHeight: '480px', border: '1px solid var(--border, #ccc)', borderRadius: '8px', overflow: 'hidden' }} />;
}
