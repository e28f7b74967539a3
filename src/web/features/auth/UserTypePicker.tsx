import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckOutlined, ShopOutlined, TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { SignupUserType } from '@shared/options';

const TYPES: { value: SignupUserType; icon: React.ReactNode }[] = [
  { value: 'influencer', icon: <VideoCameraOutlined /> },
  { value: 'company', icon: <ShopOutlined /> },
  { value: 'agency', icon: <TeamOutlined /> },
];

/** 达人主播 / 企业商家 / 机构 as cards (a radio group). */
export function UserTypePicker({ value, onChange }: { value: SignupUserType; onChange: (v: SignupUserType) => void }) {
  const { t } = useTranslation('auth');
  const labelId = useId();
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
      e.preventDefault();
      const i = TYPES.findIndex((o) => o.value === value);
      const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? TYPES.length - 1 : 1;
      const next = TYPES[(i + step) % TYPES.length].value;
      onChange(next);
      (e.currentTarget.querySelector(`[data-value="${next}"]`) as HTMLElement | null)?.focus();
    }
  };
  return (
    <div className="form-field">
      <span className="form-label" id={labelId}>
        {t('signup.userType')}
      </span>
      <div className="user-types" role="radiogroup" aria-labelledby={labelId} onKeyDown={onKeyDown}>
        {TYPES.map((o) => {
          const selected = value === o.value;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              data-value={o.value}
              className={`type-card${selected ? ' is-selected' : ''}`}
              onClick={() => onChange(o.value)}
              data-testid={`signup-type-${o.value}`}
            >
              <span className="type-card__icon" aria-hidden="true">
                {o.icon}
              </span>
              <span className="type-card__text">
                <span className="type-card__title">{t(`signup.${o.value}`)}</span>
                <span className="type-card__desc">{t(`signup.${o.value}Desc`)}</span>
              </span>
              <span className="type-card__check" aria-hidden="true">
                <CheckOutlined />
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
