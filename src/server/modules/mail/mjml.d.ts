// mjml 5 ships no types, and @types/mjml describes mjml 4 (whose render was synchronous): what mail-layout.ts uses.
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
    /** Web fonts to link when a font-family names them (default: a few Google Fonts). */
    fonts?: Record<string, string>;
  }
  export default function mjml2html(source: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
