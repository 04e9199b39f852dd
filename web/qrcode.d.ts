// The part of `qrcode` the invite page uses. Declared here rather than through
// @types/qrcode, which pulls Node's types into the browser project.
declare module 'qrcode' {
  // biome-ignore lint/suspicious/noShadowRestrictedNames: the library's own export name.
  export function toString(
    text: string,
    options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): Promise<string>;
}
