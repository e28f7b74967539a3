import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * Every visible text of the web app lives in the i18n resources (src/web/i18n/<lang>/): a Chinese literal
 * elsewhere in src/web is a text an English reader would see in Chinese. The lint rule `local/no-cjk-literal`
 * (eslint.config.js) refuses one, with the repository's own configuration (decision 0029).
 */
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'local/no-cjk-literal';

async function problems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => ({ line: m.line, message: m.message, ruleId: m.ruleId }));
}

describe('lint: no Chinese literal in src/web outside i18n/', () => {
  it('refuses a string, a template, JSX text, an attribute and a regular expression', async () => {
    const code = [
      "export const location = '线上';",
      'export const title = (n: number) => `共 ${n} 条`;',
      'export const A = () => <p>加载中</p>;',
      'export const B = () => <input placeholder="请输入" aria-label={\'搜索\'} />;',
      'export const online = (v: string) => /线上/.test(v);',
      "export const punctuation = '（）';",
    ].join('\n');
    const found = await problems(code, 'src/web/features/tasks/Example.tsx');
    expect(found.map((p) => p.line)).toEqual([1, 2, 2, 3, 4, 4, 5, 6]);
    expect(found.every((p) => p.ruleId === RULE)).toBe(true);
    expect(found[0].message).toMatch(/i18n/);
  });

  it('lets comments, English text and the i18n resources pass', async () => {
    const code = ['// 线上: the stored default location', '/** 为你推荐 */', "export const a = 'Online';", 'export const B = () => <p>{a}</p>;'].join('\n');
    expect(await problems(code, 'src/web/features/tasks/Example.tsx')).toEqual([]);
    expect(await problems("export default { online: '线上' };", 'src/web/i18n/zh-CN/example.ts')).toEqual([]);
    // the shared code (server and web) and the server carry their zh/en texts side by side
    expect(await problems("export const x = { zh: '线上', en: 'Online' };", 'src/shared/example.ts')).toEqual([]);
  });

  it('takes an allow-comment that names the rule', async () => {
    const code = ["// eslint-disable-next-line local/no-cjk-literal -- the language's own name", "export const own = '简体中文';"].join('\n');
    expect(await problems(code, 'src/web/app/layout/Example.tsx')).toEqual([]);
  });
});
