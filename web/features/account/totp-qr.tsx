import { useEffect } from 'react';
import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code for an authenticator app to scan. Drawn as React SVG from the
 * module matrix (no HTML string), so nothing in the URI can become markup. Loaded only when set up;
 * `onDrawn` runs once it is on the page (so the set-up can be brought into view with it).
 */
export default function TotpQr({ uri, onDrawn }: { uri: string; onDrawn?: () => void }) {
  const { data, size } = encode(uri, { border: 2, ecc: 'M' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per code drawn, not per render of the caller.
  useEffect(() => {
    onDrawn?.();
  }, [uri]);
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="totp-qr"
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
