import { useCallback } from 'react';
import { useErrorText } from '../../lib/errors';
import type { FieldError } from '../../lib/validation';

/** Text for a field error in the current language (unknown codes read as a generic bad-input text). */
export function useFieldText() {
  const { errorText } = useErrorText();
  return useCallback(
    (err: FieldError | undefined): string | undefined => {
      if (!err) return undefined;
      return errorText(err.code, err.params);
    },
    [errorText],
  );
}
