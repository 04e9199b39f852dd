import { useEffect, useState } from 'react';

/**
 * A QR code of `url` as an SVG data URL (undefined while it is made, `failed`
 * if it could not be). The encoder is loaded on demand: only the pages that
 * show a link need it (an invite, a one-page profile's share link).
 */
export function useQrCode(url: string | undefined): string | 'failed' | undefined {
  const [qr, setQr] = useState<string | 'failed' | undefined>();
  useEffect(() => {
    setQr(undefined);
    if (!url) return;
    let stopped = false;
    import('qrcode')
      .then((QR) => QR.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!stopped) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (!stopped) setQr('failed');
      });
    return () => {
      stopped = true;
    };
  }, [url]);
  return qr;
}

/** Copies a link; when the clipboard refuses, selects it in its field for the person to copy. */
export async function copyLink(url: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    field?.select();
    return false;
  }
}
