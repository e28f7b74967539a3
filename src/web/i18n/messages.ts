/**
 * A translation of a zh-CN namespace: the same keys, every leaf a string.
 * `const en: Messages<typeof zh> = {...}` makes tsc report any missing or extra key.
 * English counts: beside a text with `{{count}}`, `<key>_one` is the singular (i18next picks it when
 * count is 1 and falls back to `<key>` for every other number; Chinese has one form).
 */
export type Messages<T> = {
  [K in keyof T]: T[K] extends string ? string : Messages<T[K]>;
} & {
  [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};
