/**
 * The identity-verification widget host, loaded only when the wizard reaches it: the partner's verification page
 * (or FTC_KYC_WIDGET_URL) in a frame, given the applicant token in the URL fragment so it never reaches a server
 * log. The frame may use the camera for the document and selfie steps.
 */
export default function KycWidget({ url, token }: { url: string; token: string }) {
  return (
    <iframe
      title="Identity verification"
      src={`${url}#token=${encodeURIComponent(token)}`}
      allow="camera; microphone; fullscreen"
      style={{ width: '100%', minHeight: '480px', border: '1px solid var(--border, #ccc)', borderRadius: '8px' }}
    />
  );
}
