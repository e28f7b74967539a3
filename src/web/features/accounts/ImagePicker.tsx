import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Progress } from 'antd';
import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { uploadImage } from './api';

type UploadResponse = Schema<'UploadResponse'>;

/** Client-side check of a chosen image: the error code, or null when acceptable. */
export function imageProblem(file: File, maxBytes: number = LIMITS.avatarMaxBytes): { code: 'IMAGE_ONLY' | 'FILE_TOO_LARGE'; max?: string } | null {
  if (!file.type.startsWith('image/')) return { code: 'IMAGE_ONLY' };
  if (file.size > maxBytes) return { code: 'FILE_TOO_LARGE', max: `${Math.round(maxBytes / 1024 / 1024)}MB` };
  return null;
}

type Props = {
  purpose: 'avatar' | 'logo' | 'business-license';
  /** the saved image, if any */
  currentUrl: string | null;
  /** document: a landscape frame above the controls (a business licence) */
  shape: 'circle' | 'square' | 'document';
  label: string;
  /** 上传头像 when nothing is set, 更换头像 otherwise */
  uploadText: string;
  changeText: string;
  placeholder: ReactNode;
  onUploaded: (res: UploadResponse | null) => void;
  onBusyChange: (busy: boolean) => void;
  testId: string;
  /** replaces the default hint (images, 10 MB) */
  hint?: string;
  /** a field error from the form (e.g. 请上传营业执照) */
  error?: string;
  /** replaces 新图片已上传，保存后生效 */
  readyText?: string;
  /** preview the chosen file itself (a private upload made before sign-in cannot be read back) */
  localPreview?: boolean;
};

/**
 * Avatar / logo picker of the edit modes: images only (≤ 10 MB), uploaded at once with visible
 * progress; the returned upload id is saved with the form.
 */
export function ImagePicker({
  purpose,
  currentUrl,
  shape,
  label,
  uploadText,
  changeText,
  placeholder,
  onUploaded,
  onBusyChange,
  testId,
  hint,
  error,
  readyText,
  localPreview = false,
}: Props) {
  const { t } = useTranslation('accounts');
  const { errorText, apiErrorText } = useErrorText();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const ctrlRef = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => () => ctrlRef.current?.abort(), []);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const bad = imageProblem(file);
    if (bad) {
      setProblem(errorText(bad.code, bad.max ? { max: bad.max } : undefined));
      return;
    }
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setProblem(null);
    setDone(false);
    setPercent(0);
    onBusyChange(true);
    onUploaded(null);
    uploadImage(purpose, file, { signal: ctrl.signal, onProgress: setPercent }).then(
      (res) => {
        if (ctrl.signal.aborted) return;
        setPreview(localPreview ? URL.createObjectURL(file) : res.url);
        setPercent(null);
        setDone(true);
        onBusyChange(false);
        onUploaded(res);
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setPercent(null);
        onBusyChange(false);
        setProblem(apiErrorText(err, t('upload.failed'), errorText('UNAVAILABLE')));
      },
    );
  };

  const shown = preview ?? currentUrl;
  const helpId = `${inputId}-help`;

  return (
    <div className={`image-picker image-picker--${shape}`} data-testid={testId}>
      <div className="image-picker__frame" aria-hidden="true">
        {shown ? <img src={shown} alt="" /> : <span className="image-picker__placeholder">{placeholder}</span>}
      </div>
      <div className="image-picker__body">
        <label htmlFor={inputId} className="image-picker__label">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-describedby={helpId}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid={`${testId}-input`}
        />
        <Button icon={<UploadOutlined />} onClick={() => inputRef.current?.click()} loading={percent !== null} data-testid={`${testId}-button`}>
          {percent !== null ? t('upload.uploading', { percent }) : shown ? changeText : uploadText}
        </Button>
        {percent !== null && <Progress percent={percent} size="small" className="image-picker__progress" aria-label={label} />}
        <p id={helpId} className="image-picker__hint">
          {hint ?? t('upload.hint')}
        </p>
        {done && (
          <p className="field-ok image-picker__note" role="status">
            <CheckCircleFilled aria-hidden="true" /> {readyText ?? t('upload.ready')}
          </p>
        )}
        {(problem ?? error) && (
          <p className="field-error image-picker__note" role="alert" data-testid={`${testId}-error`}>
            {problem ?? error}
          </p>
        )}
      </div>
    </div>
  );
}
