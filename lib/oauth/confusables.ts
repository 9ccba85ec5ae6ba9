// Look-alike text in client names and literal client_ids (Unicode TR39 confusable skeletons). Two
// strings with one key look alike to a person on the consent and device pages: `cIaude-desktop` and
// `claude-desktop`, "Ꮯlaude" (Cherokee) and "Claude", "Cursօr" (Armenian o) and "Cursor",
// "ＰＡＣＥＷＩＳＥ" and "Pacewise", "vérified" and "verified", "veri\u3164fied" (a Hangul filler)
// and "verified". The table is Unicode's confusables.txt, shipped by the `unhomoglyph` package.
import unhomoglyph from 'unhomoglyph';

/** Invisible code points (Hangul fillers, zero-width characters...) and combining marks. */
const INVISIBLE_OR_MARK = /[\p{Default_Ignorable_Code_Point}\p{M}]/gu;

/**
 * The key two look-alike strings share: NFKC (width), no marks or invisible characters, the TR39
 * skeleton, case folded, letters and digits only. TR39 maps capital I to l, so after lower-casing
 * i is folded to l as well (otherwise "Iris" and "iris" would differ).
 */
export function confusableKey(value: string): string {
  const plain = value.normalize('NFKC').normalize('NFD').replace(INVISIBLE_OR_MARK, '');
  const skeleton = unhomoglyph(plain).normalize('NFD').replace(INVISIBLE_OR_MARK, '');
  const lower = unhomoglyph(skeleton.toLowerCase()).toLowerCase();
  return lower.replace(/i/g, 'l').replace(/[^\p{L}\p{N}]/gu, '');
}

/** Scripts whose letters never look like Latin ones in a mixed word are not worth flagging (CJK, Hangul). */
const LATIN = /\p{Script=Latin}/u;

/**
 * A word that mixes Latin letters with letters of another script that look like Latin ones (TR39's
 * mixed-script confusable): Cyrillic "С" in "Сlaude", Armenian "օ" in "Cursօr", Cherokee "Ꮯ" in "Ꮯlaude".
 * A name wholly in one script ("Сова", "日本語アシスタント") passes.
 */
export function mixesLookAlikeScripts(value: string): boolean {
  return value
    .normalize('NFKC')
    .split(/[\s\p{P}\p{S}]+/u)
    .some((word) => {
      const letters = [...word].filter((ch) => /\p{L}/u.test(ch));
      if (!letters.some((ch) => LATIN.test(ch))) return false;
      return letters.some((ch) => !LATIN.test(ch) && /^[A-Za-z]+$/.test(unhomoglyph(ch.normalize('NFD').replace(INVISIBLE_OR_MARK, ''))));
    });
}
