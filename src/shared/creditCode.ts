/**
 * 统一社会信用代码 (unified social credit code), GB 32100-2015: 18 characters from 31 symbols
 * (digits and capital letters without I, O, Z, S, V):
 *   1 registration authority · 2 entity type · 3-8 region code (GB/T 2260, digits) ·
 *   9-17 organisation identifier · 18 check character.
 * The check character makes the weighted sum of all 18 values a multiple of 31, with the weights
 * 3^(i-1) mod 31 for the first 17 positions. No maintained npm package does this (decision 0028).
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
export const CREDIT_CODE_LENGTH = 18;

const SYMBOL = '[0-9A-HJ-NPQRTUWXY]';
const SHAPE = new RegExp(`^${SYMBOL}{2}[0-9]{6}${SYMBOL}{10}$`);

/** What people type, in the form the code is stored: spaces and dashes removed, upper case. */
export function normalizeCreditCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** The check character of the first 17 characters, or null when they are not 17 valid symbols. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * CREDIT_CODE_WEIGHTS[i];
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31];
}

/**
 * 'ok', 'format' (not 18 symbols in the code's shape) or 'check' (the shape is right but the check
 * character is not, e.g. one mistyped character). Expects a normalised code.
 */
export function checkCreditCode(code: string): 'ok' | 'format' | 'check' {
  if (!SHAPE.test(code)) return 'format';
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? 'ok' : 'check';
}

export const isValidCreditCode = (code: string): boolean => checkCreditCode(code) === 'ok';
