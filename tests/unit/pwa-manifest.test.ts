/**
 * manifest.webmanifest (issue: PWA shell): name, short name, standalone display, theme and background colours,
 * 192 and 512 icons plus maskable ones, the New invoice and Transactions shortcuts; every image it names exists
 * in public/ with the size it claims.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Image {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Image[];
  shortcuts: { name: string; url: string; icons: Image[] }[];
  screenshots: Image[];
}

const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as Manifest;

/** Width and height of a PNG file, read from its IHDR chunk. */
function pngSize(path: string): string {
  const bytes = readFileSync(`public${path}`);
  expect(bytes.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

describe('the web app manifest', () => {
  it('names the app and opens it standalone on the dashboard', () => {
    expect(manifest.name).toMatch(/^Ledgerloop/);
    expect(manifest.short_name).toBe('Ledgerloop');
    expect(manifest).toMatchObject({ start_url: '/overview', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('has 192 and 512 icons, each also maskable, at the sizes they claim', () => {
    for (const purpose of ['any', 'maskable']) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose && icon.type === 'image/png').map((icon) => icon.sizes);
      expect(sizes, purpose).toEqual(expect.arrayContaining(['192x192', '512x512']));
    }
    for (const icon of manifest.icons.filter((item) => item.type === 'image/png')) expect(pngSize(icon.src)).toBe(icon.sizes);
  });

  it('offers the New invoice and Transactions shortcuts, with icons', () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['New invoice', '/new-invoice'],
      ['Transactions', '/transactions'],
    ]);
    for (const shortcut of manifest.shortcuts) {
      for (const icon of shortcut.icons) expect(pngSize(icon.src)).toBe(icon.sizes);
    }
  });

  it('shows narrow and wide screenshots at their sizes', () => {
    for (const shot of manifest.screenshots) expect(pngSize(shot.src)).toBe(shot.sizes);
  });
});
