import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * Back on a detail page (part 2 §2): opened from its list (from=list) in a window that has an opener →
 * close that tab; else one step back when there is history inside the app; else `fallback`.
 */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromList = params.get('from') === 'list';
  return useCallback(() => {
    if (fromList && window.opener) {
      window.close();
      return;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  }, [fromList, navigate, fallback]);
}
