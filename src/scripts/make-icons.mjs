#!/usr/bin/env node
/**
 * Renders the PWA's PNG icons from public/logo.svg with headless Chromium, and optionally the manifest's
 * screenshots of the login page.
 *
 *   node src/scripts/make-icons.mjs                               icons into public/icons
 *   node src/scripts/make-icons.mjs --screenshots http://127.0.0.1:8001
 *                                                             also the login page into public/screenshots
 *
 * Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const publicDir = `${root}public`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Pulls one element (by its opening tag pattern) out of the logo, so every icon shares the logo's drawing. */
function extract(svg, pattern, what) {
  const match = svg.match(pattern);
  if (!match) throw new Error(`public/logo.svg has no ${what}`);
  return match[0];
}

const logo = await readFile(`${publicDir}/logo.svg`, 'utf8');
const defs = extract(logo, /<defs>[\s\S]*?<\/defs>/, '<defs>');
const mark = extract(logo, /<g id="ll-mark"[\s\S]*?<\/g>/, '<g id="ll-mark">');

const svgDoc = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${defs}${body}</svg>`;
const roundedTile = '<rect width="512" height="512" rx="128" fill="url(#ll-bg)"/>';
const fullTile = '<rect width="512" height="512" fill="url(#ll-bg)"/>';

/** The mark scaled around the centre; maskable icons keep it inside the 80 % safe circle. */
const scaledMark = (scale) =>
  `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${mark}</g>`;

const glyphStroke = 'fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="36"';

/** Shortcut glyphs drawn on the same tile: a document with a plus, and two opposite arrows. */
const newInvoiceGlyph = `
  <path d="M176 104h112l88 88v216a16 16 0 0 1-16 16H176a16 16 0 0 1-16-16V120a16 16 0 0 1 16-16z" ${glyphStroke} stroke="#ffffff"/>
  <path d="M288 104v88h88" ${glyphStroke} stroke="#ffffff"/>
  <path d="M268 256v112M212 312h112" ${glyphStroke} stroke="#9fe0c0"/>`;
const transactionsGlyph = `
  <path d="M136 196h232M308 136l60 60-60 60" ${glyphStroke} stroke="#ffffff"/>
  <path d="M376 316H144M204 256l-60 60 60 60" ${glyphStroke} stroke="#9fe0c0"/>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: logo },
  { file: 'icons/icon-512.png', size: 512, svg: logo },
  { file: 'icons/maskable-192.png', size: 192, svg: svgDoc(fullTile + scaledMark(0.9)) },
  { file: 'icons/maskable-512.png', size: 512, svg: svgDoc(fullTile + scaledMark(0.9)) },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: svgDoc(fullTile + scaledMark(0.9)) },
  { file: 'icons/shortcut-new-invoice.png', size: 96, svg: svgDoc(roundedTile + newInvoiceGlyph) },
  { file: 'icons/shortcut-transactions.png', size: 96, svg: svgDoc(roundedTile + transactionsGlyph) },
];

function sized(svg, size) {
  return svg.replace(/<svg\b/, `<svg width="${size}" height="${size}"`);
}

const screenshotIndex = process.argv.indexOf('--screenshots');
const screenshotBase = screenshotIndex === -1 ? null : process.argv[screenshotIndex + 1];
if (screenshotIndex !== -1 && !screenshotBase) {
  console.error('Usage: node src/scripts/make-icons.mjs [--screenshots <base URL of a running app>]');
  process.exit(2);
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  await mkdir(`${publicDir}/icons`, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized(icon.svg, icon.size)}</body></html>`,
    );
    await page.screenshot({
      path: `${publicDir}/${icon.file}`,
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`wrote public/${icon.file} (${icon.size}x${icon.size})`);
  }
  await page.close();

  if (screenshotBase) {
    await mkdir(`${publicDir}/screenshots`, { recursive: true });
    const shots = [
      { file: 'screenshots/login-narrow.png', width: 390, height: 844 },
      { file: 'screenshots/login-wide.png', width: 1280, height: 800 },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        serviceWorkers: 'block',
      });
      const shotPage = await context.newPage();
      await shotPage.goto(new URL('/auth', screenshotBase).href, { waitUntil: 'networkidle' });
      await shotPage.getByRole('button', { name: 'Sign in with address' }).waitFor();
      await shotPage.screenshot({ path: `${publicDir}/${shot.file}` });
      console.log(`wrote public/${shot.file} (${shot.width}x${shot.height})`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
