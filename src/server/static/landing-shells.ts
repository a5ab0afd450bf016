/** A landing page's own shell (written by the build, src/scripts/route-preload-plugin.ts): its path and file. */
export interface LandingShell {
  path: RegExp;
  file: string;
}

/** Where the build lists the landing pages' shells (`[{ path, file }]`); the folder is never served as files. */
export const LANDING_PAGES_FILE = 'landing/pages.json';
export const LANDING_DIR = '/landing/';

/** The build's list of landing shells; anything malformed (or a file outside the folder) is left out. */
export function parseLandingPages(text: string): LandingShell[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, file } = item as { path?: unknown; file?: unknown };
    if (typeof path !== 'string' || typeof file !== 'string' || !/^landing\/[\w-]+\.html$/.test(file)) return [];
    try {
      return [{ path: new RegExp(path), file }];
    } catch {
      return [];
    }
  });
}
