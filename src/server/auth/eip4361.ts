/**
 * EIP-4361 (Sign-In with Ethereum) messages, written and read by the standard's ABNF: the domain is an RFC 3986
 * authority (registered name, IPv4 or bracketed IPv6 host, optional userinfo and port), the times are RFC 3339
 * date-times checked against the calendar (no 30 February, leap years honoured). See docs/security.md.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { isAddress } from 'viem';

export interface SiweFields {
  scheme?: string;
  domain: string;
  address: `0x${string}`;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources?: string[];
}

const PREAMBLE = ' wants you to sign in with your Ethereum account:';
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
const CHAIN_ID = /^[0-9]+$/;
/** statement = *( reserved / unreserved / " " ) */
const STATEMENT = new RegExp(`^[${UNRESERVED}:/?#\\[\\]@${SUB_DELIMS} ]*$`);
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`);
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`);
const PCHARS = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})*$`);
/** RFC 3986 URI: scheme ":" then URI characters, every '%' starting an escape. */
const URI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*$`);
const IPV_FUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`);
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Whether `text` is an RFC 3986 authority: [ userinfo "@" ] host [ ":" port ]. */
export function isAuthority(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at >= 0 && !USERINFO.test(text.slice(0, at))) return false;
  const hostPort = text.slice(at + 1);
  let host: string;
  let port: string | undefined;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    if (!isIPv6(literal) && !IPV_FUTURE.test(literal)) return false;
    const rest = hostPort.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    host = hostPort.slice(0, close + 1);
    port = rest === '' ? undefined : rest.slice(1);
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? undefined : hostPort.slice(colon + 1);
    if (!REG_NAME.test(host) && !isIPv4(host)) return false;
  }
  return host !== '' && (port === undefined || /^[0-9]*$/.test(port));
}

export const isUri = (text: string): boolean => URI.test(text);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** An RFC 3339 date-time, checked against the calendar; undefined when it is not one. */
export function parseDateTime(text: string): Date | undefined {
  const match = DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const fraction = match[7] ?? '';
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return undefined;
  // time-second may be 60 (a leap second), only at the end of a minute.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offsetMinutes = 0;
  if (match[9] !== undefined) {
    const offsetHours = Number(match[10]);
    const offsetMins = Number(match[11]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millis = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  // Date.UTC reads years 0-99 as 1900-1999; the wall-clock fields are set again on such a date.
  const date = new Date(utc);
  if (year < 100) date.setUTCFullYear(date.getUTCFullYear() - 1900);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Reads a message by the EIP-4361 grammar; undefined when it does not follow it. */
export function parseSiweMessage(message: string): SiweFields | undefined {
  const lines = message.split('\n');
  let at = 0;
  const next = (): string | undefined => lines[at++];
  const tagged = (tag: string): string | undefined => {
    const line = lines[at];
    if (line === undefined || !line.startsWith(tag)) return undefined;
    at += 1;
    return line.slice(tag.length);
  };

  const first = next();
  if (first === undefined || !first.endsWith(PREAMBLE)) return undefined;
  let domain = first.slice(0, -PREAMBLE.length);
  let scheme: string | undefined;
  const schemeEnd = domain.indexOf('://');
  if (schemeEnd >= 0) {
    scheme = domain.slice(0, schemeEnd);
    domain = domain.slice(schemeEnd + 3);
    if (!SCHEME.test(scheme)) return undefined;
  }
  if (!isAuthority(domain)) return undefined;
  const address = next();
  // EIP-55: a mixed-case address must carry a valid checksum.
  if (address === undefined || !ADDRESS.test(address) || !isAddress(address, { strict: true })) return undefined;
  if (next() !== '') return undefined;
  // [ statement LF ] LF: a statement line then a blank one, or the blank line alone.
  let statement: string | undefined;
  if (lines[at] !== undefined && !lines[at]?.startsWith('URI: ')) {
    const line = next() ?? '';
    if (line !== '') {
      if (!STATEMENT.test(line) || next() !== '') return undefined;
      statement = line;
    }
  }
  const uri = tagged('URI: ');
  const version = tagged('Version: ');
  const chainId = tagged('Chain ID: ');
  const nonce = tagged('Nonce: ');
  const issuedAtText = tagged('Issued At: ');
  if (uri === undefined || !isUri(uri) || version !== '1') return undefined;
  if (chainId === undefined || !CHAIN_ID.test(chainId) || !Number.isSafeInteger(Number(chainId))) return undefined;
  if (nonce === undefined || !NONCE.test(nonce) || issuedAtText === undefined) return undefined;
  const issuedAt = parseDateTime(issuedAtText);
  if (issuedAt === undefined) return undefined;
  const fields: SiweFields = { domain, address: address as `0x${string}`, uri, version: '1', chainId: Number(chainId), nonce, issuedAt };
  if (scheme !== undefined) fields.scheme = scheme;
  if (statement !== undefined) fields.statement = statement;

  const expiration = tagged('Expiration Time: ');
  if (expiration !== undefined) {
    const date = parseDateTime(expiration);
    if (date === undefined) return undefined;
    fields.expirationTime = date;
  }
  const notBefore = tagged('Not Before: ');
  if (notBefore !== undefined) {
    const date = parseDateTime(notBefore);
    if (date === undefined) return undefined;
    fields.notBefore = date;
  }
  const requestId = tagged('Request ID: ');
  if (requestId !== undefined) {
    if (!PCHARS.test(requestId)) return undefined;
    fields.requestId = requestId;
  }
  if (lines[at] === 'Resources:') {
    at += 1;
    const resources: string[] = [];
    while (at < lines.length) {
      const resource = tagged('- ');
      if (resource === undefined || !isUri(resource)) return undefined;
      resources.push(resource);
    }
    fields.resources = resources;
  }
  return at === lines.length ? fields : undefined;
}

/** RFC 3339 in UTC with milliseconds, as toISOString writes it. */
const dateTime = (date: Date): string => date.toISOString();

/** Writes an EIP-4361 message; throws when a field does not follow the standard's grammar. */
export function formatSiweMessage(fields: SiweFields): string {
  const lines = [
    `${fields.scheme === undefined ? '' : `${fields.scheme}://`}${fields.domain}${PREAMBLE}`,
    fields.address,
    '',
    ...(fields.statement === undefined ? [] : [fields.statement]),
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${String(fields.chainId)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${dateTime(fields.issuedAt)}`,
  ];
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${dateTime(fields.expirationTime)}`);
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${dateTime(fields.notBefore)}`);
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources !== undefined) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  const message = lines.join('\n');
  if (parseSiweMessage(message) === undefined) throw new Error('Sign-in message fields do not follow EIP-4361.');
  return message;
}
