/**
 * Pictures the debtor scans: the EPC QR code of a bank transfer and the barcode of a cash payment
 * slip, as SVG (for the page) and PNG data URLs (for the mail). Rendered on the server; no script.
 */

// The encoders are loaded with the first picture asked for: bwip-js alone is 2.3 MB of source
// that a server would otherwise hold from its start for a page few debtors open.
const qrcode = () => import('qrcode').then((module) => module.default);

/** The EPC QR code as an SVG data URL (error correction M, as the EPC guideline asks). */
export async function qrSvgDataUrl(payload: string): Promise<string> {
  const svg = await (await qrcode()).toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function qrPngDataUrl(payload: string): Promise<string> {
  return (await qrcode()).toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: 300 });
}

/** A cash slip number as an EAN-13 barcode (13 digits with check digit), SVG data URL; the number is printed beside it as text. */
export async function barcodeSvgDataUrl(slipNumber: string): Promise<string> {
  const { default: bwipjs } = await import('bwip-js/node');
  const svg = bwipjs.toSVG({
    bcid: 'ean13',
    text: slipNumber,
    scale: 3,
    height: 20,
    paddingwidth: 12,
    paddingheight: 8,
    backgroundcolor: 'FFFFFF',
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
