import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { useErrorText } from '../../lib/errors';
import { uploadDealFile } from './api';

export type PrivateImage = { id: string; url: string; preview: string };

/**
 * Private images (purpose deal-file: report screenshots, dispute evidence, message images), each
 * uploaded as soon as it is chosen, at most `max`. Checks type and size before sending.
 */
export function usePrivateImages(value: PrivateImage[], onChange: (v: PrivateImage[]) => void, max: number, onBusy?: (delta: number) => void) {
  const { t } = useTranslation('deals');
  const { errorText, apiErrorText } = useErrorText();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const latest = useRef(value);
  latest.current = value;

  const pick = async (files: FileList | null) => {
    if (!files) return;
    setProblem(null);
    const room = max - latest.current.length;
    for (const file of [...files].slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        setProblem(errorText('IMAGE_ONLY'));
        continue;
      }
      if (file.size > LIMITS.avatarMaxBytes) {
        setProblem(errorText('FILE_TOO_LARGE', { max: '10MB' }));
        continue;
      }
      setPending((n) => n + 1);
      onBusy?.(1);
      try {
        const res = await uploadDealFile(file);
        const next = [...latest.current, { id: res.id, url: res.url, preview: URL.createObjectURL(file) }];
        latest.current = next;
        onChange(next);
      } catch (err) {
        setProblem(apiErrorText(err, t('failed')));
      } finally {
        setPending((n) => n - 1);
        onBusy?.(-1);
      }
    }
    if (inputRef.current) inputRef.current.value = '';
  };
  return { inputRef, pick, pending, problem, clearProblem: () => setProblem(null), open: () => inputRef.current?.click() };
}
