import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { passwordChangeRequest } from '@shared/schemas/accounts';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useFieldText } from '../auth/useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { useChangePassword } from './api';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Security tab: current / new / confirmation. The button stays disabled until all three are
 * filled; the server checks the current password and signs out every other session.
 */
export function PasswordSettings() {
  const { t } = useTranslation('settings');
  const { apiErrorText, errorText } = useErrorText();
  const fieldText = useFieldText();
  const change = useChangePassword();
  const [v, setV] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const allFilled = FIELDS.every((f) => v[f].length > 0);

  const submit = () => {
    setFormError(null);
    setDone(false);
    const parsed = passwordChangeRequest.safeParse(v);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setV({ currentPassword: '', newPassword: '', confirmPassword: '' });
        setDone(true);
      },
      onError: (err) => {
        const fields = isApiError(err) ? serverFieldErrors(err.fields) : {};
        setErrors(fields);
        // a field problem (当前密码错误) is shown at its field; anything else in the banner
        if (Object.keys(fields).length === 0) {
          setFormError(t('security.failed', { message: apiErrorText(err, errorText('INTERNAL'), errorText('UNAVAILABLE')) }));
        }
      },
    });
  };

  const field = (key: Field, label: string, placeholder: string, autoComplete: string, testId: string) => {
    const text = fieldText(errors[key]);
    const id = `pw-${key}`;
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required
        validateStatus={text ? 'error' : undefined}
        help={text ? <span id={`${id}-help`}>{text}</span> : undefined}
      >
        <Input.Password
          id={id}
          size="large"
          autoComplete={autoComplete}
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={placeholder}
          value={v[key]}
          maxLength={128}
          onChange={(e) => {
            const value = e.target.value;
            setV((s) => ({ ...s, [key]: value }));
            setErrors((x) => withoutPrefix(x, key));
            setFormError(null);
            setDone(false);
          }}
          aria-invalid={text ? true : undefined}
          aria-describedby={text ? `${id}-help` : undefined}
          data-testid={testId}
        />
      </Form.Item>
    );
  };

  return (
    <div className="settings-panel" data-testid="settings-panel-security">
      <h2 className="settings-panel__title">{t('security.title')}</h2>
      <p className="acc-muted settings-panel__hint">{t('security.hint')}</p>
      <Form layout="vertical" requiredMark onFinish={submit} className="settings-form">
        {field('currentPassword', t('security.current'), t('security.currentPlaceholder'), 'current-password', 'pw-current')}
        {field('newPassword', t('security.new'), t('security.newPlaceholder'), 'new-password', 'pw-new')}
        {field('confirmPassword', t('security.confirm'), t('security.confirmPlaceholder'), 'new-password', 'pw-confirm')}
        {formError && <Alert type="error" showIcon title={formError} className="acc-alert" data-testid="pw-error" />}
        {done && (
          <Alert
            type="success"
            showIcon
            title={t('security.success')}
            description={t('security.successDetail')}
            className="acc-alert"
            data-testid="pw-success"
          />
        )}
        <div className="settings-form__actions">
          <Button type="primary" size="large" htmlType="submit" loading={change.isPending} disabled={!allFilled} data-testid="pw-submit">
            {change.isPending ? t('security.submitting') : t('security.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
