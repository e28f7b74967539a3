import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_ALPHABET, checkCreditCode, creditCodeCheckChar, isValidCreditCode, normalizeCreditCode } from './creditCode';

/**
 * Real codes as printed on business licences (large, public companies), each with its check
 * character as issued: the algorithm has to agree with every one of them.
 */
const REAL = [
  '91110000600037341L',
  '91330100716105852F', // 阿里巴巴（中国）有限公司
  '91440300708461136T', // 深圳市腾讯计算机系统有限公司
  '914403001922038216', // 华为技术有限公司
  '91110108551385082Q', // 小米科技有限责任公司
  '91110000802100433B', // 北京百度网讯科技有限公司
  '91230184MA1BUFLT44',
  '92371000MA3MXH0E3W', // 个体工商户 (92)
  '91350100M000100Y43',
];

describe('统一社会信用代码 check character (GB 32100-2015)', () => {
  it('agrees with real codes', () => {
    for (const code of REAL) {
      expect(creditCodeCheckChar(code.slice(0, 17)), code).toBe(code[17]);
      expect(checkCreditCode(code), code).toBe('ok');
      expect(isValidCreditCode(code), code).toBe(true);
    }
  });

  it('refuses every one-character change of the first 17 characters and every other check character', () => {
    for (const code of REAL) {
      for (let i = 0; i < 18; i += 1) {
        for (const c of CREDIT_CODE_ALPHABET) {
          if (c === code[i]) continue;
          // positions 3-8 are a region code: a letter there is a format error, not a check error
          if (i >= 2 && i < 8 && !/[0-9]/.test(c)) continue;
          const mutated = code.slice(0, i) + c + code.slice(i + 1);
          expect(checkCreditCode(mutated), `${code} → ${mutated}`).toBe('check');
        }
      }
    }
  });

  it('refuses swapped neighbours (the usual typing slip)', () => {
    for (const code of REAL) {
      for (let i = 8; i < 16; i += 1) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(isValidCreditCode(swapped), swapped).toBe(false);
      }
    }
  });

  it('tells a wrong shape from a wrong check character', () => {
    expect(checkCreditCode('')).toBe('format');
    expect(checkCreditCode('91110000600037341')).toBe('format'); // 17 characters
    expect(checkCreditCode('91110000600037341LL')).toBe('format'); // 19
    expect(checkCreditCode('91110000600037341I')).toBe('format'); // I, O, Z, S, V are not used
    expect(checkCreditCode('9111000060003734OL')).toBe('format');
    expect(checkCreditCode('91A10000600037341L')).toBe('format'); // region code is digits
    expect(checkCreditCode('91110000600037341l')).toBe('format'); // normalise first
    expect(checkCreditCode('91310000MA1FL0000X')).toBe('check');
    expect(creditCodeCheckChar('9111000060003734')).toBeNull();
    expect(creditCodeCheckChar('9111000060003734I')).toBeNull();
  });

  it('normalises what people type: spaces and dashes out, upper case', () => {
    expect(normalizeCreditCode(' 9111 0000-6000 3734 1l ')).toBe('91110000600037341L');
    expect(isValidCreditCode(normalizeCreditCode('91330100716105852f'))).toBe(true);
  });
});
