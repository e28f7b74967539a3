/**
 * A translation of a zh-CN namespace: the same keys, every leaf a string.
 * `const en: Messages<typeof zh> = {...}` makes tsc report any missing or extra key.
 */
export type Messages<T> = {
  [K in keyof T]: T[K] extends string ? string : Messages<T[K]>;
};
