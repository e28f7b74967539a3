import type { ThemeConfig } from 'antd';

/**
 * Brand: warm red-orange. Text-bearing colours keep WCAG AA contrast on white
 * (#d4380d 4.8:1, #c2330f 5.6:1, #cf1322 5.6:1, #595959 7:1).
 */
export const BRAND = {
  primary: '#d4380d',
  primaryDark: '#ad2102',
  link: '#c2330f',
  error: '#cf1322',
};

export const theme: ThemeConfig = {
  // No hash class on antd's elements and selectors (decision 0046). The server renders the public form pages
  // with antd and the browser hydrates them: antd names its hash `css-dev-only-do-not-override-…` in any process
  // not run as production (the server under test or in development) and `css-…` in the browser's production
  // build, which would make every antd element differ between the two. The hash only isolates several antd
  // versions or themes on one page; this app has one of each, and its theme is CSS variables (antd 6), scoped by
  // their own class. The selectors keep their weight: the hash sat in :where(), which counts for nothing.
  hashed: false,
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.link,
    colorLinkHover: BRAND.primary,
    colorError: BRAND.error,
    colorTextSecondary: '#595959',
    colorTextDescription: '#595959',
    colorTextTertiary: '#6b6b6b',
    colorTextPlaceholder: '#8c8c8c',
    borderRadius: 8,
    // the page's stack (global.css): Chinese fonts first for zh-CN, Latin ones first for en
    fontFamily: 'var(--font)',
  },
  components: {
    Button: { fontWeight: 500, primaryShadow: '0 4px 12px rgba(212, 56, 13, 0.25)' },
  },
};
