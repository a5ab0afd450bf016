/**
 * The text a PDF made with pdfkit's standard fonts draws, one line per TJ operator, read from the produced bytes:
 * content streams are inflated (pdfkit deflates them) and the hex strings of each TJ array joined, decoded as
 * WinAnsi (0x80 is '€').
 */
import { inflateSync } from 'node:zlib';

const WIN_ANSI_HIGH: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

/** The content streams of a PDF, inflated when they are deflated. */
export function pdfStreams(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    let dataStart = start + 'stream'.length;
    if (bytes[dataStart] === 0x0d) dataStart += 1;
    if (bytes[dataStart] === 0x0a) dataStart += 1;
    const end = bytes.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const data = bytes.subarray(dataStart, end);
    const header = bytes.subarray(Math.max(0, start - 200), start).toString('latin1');
    const dictionary = header.slice(header.lastIndexOf('<<'));
    try {
      streams.push((dictionary.includes('/FlateDecode') ? inflateSync(data) : data).toString('latin1'));
    } catch {
      // Not a stream that inflates (an image, say): not text.
    }
    at = end + 'endstream'.length;
  }
  return streams;
}

/** Every line of text the PDF draws, in drawing order. */
export function pdfTextLines(pdf: Uint8Array): string[] {
  const lines: string[] = [];
  for (const stream of pdfStreams(pdf)) {
    for (const match of stream.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
      const parts = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => decodeHex(part[1] ?? ''));
      lines.push(parts.join(''));
    }
  }
  return lines;
}
