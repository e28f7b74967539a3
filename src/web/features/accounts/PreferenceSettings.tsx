import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Radio, Switch } from 'antd';
import { CONTACT_VISIBILITY, PROFILE_VISIBILITY } from '@shared/schemas/accounts';
import type { Schema } from '../../lib/client';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { useSaveSettings } from './api';

type Settings = Schema<'Settings'>;

function SwitchRow({
  id,
  label,
  desc,
  checked,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  desc: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <label htmlFor={id} id={`${id}-label`} className="switch-row__label">
          {label}
        </label>
        <p id={`${id}-desc`} className="acc-muted switch-row__desc">
          {desc}
        </p>
      </div>
      <Switch id={id} checked={checked} onChange={onChange} aria-labelledby={`${id}-label`} aria-describedby={`${id}-desc`} data-testid={testId} />
    </div>
  );
}

/** Notifications tab: email / SMS switches, saved to the account. */
export function NotificationSettings({ userId, settings }: { userId: string; settings: Settings }) {
  const { t } = useTranslation('settings');
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const save = useSaveSettings(userId);
  const [email, setEmail] = useState(settings.emailNotifications);
  const [sms, setSms] = useState(settings.smsNotifications);

  return (
    <div className="settings-panel" data-testid="settings-panel-notifications">
      <h2 className="settings-panel__title">{t('notifications.title')}</h2>
      <SwitchRow
        id="notify-email"
        label={t('notifications.email')}
        desc={t('notifications.emailDesc')}
        checked={email}
        onChange={setEmail}
        testId="notify-email"
      />
      <SwitchRow id="notify-sms" label={t('notifications.sms')} desc={t('notifications.smsDesc')} checked={sms} onChange={setSms} testId="notify-sms" />
      <div className="settings-form__actions">
        <Button
          type="primary"
          size="large"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { emailNotifications: email, smsNotifications: sms },
              {
                onSuccess: () => feedback.success(t('notifications.saved')),
                onError: (e) => feedback.error(apiErrorText(e, t('notifications.failed'))),
              },
            )
          }
          data-testid="notify-save"
        >
          {save.isPending ? t('notifications.saving') : t('notifications.save')}
        </Button>
      </div>
    </div>
  );
}

/** Privacy tab: who sees the profile and the contact details, whether others may message. */
export function PrivacySettings({ userId, settings }: { userId: string; settings: Settings }) {
  const { t } = useTranslation('settings');
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const save = useSaveSettings(userId);
  const [profileVisibility, setProfileVisibility] = useState(settings.profileVisibility);
  const [contactInfoVisibility, setContactInfoVisibility] = useState(settings.contactInfoVisibility);
  const [allowMessages, setAllowMessages] = useState(settings.allowMessages);

  return (
    <div className="settings-panel" data-testid="settings-panel-privacy">
      <h2 className="settings-panel__title">{t('privacy.title')}</h2>
      <fieldset className="acc-fieldset">
        <legend className="acc-legend">{t('privacy.profileVisibility')}</legend>
        <Radio.Group
          className="radio-stack"
          value={profileVisibility}
          onChange={(e) => setProfileVisibility(e.target.value as Settings['profileVisibility'])}
          data-testid="privacy-profile-visibility"
          options={PROFILE_VISIBILITY.map((v) => ({ value: v, label: t(`privacy.profileOptions.${v}`) }))}
        />
      </fieldset>
      <fieldset className="acc-fieldset">
        <legend className="acc-legend">{t('privacy.contactVisibility')}</legend>
        <Radio.Group
          className="radio-stack"
          value={contactInfoVisibility}
          onChange={(e) => setContactInfoVisibility(e.target.value as Settings['contactInfoVisibility'])}
          data-testid="privacy-contact-visibility"
          options={CONTACT_VISIBILITY.map((v) => ({ value: v, label: t(`privacy.contactOptions.${v}`) }))}
        />
      </fieldset>
      <SwitchRow
        id="privacy-messages"
        label={t('privacy.allowMessages')}
        desc={t('privacy.allowMessagesDesc')}
        checked={allowMessages}
        onChange={setAllowMessages}
        testId="privacy-allow-messages"
      />
      <div className="settings-form__actions">
        <Button
          type="primary"
          size="large"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { profileVisibility, contactInfoVisibility, allowMessages },
              {
                onSuccess: () => feedback.success(t('privacy.saved')),
                onError: (e) => feedback.error(apiErrorText(e, t('privacy.failed'))),
              },
            )
          }
          data-testid="privacy-save"
        >
          {save.isPending ? t('privacy.saving') : t('privacy.save')}
        </Button>
      </div>
    </div>
  );
}
