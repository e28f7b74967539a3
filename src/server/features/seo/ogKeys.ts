/**
 * Where the share cards made from an uploaded picture are kept (ogImage.ts, decision 0030): one per picture
 * and card kind, under `og/`, named after the picture's storage key — a changed picture has a new key, so it
 * gets a new card; a deleted picture takes its cards along (uploads' deleteStoredFile). No imports: the
 * uploads feature uses it without loading the image code.
 */
export const OG_VARIANTS = ['avatar', 'logo', 'poster'] as const;
export type OgVariant = (typeof OG_VARIANTS)[number];

/** bumped when the cards' design changes: every card is then made again */
export const OG_VERSION = 'v1';
export const OG_PREFIX = 'og/';

export const ogCacheKey = (variant: OgVariant, sourceKey: string) => `${OG_PREFIX}${OG_VERSION}/${variant}/${sourceKey}.jpg`;

/** Every card that can have been made from the picture stored at `sourceKey`. */
export const ogCacheKeys = (sourceKey: string) => OG_VARIANTS.map((v) => ogCacheKey(v, sourceKey));
