import { INFLUENCER_CATEGORIES, TASK_CATEGORY_OPTIONS } from './options';

/**
 * The influencer directory filters by 8 categories (part 2 §2), while influencers pick theirs on
 * /materials from the 10 product categories (part 1). One mapping joins them (docs/decisions/0010):
 * a directory category matches influencers who chose it directly or chose one of its product
 * categories. 其他 (other) maps to none.
 */
type DirectoryCategory = (typeof INFLUENCER_CATEGORIES)[number]['value'];
type ProductCategory = (typeof TASK_CATEGORY_OPTIONS)[number]['value'];

export const PRODUCT_TO_DIRECTORY: Record<ProductCategory, DirectoryCategory | null> = {
  beauty: '美妆护肤',
  'body-care': '美妆护肤',
  'fashion-accessories': '时尚穿搭',
  jewelry: '时尚穿搭',
  'food-drink': '美食生活',
  'digital-accessories': '数码科技',
  kitchen: '家居生活',
  cleaning: '家居生活',
  pets: '家居生活',
  other: null,
};

const DIRECTORY_VALUES = new Set<string>(INFLUENCER_CATEGORIES.map((c) => c.value));

/** The stored category values a directory category matches (itself and its product categories). */
export function storedValuesOf(directory: string): string[] {
  const products = Object.entries(PRODUCT_TO_DIRECTORY)
    .filter(([, d]) => d === directory)
    .map(([p]) => p);
  return [directory, ...products];
}

/** An influencer's stored categories as directory categories, in order, without repeats. */
export function directoryCategoriesOf(stored: readonly string[]): DirectoryCategory[] {
  const out: DirectoryCategory[] = [];
  for (const v of stored) {
    const d = DIRECTORY_VALUES.has(v) ? (v as DirectoryCategory) : (PRODUCT_TO_DIRECTORY[v as ProductCategory] ?? null);
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}
