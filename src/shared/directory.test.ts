import { describe, expect, it } from 'vitest';
import { INFLUENCER_CATEGORIES, TASK_CATEGORY_OPTIONS } from './options';
import { PRODUCT_TO_DIRECTORY, directoryCategoriesOf, storedValuesOf } from './directory';

describe('directory categories', () => {
  it('maps every product category to a directory category (or none for 其他)', () => {
    for (const o of TASK_CATEGORY_OPTIONS) expect(Object.hasOwn(PRODUCT_TO_DIRECTORY, o.value)).toBe(true);
    const directory = INFLUENCER_CATEGORIES.map((c) => c.value) as string[];
    for (const d of Object.values(PRODUCT_TO_DIRECTORY)) if (d) expect(directory).toContain(d);
    expect(PRODUCT_TO_DIRECTORY.other).toBeNull();
  });
  it('a directory category matches itself and its product categories', () => {
    expect(storedValuesOf('美妆护肤').sort()).toEqual(['beauty', 'body-care', '美妆护肤'].sort());
    expect(storedValuesOf('图书教育')).toEqual(['图书教育']);
  });
  it('reads stored categories as directory categories, in order, without repeats', () => {
    expect(directoryCategoriesOf(['beauty', '美妆护肤', 'kitchen', 'other', 'pets'])).toEqual(['美妆护肤', '家居生活']);
    expect(directoryCategoriesOf([])).toEqual([]);
  });
});
