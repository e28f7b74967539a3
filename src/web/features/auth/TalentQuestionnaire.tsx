import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Form, Input, Radio } from 'antd';
import { CheckOutlined, EditOutlined, ScissorOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  EDITING_SOFTWARE,
  EDITING_STYLES,
  EXPERIENCE_LEVELS,
  HOST_STYLES,
  OPERATION_SKILLS,
  STORE_CATEGORIES,
  TALENT_TYPES,
  type ExperienceLevel,
  type Option,
  type TalentType,
} from '@shared/options';
import { shortLang } from '../../i18n/lang';
import { PortfolioUpload, type PortfolioFile } from './PortfolioUpload';

export type TalentDetailState = {
  experience?: ExperienceLevel;
  categories: string[];
  hostStyles: string[];
  achievement: string;
  operationCategories: string[];
  operationSkills: string[];
  successCases: string;
  editingSoftware: string[];
  editingStyles: string[];
  /** one link per line */
  links: string;
  files: PortfolioFile[];
};
export type TalentState = { types: TalentType[]; details: Record<TalentType, TalentDetailState> };

const emptyDetail = (): TalentDetailState => ({
  categories: [],
  hostStyles: [],
  achievement: '',
  operationCategories: [],
  operationSkills: [],
  successCases: '',
  editingSoftware: [],
  editingStyles: [],
  links: '',
  files: [],
});
export const emptyTalent = (): TalentState => ({
  types: [],
  details: { 'live-host': emptyDetail(), 'account-manager': emptyDetail(), 'video-editor': emptyDetail() },
});

const TYPE_ICONS: Record<TalentType, React.ReactNode> = {
  'live-host': <VideoCameraOutlined />,
  'account-manager': <EditOutlined />,
  'video-editor': <ScissorOutlined />,
};

type Props = {
  idPrefix: string;
  value: TalentState;
  onTypesChange: (types: TalentType[]) => void;
  onDetailChange: (type: TalentType, patch: Partial<TalentDetailState>) => void;
  /** error text by dotted path below `talent` (e.g. `types`, `details.live-host.experience`) */
  errorAt: (path: string) => string | undefined;
  uploadsEnabled: boolean;
};

/** The influencer talent questionnaire (part 1 §5, §9): 1–3 types, per type experience, fields and work samples. */
export function TalentQuestionnaire({ idPrefix, value, onTypesChange, onDetailChange, errorAt, uploadsEnabled }: Props) {
  const { t, i18n } = useTranslation('auth');
  const lang = shortLang(i18n.language);
  const uid = useId();
  const typesLabelId = `${uid}-types`;
  const typesError = errorAt('types');
  const toOptions = (list: readonly Option[]) => list.map((o) => ({ value: o.value, label: o[lang] }));

  const toggleType = (type: TalentType) => {
    const has = value.types.includes(type);
    // keep the spec's order (live-host, account-manager, video-editor)
    const next = TALENT_TYPES.map((o) => o.value).filter((v) => (v === type ? !has : value.types.includes(v)));
    onTypesChange(next);
  };

  return (
    <section className="talent" aria-labelledby={`${uid}-title`}>
      <div className="talent__head">
        <h2 id={`${uid}-title`} className="form-section-title">
          {t('talent.title')}
        </h2>
        <p className="talent__hint">{t('talent.hint')}</p>
      </div>

      <Form.Item
        label={<span id={typesLabelId}>{t('talent.types')}</span>}
        required
        validateStatus={typesError ? 'error' : undefined}
        help={typesError ? <span data-testid="talent-types-error">{typesError}</span> : undefined}
      >
        <div className="talent-types" role="group" aria-labelledby={typesLabelId}>
          {TALENT_TYPES.map((o) => {
            const selected = value.types.includes(o.value);
            return (
              <button
                key={o.value}
                type="button"
                className={`choice-card${selected ? ' is-selected' : ''}`}
                aria-pressed={selected}
                onClick={() => toggleType(o.value)}
                data-testid={`talent-type-${o.value}`}
              >
                <span className="choice-card__icon" aria-hidden="true">
                  {TYPE_ICONS[o.value]}
                </span>
                <span className="choice-card__label">{o[lang]}</span>
                <span className="choice-card__check" aria-hidden="true">
                  <CheckOutlined />
                </span>
              </button>
            );
          })}
        </div>
      </Form.Item>

      {value.types.map((type) => {
        const d = value.details[type];
        const label = TALENT_TYPES.find((o) => o.value === type)?.[lang] ?? type;
        const base = `${idPrefix}-${type}`;
        const expError = errorAt(`details.${type}.experience`);
        const filesError = errorAt(`details.${type}.portfolioFileIds`);
        const linksError = errorAt(`details.${type}.portfolioLinks`) ? t('talent.linksInvalid') : undefined;
        const set = (patch: Partial<TalentDetailState>) => onDetailChange(type, patch);
        const group = (key: keyof TalentDetailState, labelText: string, options: readonly Option[]) => {
          const lid = `${base}-${key}-label`;
          return (
            <Form.Item label={<span id={lid}>{labelText}</span>}>
              <Checkbox.Group
                className="choice-group"
                options={toOptions(options)}
                value={d[key] as string[]}
                onChange={(v) => set({ [key]: v as string[] })}
                aria-labelledby={lid}
                data-testid={`talent-${key}-${type}`}
              />
            </Form.Item>
          );
        };
        return (
          <fieldset className="talent-detail" key={type} data-testid={`talent-detail-${type}`}>
            <legend className="talent-detail__title">
              <span className="talent-detail__icon" aria-hidden="true">
                {TYPE_ICONS[type]}
              </span>
              {label}
            </legend>

            <Form.Item
              label={<span id={`${base}-exp-label`}>{t('talent.experience')}</span>}
              required
              validateStatus={expError ? 'error' : undefined}
              help={expError ? <span data-testid={`talent-exp-error-${type}`}>{expError}</span> : undefined}
            >
              <Radio.Group
                className="choice-group"
                options={toOptions(EXPERIENCE_LEVELS)}
                value={d.experience}
                onChange={(e) => set({ experience: e.target.value as ExperienceLevel })}
                aria-labelledby={`${base}-exp-label`}
                data-testid={`talent-exp-${type}`}
              />
            </Form.Item>

            {type === 'live-host' && (
              <>
                {group('categories', t('talent.categories'), STORE_CATEGORIES)}
                {group('hostStyles', t('talent.hostStyles'), HOST_STYLES)}
                <Form.Item label={t('talent.achievement')} htmlFor={`${base}-achievement`}>
                  <Input.TextArea
                    id={`${base}-achievement`}
                    rows={3}
                    maxLength={1000}
                    showCount
                    placeholder={t('talent.achievementPlaceholder')}
                    value={d.achievement}
                    onChange={(e) => set({ achievement: e.target.value })}
                    data-testid={`talent-achievement-${type}`}
                  />
                </Form.Item>
              </>
            )}
            {type === 'account-manager' && (
              <>
                {group('operationCategories', t('talent.operationCategories'), STORE_CATEGORIES)}
                {group('operationSkills', t('talent.operationSkills'), OPERATION_SKILLS)}
                <Form.Item label={t('talent.successCases')} htmlFor={`${base}-cases`}>
                  <Input.TextArea
                    id={`${base}-cases`}
                    rows={3}
                    maxLength={2000}
                    showCount
                    placeholder={t('talent.successCasesPlaceholder')}
                    value={d.successCases}
                    onChange={(e) => set({ successCases: e.target.value })}
                    data-testid={`talent-cases-${type}`}
                  />
                </Form.Item>
              </>
            )}
            {type === 'video-editor' && (
              <>
                {group('editingSoftware', t('talent.editingSoftware'), EDITING_SOFTWARE)}
                {group('editingStyles', t('talent.editingStyles'), EDITING_STYLES)}
              </>
            )}

            <Form.Item label={t('talent.links')} htmlFor={`${base}-links`} validateStatus={linksError ? 'error' : undefined} help={linksError}>
              <Input.TextArea
                id={`${base}-links`}
                rows={2}
                placeholder={t('talent.linksPlaceholder')}
                value={d.links}
                onChange={(e) => set({ links: e.target.value })}
                data-testid={`talent-links-${type}`}
              />
            </Form.Item>

            <Form.Item
              label={<span id={`${base}-files-label`}>{t('talent.portfolio')}</span>}
              required
              validateStatus={filesError ? 'error' : undefined}
              help={filesError ? <span data-testid={`talent-upload-required-${type}`}>{filesError}</span> : undefined}
            >
              <PortfolioUpload
                talentType={type}
                files={d.files}
                onChange={(files) => set({ files })}
                enabled={uploadsEnabled}
                labelId={`${base}-files-label`}
              />
            </Form.Item>
          </fieldset>
        );
      })}
    </section>
  );
}

/** The per-type part of the sign-up request (fields of other types are left out). */
export function talentRequest(value: TalentState, uploadedIds: (files: PortfolioFile[]) => string[]) {
  const details: Record<string, Record<string, unknown>> = {};
  for (const type of value.types) {
    const d = value.details[type];
    const links = d.links
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const common: Record<string, unknown> = {
      experience: d.experience,
      portfolioFileIds: uploadedIds(d.files),
      portfolioLinks: links,
    };
    if (type === 'live-host') {
      Object.assign(common, { categories: d.categories, hostStyles: d.hostStyles, achievement: d.achievement.trim() || undefined });
    } else if (type === 'account-manager') {
      Object.assign(common, {
        operationCategories: d.operationCategories,
        operationSkills: d.operationSkills,
        successCases: d.successCases.trim() || undefined,
      });
    } else {
      Object.assign(common, { editingSoftware: d.editingSoftware, editingStyles: d.editingStyles });
    }
    details[type] = common;
  }
  return { types: value.types, details };
}
