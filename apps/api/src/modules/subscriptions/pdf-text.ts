import fs from 'node:fs';
import { createRequire } from 'node:module';
import type fontkitModule from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/*
 * Text in invoice PDFs in any script a business name may use. pdf-lib's standard fonts only cover
 * Windows-1252 (a name such as "Łódź Studio 東京" made the invoice a 500), so two Unicode fonts shipped in npm
 * packages (no system font is read) are embedded, subset to the glyphs used: Noto Sans (Latin, Greek, Cyrillic
 * and their extensions) and, only when the text needs it, Noto Sans JP (Japanese, and the Chinese characters
 * it shares). Each character is drawn with the first of them that has it; one neither has (e.g. Hangul) is
 * drawn as "?".
 */

const require = createRequire(import.meta.url);

type Weight = 'regular' | 'bold';

const FILES: Record<'latin' | 'cjk', Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
};

type LoadedFont = { bytes: Uint8Array; has(codePoint: number): boolean };
const loaded = new Map<string, LoadedFont>();

type Fontkit = typeof fontkitModule;

let pdfLibModule: Promise<typeof import('pdf-lib')> | undefined;
/**
 * pdf-lib, imported on the first PDF (invoice or campaign report), not at start: ~3 MB of heap and its code
 * that a process serving no PDF never needs. Memoised: one import per process.
 */
export function loadPdfLib(): Promise<typeof import('pdf-lib')> {
  pdfLibModule ??= import('pdf-lib');
  return pdfLibModule;
}

/** A font file, read and parsed once per process. */
function load(fontkit: Fontkit, file: string): LoadedFont {
  let font = loaded.get(file);
  if (!font) {
    const bytes = new Uint8Array(fs.readFileSync(require.resolve(file)));
    const parsed = fontkit.create(bytes);
    font = { bytes, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    loaded.set(file, font);
  }
  return font;
}

/** One weight: the fonts to try in order, as embedded in the document. */
export type PdfTextFont = { fonts: { pdf: PDFFont; has(codePoint: number): boolean }[] };

/** Splits text into runs of the first font that has each character ("?" in the first font otherwise). */
function runs(font: PdfTextFont, text: string): { pdf: PDFFont; text: string }[] {
  const out: { pdf: PDFFont; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const found = font.fonts.find((f) => f.has(codePoint));
    const pdf = (found ?? font.fonts[0]!).pdf;
    const piece = found ? char : '?';
    const last = out.at(-1);
    if (last && last.pdf === pdf) last.text += piece;
    else out.push({ pdf, text: piece });
  }
  return out;
}

/**
 * Embeds the regular and bold fonts for a document whose strings are `texts` (all of them: the CJK font is
 * embedded only when one of them needs it).
 */
export async function embedTextFonts(
  pdf: PDFDocument,
  texts: readonly string[],
): Promise<Record<Weight, PdfTextFont>> {
  // Loaded on the first PDF, not at start: fontkit costs ~25 MB of memory that most processes never need.
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  pdf.registerFontkit(fontkit);
  const latin = load(fontkit, FILES.latin.regular);
  const needsCjk = texts.some((t) => [...t].some((c) => !latin.has(c.codePointAt(0)!)));
  const weight = async (w: Weight): Promise<PdfTextFont> => {
    const files = [FILES.latin[w], ...(needsCjk ? [FILES.cjk[w]] : [])];
    return {
      fonts: await Promise.all(
        files.map(async (file) => {
          const font = load(fontkit, file);
          return { pdf: await pdf.embedFont(font.bytes, { subset: true }), has: font.has };
        }),
      ),
    };
  };
  return { regular: await weight('regular'), bold: await weight('bold') };
}

export function textWidth(font: PdfTextFont, text: string, size: number): number {
  return runs(font, text).reduce((sum, r) => sum + r.pdf.widthOfTextAtSize(r.text, size), 0);
}

export function drawText(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; font: PdfTextFont; color: Color },
): void {
  let x = options.x;
  for (const run of runs(options.font, text)) {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: run.pdf, color: options.color });
    x += run.pdf.widthOfTextAtSize(run.text, options.size);
  }
}
