// fontkit (pdfkit's font engine) ships no types: the one question the PDF asks a face: which letters it has.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
