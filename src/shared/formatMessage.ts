/**
 * Fills `{name}` placeholders of an error text. A module of its own: the web fills the texts of its lazily loaded
 * `errors` namespace with it without importing the table itself (`errors.ts`, decision 0069).
 */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
