/**
 * A short, plain name for a browser from its User-Agent, e.g. "Chrome on Windows".
 * Shown to the person who opens a sign-in link on another device, so that they
 * can tell whether the sign-in was theirs (ADR 012). Only families a person would
 * recognise: anything else is null, and the page then leaves the browser out.
 */

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Phones and tablets first: Android says "Linux", iPhone says "like Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'a Chromebook'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'a Mac'],
  [/\bLinux\b/, 'Linux'],
];

function first(ua: string, table: [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(ua))?.[1];
}

export function browserName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `a browser on ${system}` : null);
}
