import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Select, Space } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { Option } from '@shared/options';
import { useErrorText } from '../../lib/errors';
import { useFormat } from './format';

/** Read-only chips (categories, tags); `empty` when the list is empty. */
export function Chips({ items, label, empty, testId }: { items: string[]; label?: (v: string) => string; empty: string; testId: string }) {
  if (items.length === 0)
    return (
      <p className="acc-muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  return (
    <ul className="chips" data-testid={testId}>
      {items.map((v) => (
        <li key={v} className="chip">
          {label ? label(v) : v}
        </li>
      ))}
    </ul>
  );
}

function RemovableChips({ items, label, onRemove, testId }: { items: string[]; label: (v: string) => string; onRemove: (v: string) => void; testId: string }) {
  const { t } = useTranslation('accounts');
  if (items.length === 0) return null;
  return (
    <ul className="chips chips--editable" data-testid={testId}>
      {items.map((v) => (
        <li key={v} className="chip" data-value={v}>
          <span>{label(v)}</span>
          <button type="button" className="chip__remove" aria-label={t('common.remove', { name: label(v) })} onClick={() => onRemove(v)}>
            <CloseOutlined aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

type CategoryProps = {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  options: readonly Option[];
  max?: number;
  testIdPrefix?: string;
};

/** Categories from a fixed list: pick one and add it; a repeat is refused (该分类已存在). */
export function CategoryEditor({ id, value, onChange, options, max = 18, testIdPrefix = '' }: CategoryProps) {
  const { t } = useTranslation('accounts');
  const { errorText } = useErrorText();
  const fmt = useFormat();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${id}-problem`;

  const add = () => {
    const v = (picked ?? '').trim();
    if (!v) return; // empty: ignored
    if (value.includes(v)) {
      setProblem(errorText('CATEGORY_DUPLICATE'));
      return;
    }
    if (value.length >= max) return;
    onChange([...value, v]);
    setPicked(undefined);
    setProblem(null);
  };

  return (
    <div className="list-editor">
      <Space.Compact block>
        <Select
          id={id}
          className="list-editor__select"
          value={picked}
          onChange={(v: string) => {
            setPicked(v);
            setProblem(null);
          }}
          placeholder={t('influencer.categoryPlaceholder')}
          options={options.map((o) => ({ value: o.value, label: fmt.option(options, o.value) }))}
          aria-describedby={problem ? problemId : undefined}
          data-testid={`${testIdPrefix}category-select`}
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={value.length >= max} data-testid={`${testIdPrefix}category-add`}>
          {t('common.add')}
        </Button>
      </Space.Compact>
      {problem && (
        <p id={problemId} className="field-error list-editor__problem" role="alert" data-testid={`${testIdPrefix}category-error`}>
          {problem}
        </p>
      )}
      <RemovableChips
        items={value}
        label={fmt.category}
        onRemove={(v) => {
          onChange(value.filter((x) => x !== v));
          setProblem(null);
        }}
        testId={`${testIdPrefix}category-list`}
      />
    </div>
  );
}

type TagProps = {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  placeholder: string;
  max?: number;
  maxLength?: number;
  testIdPrefix?: string;
};

/** Free-text tags: added with the button or Enter; empty ignored, a repeat refused (该标签已存在). */
export function TagEditor({ id, value, onChange, placeholder, max = 20, maxLength = 20, testIdPrefix = '' }: TagProps) {
  const { t } = useTranslation('accounts');
  const { errorText } = useErrorText();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${useId()}-problem`;

  const add = () => {
    const v = text.trim();
    if (!v) {
      setText('');
      return; // empty: ignored
    }
    if (value.includes(v)) {
      setProblem(errorText('TAG_DUPLICATE'));
      return;
    }
    if (value.length >= max) return;
    onChange([...value, v]);
    setText('');
    setProblem(null);
  };

  return (
    <div className="list-editor">
      <Space.Compact block>
        <Input
          id={id}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          data-testid={`${testIdPrefix}tag-input`}
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={value.length >= max} data-testid={`${testIdPrefix}tag-add`}>
          {t('common.add')}
        </Button>
      </Space.Compact>
      {problem && (
        <p id={problemId} className="field-error list-editor__problem" role="alert" data-testid={`${testIdPrefix}tag-error`}>
          {problem}
        </p>
      )}
      <RemovableChips
        items={value}
        label={(v) => v}
        onRemove={(v) => {
          onChange(value.filter((x) => x !== v));
          setProblem(null);
        }}
        testId={`${testIdPrefix}tag-list`}
      />
    </div>
  );
}
