/**
 * The page-state kit (decision 0036) rendered as the server renders it (react-dom/server): the markup,
 * roles and test ids the pages and the browser tests rely on, in both languages, and the same markup on
 * every render (nothing from the window, the clock or chance).
 */
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import enCommon from '../i18n/en/common';
import zhCommon from '../i18n/zh-CN/common';
import { Empty, Loading, LoadFailed, NotFound, StateBox, isNotFound } from './PageState';

let i18n: I18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'zh-CN': { common: zhCommon }, en: { common: enCommon } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

async function html(node: ReactNode, lng: 'zh-CN' | 'en' = 'zh-CN'): Promise<string> {
  await i18n.changeLanguage(lng);
  return renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

/** parses the markup (no DOM in this environment): the attributes of the element with `data-testid` */
function attrsOf(markup: string, testId: string): string {
  const m = new RegExp(`<[a-z0-9]+ [^>]*data-testid="${testId}"[^>]*>`).exec(markup);
  if (!m) throw new Error(`no element ${testId} in ${markup}`);
  return m[0];
}

describe('Loading', () => {
  it('alone: the route fallback, a spinner and 加载中... as a polite status', async () => {
    const out = await html(<Loading testId="l" />);
    expect(attrsOf(out, 'l')).toContain('class="page-loading"');
    expect(attrsOf(out, 'l')).toContain('role="status"');
    expect(out).toContain('class="spinner"');
    expect(out).toContain('加载中...');
    expect(await html(<Loading />, 'en')).toContain('Loading...');
  });

  it('with a skeleton: one busy status region of the content box, named by the label', async () => {
    const out = await html(
      <Loading className="tk-grid" label="正在加载任务" testId="sk">
        <div className="card" />
      </Loading>,
    );
    const box = attrsOf(out, 'sk');
    expect(box).toContain('class="tk-grid"');
    expect(box).toContain('role="status"');
    expect(box).toContain('aria-busy="true"');
    expect(box).toContain('aria-label="正在加载任务"');
    expect(out).toContain('<div class="card"></div>');
    expect(out).not.toContain('spinner');
  });

  it('a box whose class gives it the size is its own skeleton', async () => {
    const out = await html(<Loading className="card dl-skeleton" testId="b" />);
    expect(attrsOf(out, 'b')).toContain('class="card dl-skeleton"');
    expect(out).not.toContain('page-loading');
  });
});

describe('LoadFailed', () => {
  it('an alert with the title, the text and the one retry button named by testId', async () => {
    const out = await html(<LoadFailed testId="hall" title="加载失败" text="获取任务数据时发生错误" onRetry={() => undefined} />);
    const box = attrsOf(out, 'hall-error');
    expect(box).toContain('role="alert"');
    expect(box).toContain('tk-state--error');
    expect(out).toMatch(/<h2 class="tk-state__title">加载失败<\/h2>/);
    expect(out).toContain('获取任务数据时发生错误');
    const button = attrsOf(out, 'hall-retry');
    expect(button).toContain('type="button"');
    expect(button).not.toContain('disabled');
    expect(out).toMatch(/data-testid="hall-retry"[^>]*>重试<\/button>/);
  });

  it('defaults: 加载失败 / Could not load, Retry in English, no text', async () => {
    const zh = await html(<LoadFailed testId="x" onRetry={() => undefined} />);
    expect(zh).toContain('>加载失败</h2>');
    expect(zh).not.toContain('tk-state__text');
    const en = await html(<LoadFailed testId="x" onRetry={() => undefined} />, 'en');
    expect(en).toContain('>Could not load</h2>');
    expect(en).toMatch(/data-testid="x-retry"[^>]*>Retry<\/button>/);
  });

  it('while retrying the button waits and spins; more actions follow it', async () => {
    const out = await html(<LoadFailed testId="t" level={3} compact retrying onRetry={() => undefined} actions={<a href="/tasks">back</a>} />);
    expect(attrsOf(out, 't-retry')).toContain('disabled=""');
    expect(out).toContain('spinner spinner--sm');
    expect(out).toContain('tk-state--compact');
    expect(out).toMatch(/<h3 class="tk-state__title">/);
    expect(out.indexOf('t-retry')).toBeLessThan(out.indexOf('href="/tasks"'));
  });
});

describe('Empty, NotFound, StateBox', () => {
  it('Empty: a plain box with the page’s words, icon and action, not an alert', async () => {
    const out = await html(<Empty testId="hall-empty" icon={<i>icon</i>} title="暂无任务" text="换个条件试试" actions={<button type="button">清除</button>} />);
    const box = attrsOf(out, 'hall-empty');
    expect(box).toContain('class="tk-state"');
    expect(box).not.toContain('role=');
    expect(out).toContain('<span class="tk-state__icon" aria-hidden="true"><i>icon</i></span>');
    expect(out).toContain('暂无任务');
    expect(out).toContain('换个条件试试');
    expect(out).toContain('清除');
  });

  it('NotFound: an alert with the ? mark unless the page gives an icon', async () => {
    const out = await html(<NotFound testId="task-not-found" title="任务不存在" level={1} />);
    const box = attrsOf(out, 'task-not-found');
    expect(box).toContain('role="alert"');
    expect(out).toContain('<span class="tk-state__mark">?</span>');
    expect(out).toContain('<h1 class="tk-state__title">任务不存在</h1>');
  });

  it('StateBox: a notice (sign in first…) with its heading level', async () => {
    const out = await html(<StateBox testId="n" level={3} title="请先登录" />);
    expect(out).toBe('<div class="tk-state" data-testid="n"><h3 class="tk-state__title">请先登录</h3></div>');
  });
});

describe('the kit stays light and deterministic', () => {
  it('renders the same markup every time (server and browser agree)', async () => {
    const tree = (
      <>
        <Loading />
        <LoadFailed testId="a" onRetry={() => undefined} />
        <Empty title="e" />
        <NotFound testId="n" title="n" />
      </>
    );
    const first = await html(tree);
    expect(await html(tree)).toBe(first);
  });

  it('imports no antd, no icon, no error table; reads no window, clock or random', () => {
    for (const file of ['PageState.tsx', 'Loading.tsx']) {
      const src = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(src, file).not.toMatch(/from 'antd|@ant-design|lib\/errors|@shared\/errors/);
      expect(src, file).not.toMatch(/window\.|Date\.now|new Date|Math\.random/);
    }
  });

  it('isNotFound: a 404 from the API only', () => {
    expect(isNotFound(new ApiError({ status: 404, code: 'TASK_NOT_FOUND' }))).toBe(true);
    expect(isNotFound(new ApiError({ status: 500, code: 'INTERNAL' }))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });
});
