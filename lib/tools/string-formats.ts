/**
 * The string formats a `@format` tag may name, each with the check the call-time validator runs
 * (lib/tools/README.md, "Validation tags"). An unknown format is a definition error rather than an
 * annotation nobody enforces. `date-time` is also what a `Date` parameter is advertised with.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function validDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function validIpv6(text: string): boolean {
  if (!text.includes(":") || /[^0-9A-Fa-f:.]/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

function validUri(text: string): boolean {
  if (!URI_SCHEME.test(text) || /\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export const STRING_FORMATS: Record<string, (text: string) => boolean> = {
  "date-time": (t) => ISO_DATE_TIME.test(t) && !Number.isNaN(Date.parse(t)),
  date: validDate,
  time: (t) => ISO_TIME.test(t),
  email: (t) => EMAIL.test(t),
  uri: validUri,
  uuid: (t) => UUID.test(t),
  ipv4: (t) => IPV4.test(t),
  ipv6: validIpv6,
  hostname: (t) => HOSTNAME.test(t),
};

export function isKnownFormat(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(STRING_FORMATS, name);
}
