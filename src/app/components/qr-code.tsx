import { useEffect, useRef, useState } from 'react';
import styles from './qr-code.module.css';

interface QrCodeProps {
  /** The text the code holds. */
  value: string;
  /** What the code is, for screen readers ('Scan to pay with a phone wallet'). */
  label: string;
  /**
   * Encode the text as UTF-8 bytes without an ECI marker (what EPC bank QR codes expect); otherwise the shortest
   * encoding of the text is chosen.
   */
  utf8Bytes?: boolean;
  /** The largest QR version allowed (EPC codes stop at 13). */
  maxVersion?: number;
}

/**
 * A QR code drawn on a canvas (one pixel per module, scaled up sharply by CSS) with a quiet zone of 4 modules.
 * lean-qr is loaded when the first code is drawn.
 */
export function QrCode({ value, label, utf8Bytes = false, maxVersion = 40 }: QrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failedValue, setFailedValue] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('lean-qr')
      .then(({ correction, generate, mode }) => {
        const target = canvas.current;
        if (cancelled || target === null) return;
        const data = utf8Bytes ? mode.bytes(new TextEncoder().encode(value)) : value;
        generate(data, { minCorrectionLevel: correction.M, maxVersion }).toCanvas(target, {
          on: [0, 0, 0, 255],
          off: [255, 255, 255, 255],
          pad: 4,
        });
      })
      .catch((error: unknown) => {
        console.error('Drawing the QR code failed', error);
        if (!cancelled) setFailedValue(value);
      });
    return () => {
      cancelled = true;
    };
  }, [value, utf8Bytes, maxVersion]);

  if (failedValue === value) return <p className="muted">The QR code could not be drawn. Use the details instead.</p>;
  return <canvas ref={canvas} className={styles.code} role="img" aria-label={label} />;
}
