import { useTranslation } from 'react-i18next';
import { Input } from 'antd';

/**
 * 机构分成（%）as typed text (the invite form, the change dialog): a number field would round 12.5 to 13 and clamp 71
 * to 70 (issue 40); `shareInputToBps` reads it, `error` is the form's message for it.
 */
export function ShareField({
  id,
  value,
  onChange,
  error,
  testId,
  errorTestId,
}: {
  id: string;
  value: string;
  onChange: (typed: string) => void;
  error: string | null;
  testId: string;
  errorTestId: string;
}) {
  const { t } = useTranslation('agencies');
  return (
    <label>
      <span className="form-label">{t('workspace.share')}</span>
      <Input
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        suffix="%"
        data-testid={testId}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert" data-testid={errorTestId}>
          {error}
        </span>
      )}
    </label>
  );
}
