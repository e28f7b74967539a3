/**
 * The strip's height (its heading and one row of cards, titles clamped to two lines: 232–248 px measured at 390 and
 * 1280 px): held while its code and its tasks load, so the list under it does not move when it comes in.
 */
export const FOR_YOU_MIN_HEIGHT = 248;

/** the strip's place while it loads (the strip's own margin under it) */
export function ForYouPlaceholder() {
  return <div aria-hidden="true" data-testid="for-you-pending" style={{ minHeight: FOR_YOU_MIN_HEIGHT, marginBottom: 20 }} />;
}
