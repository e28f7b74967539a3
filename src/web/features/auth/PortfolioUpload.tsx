import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined, LockOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import type { TalentType } from '@shared/options';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { uploadPortfolioFile } from './api';

type UploadResponse = Schema<'UploadResponse'>;

export type PortfolioFile = UploadFile<UploadResponse>;

const MAX_LABEL = `${Math.round(LIMITS.portfolioMaxBytes / 1024 / 1024)}MB`;
const isMedia = (f: { type?: string }) => !!f.type && (f.type.startsWith('image/') || f.type.startsWith('video/'));

/** Ids of the files that finished uploading. */
export const uploadedIds = (files: PortfolioFile[]) => files.flatMap((f) => (f.status === 'done' && f.response?.id ? [f.response.id] : []));
export const isUploading = (files: PortfolioFile[]) => files.some((f) => f.status === 'uploading');

type Props = {
  talentType: TalentType;
  files: PortfolioFile[];
  onChange: (files: PortfolioFile[]) => void;
  /** uploads are possible once the email is verified (the verification grants an upload cookie) */
  enabled: boolean;
  labelId: string;
};

/** 1–3 portfolio images / videos, ≤ 50 MB each, uploaded with visible progress. */
export function PortfolioUpload({ talentType, files, onChange, enabled, labelId }: Props) {
  const { t } = useTranslation('auth');
  const { errorText, apiErrorText } = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const filesRef = useRef(files);
  filesRef.current = files;

  if (!enabled) {
    return (
      <div className="upload-locked" data-testid={`talent-upload-${talentType}`} aria-labelledby={labelId} role="group">
        <LockOutlined aria-hidden="true" />
        <span>{t('talent.verifyEmailFirst')}</span>
      </div>
    );
  }

  const beforeUpload: UploadProps<UploadResponse>['beforeUpload'] = (file, batch) => {
    const kept = filesRef.current.filter((f) => f.status !== 'error').length;
    const index = batch.indexOf(file);
    if (kept + Math.max(0, index) >= LIMITS.portfolioMaxFiles) {
      setProblem(errorText('TOO_MANY_FILES'));
      return Upload.LIST_IGNORE;
    }
    if (!isMedia(file)) {
      setProblem(errorText('FILE_TYPE_NOT_ALLOWED'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LIMITS.portfolioMaxBytes) {
      setProblem(errorText('FILE_TOO_LARGE', { max: MAX_LABEL }));
      return Upload.LIST_IGNORE;
    }
    setProblem(null);
    return true;
  };

  const customRequest: UploadProps<UploadResponse>['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const ctrl = new AbortController();
    uploadPortfolioFile(talentType, file as Blob, {
      signal: ctrl.signal,
      onProgress: (percent) => onProgress?.({ percent }),
    }).then(
      (res) => onSuccess?.(res),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const text = apiErrorText(err, t('talent.uploadFailed'), errorText('UNAVAILABLE'));
        setProblem(text);
        onError?.(Object.assign(new Error(text), { status: 0 }));
      },
    );
    return { abort: () => ctrl.abort() };
  };

  return (
    <div className="portfolio-upload" data-testid={`talent-upload-${talentType}`}>
      <Upload.Dragger
        name="file"
        accept="image/*,video/*"
        multiple
        listType="picture"
        fileList={files}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={({ fileList }) => onChange(fileList.map((f) => (f.status === 'done' && f.response && !f.url ? { ...f, url: f.response.url } : f)))}
        onRemove={() => setProblem(null)}
      >
        <span className="portfolio-upload__inner">
          <InboxOutlined className="portfolio-upload__icon" aria-hidden="true" />
          <span className="portfolio-upload__text">{t('talent.uploadText')}</span>
          <span className="portfolio-upload__hint">{t('talent.portfolioHint')}</span>
        </span>
      </Upload.Dragger>
      {problem && (
        <p className="field-error portfolio-upload__problem" role="alert" data-testid={`talent-upload-error-${talentType}`}>
          {problem}
        </p>
      )}
    </div>
  );
}
