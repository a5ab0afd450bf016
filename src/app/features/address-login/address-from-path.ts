/**
 * An unknown path is read as a public address (docs/sign-in.md route rule): '/0xAbC…' -> '0xAbC…'. Slashes around it are
 * dropped and percent-escapes decoded; '' when nothing is left.
 */
export function addressFromPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  try {
    return decodeURIComponent(trimmed).trim();
  } catch {
    return trimmed.trim();
  }
}
