import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalOutlined } from '@ant-design/icons';
import { changeLang } from '../../i18n';
import { LANGS, isAppLang } from '../../i18n/lang';

/**
 * Header language switcher (选择语言: 简体中文 / English). A native select: accessible and light. On a phone the bar
 * shows the language's short name (中文 / EN) over the select, which stays the control (transparent, the same box):
 * the full names never have to be cut to fit (decision 0029).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isAppLang(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <div className="lang-switch" title={t('lang.label')}>
      <GlobalOutlined aria-hidden="true" className="lang-switch__icon" />
      <label htmlFor={id} className="visually-hidden">
        {t('lang.label')}
      </label>
      <select
        id={id}
        data-testid="lang-switch"
        value={current}
        onChange={(e) => {
          if (isAppLang(e.target.value)) void changeLang(e.target.value);
        }}
      >
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`lang.${l}`)}
          </option>
        ))}
      </select>
      <span className="lang-switch__short" aria-hidden="true">
        {t(`lang.short.${current}`)}
      </span>
    </div>
  );
}
