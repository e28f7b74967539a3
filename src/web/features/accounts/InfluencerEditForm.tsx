import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { INFLUENCER_CATEGORIES } from '@shared/options';
import { influencerProfileUpdate } from '@shared/schemas/profiles';
import type { InfluencerProfile } from './api';
import { isApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useFeedback } from '../../components/feedback';
import { useFieldText } from '../auth/useFieldText';
import { issuesToErrors, serverFieldErrors, withoutPrefix, type FieldErrors } from '../../lib/validation';
import { ImagePicker } from './ImagePicker';
import { CategoryEditor, TagEditor } from './ListEditors';
import { useSaveInfluencer } from './api';
import { centsToDollarsText, dollarsTextToCents, numberInput } from './format';

type Props = { userId: string; profile: InfluencerProfile; onDone: () => void };

/** Edit mode of /influencer-profile: nickname required, rate ≥ 0, experience ≥ 0 (step 0.1). */
export function InfluencerEditForm({ userId, profile: p, onDone }: Props) {
  const { t } = useTranslation('accounts');
  const { apiErrorText } = useErrorText();
  const fieldText = useFieldText();
  const feedback = useFeedback();
  const save = useSaveInfluencer(userId);

  const [nickname, setNickname] = useState(p.nickname);
  const [realName, setRealName] = useState(p.realName ?? '');
  const [tiktokAccount, setTiktokAccount] = useState(p.tiktokAccount ?? '');
  const [location, setLocation] = useState(p.location ?? '');
  const [bio, setBio] = useState(p.bio ?? '');
  const [categories, setCategories] = useState<string[]>(p.categories);
  const [tags, setTags] = useState<string[]>(p.tags);
  const [hourlyRateCents, setHourlyRate] = useState(centsToDollarsText(p.hourlyRateCents));
  const [experienceYears, setExperienceYears] = useState(String(p.experienceYears));
  const [avatarUploadId, setAvatarUploadId] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const input = useMemo(
    () => ({
      nickname,
      realName,
      tiktokAccount,
      location,
      bio,
      categories,
      tags,
      hourlyRateCents: dollarsTextToCents(hourlyRateCents),
      experienceYears: numberInput(experienceYears),
      avatarUploadId,
    }),
    [nickname, realName, tiktokAccount, location, bio, categories, tags, hourlyRateCents, experienceYears, avatarUploadId],
  );

  const clear = (key: string) => {
    setErrors((e) => withoutPrefix(e, key));
    setFormError(null);
  };
  const err = (key: string) => fieldText(errors[key]);
  const item = (key: string) => {
    const text = err(key);
    return {
      validateStatus: text ? ('error' as const) : undefined,
      help: text ? <span id={`inf-${key}-help`}>{text}</span> : undefined,
    };
  };
  const aria = (key: string) => (err(key) ? { 'aria-invalid': true, 'aria-describedby': `inf-${key}-help` } : {});

  const submit = () => {
    setFormError(null);
    const parsed = influencerProfileUpdate.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(t('common.saved'));
        onDone();
      },
      onError: (e) => {
        if (isApiError(e)) setErrors(serverFieldErrors(e.fields));
        setFormError(apiErrorText(e, t('common.saveFailed'), t('common.saveError')));
      },
    });
  };

  return (
    <section className="card acc-card acc-form" aria-labelledby="inf-edit-title" data-testid="profile-edit-form">
      <h2 id="inf-edit-title" className="acc-card__title">
        {t('common.edit')}
      </h2>
      <Form layout="vertical" requiredMark onFinish={submit} noValidate className="acc-form__body">
        <ImagePicker
          purpose="avatar"
          shape="circle"
          currentUrl={p.avatarUrl}
          label={t('influencer.fields.avatar')}
          uploadText={t('influencer.uploadAvatar')}
          changeText={t('influencer.changeAvatar')}
          placeholder={<UserOutlined />}
          onUploaded={(r) => setAvatarUploadId(r?.id)}
          onBusyChange={setUploading}
          testId="profile-avatar-upload"
        />

        <div className="acc-grid-2 acc-form__grid">
          <Form.Item label={t('influencer.fields.nickname')} htmlFor="inf-nickname" required {...item('nickname')}>
            <Input
              id="inf-nickname"
              value={nickname}
              maxLength={40}
              placeholder={t('influencer.fields.nicknamePlaceholder')}
              onChange={(e) => {
                setNickname(e.target.value);
                clear('nickname');
              }}
              aria-required
              {...aria('nickname')}
              data-testid="profile-nickname"
            />
          </Form.Item>
          <Form.Item label={t('influencer.fields.realName')} htmlFor="inf-real-name" {...item('realName')}>
            <Input
              id="inf-real-name"
              value={realName}
              maxLength={40}
              placeholder={t('influencer.fields.realNamePlaceholder')}
              onChange={(e) => {
                setRealName(e.target.value);
                clear('realName');
              }}
              data-testid="profile-real-name"
            />
          </Form.Item>
          <Form.Item label={t('influencer.fields.tiktokAccount')} htmlFor="inf-tiktok" {...item('tiktokAccount')}>
            <Input
              id="inf-tiktok"
              value={tiktokAccount}
              maxLength={60}
              placeholder={t('influencer.fields.tiktokAccountPlaceholder')}
              onChange={(e) => {
                setTiktokAccount(e.target.value);
                clear('tiktokAccount');
              }}
              data-testid="profile-tiktok"
            />
          </Form.Item>
          <Form.Item label={t('influencer.fields.location')} htmlFor="inf-location" {...item('location')}>
            <Input
              id="inf-location"
              value={location}
              maxLength={60}
              placeholder={t('influencer.fields.locationPlaceholder')}
              onChange={(e) => {
                setLocation(e.target.value);
                clear('location');
              }}
              data-testid="profile-location"
            />
          </Form.Item>
          <Form.Item label={t('influencer.fields.hourlyRate')} htmlFor="inf-rate" {...item('hourlyRateCents')}>
            <Input
              id="inf-rate"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={hourlyRateCents}
              prefix="$"
              suffix={t('influencer.fields.hourlyRateUnit')}
              onChange={(e) => {
                setHourlyRate(e.target.value);
                clear('hourlyRateCents');
              }}
              {...aria('hourlyRateCents')}
              data-testid="profile-rate"
            />
          </Form.Item>
          <Form.Item label={t('influencer.fields.experienceYears')} htmlFor="inf-experience" {...item('experienceYears')}>
            <Input
              id="inf-experience"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.1}
              value={experienceYears}
              suffix={t('influencer.fields.yearsUnit')}
              onChange={(e) => {
                setExperienceYears(e.target.value);
                clear('experienceYears');
              }}
              {...aria('experienceYears')}
              data-testid="profile-experience"
            />
          </Form.Item>
        </div>

        <Form.Item label={t('influencer.fields.categories')} htmlFor="inf-categories" {...item('categories')}>
          <CategoryEditor
            id="inf-categories"
            value={categories}
            onChange={(v) => {
              setCategories(v);
              clear('categories');
            }}
            options={INFLUENCER_CATEGORIES}
          />
        </Form.Item>
        <Form.Item label={t('influencer.fields.tags')} htmlFor="inf-tags" {...item('tags')}>
          <TagEditor
            id="inf-tags"
            value={tags}
            onChange={(v) => {
              setTags(v);
              clear('tags');
            }}
            placeholder={t('influencer.tagPlaceholder')}
          />
        </Form.Item>
        <Form.Item label={t('influencer.fields.bio')} htmlFor="inf-bio" {...item('bio')}>
          <Input.TextArea
            id="inf-bio"
            value={bio}
            maxLength={1000}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder={t('influencer.fields.bioPlaceholder')}
            onChange={(e) => {
              setBio(e.target.value);
              clear('bio');
            }}
            data-testid="profile-bio"
          />
        </Form.Item>

        {formError && <Alert type="error" showIcon title={formError} className="acc-alert" data-testid="profile-error" />}

        <div className="acc-form__actions">
          <Button size="large" onClick={onDone} disabled={save.isPending} data-testid="profile-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={save.isPending} disabled={uploading} data-testid="profile-save">
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
