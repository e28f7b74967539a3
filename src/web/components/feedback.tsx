import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { withAntd } from '../app/withAntd';

/**
 * App-wide feedback (toasts and notice dialogs) that survives navigation and closing dialogs.
 * The antd message / modal host is its own chunk, loaded the first time something is shown,
 * which keeps antd's App / Modal out of the initial bundle. Use `useFeedback()` instead of
 * antd's static `message` / `Modal.info` (those cannot see the theme and locale).
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type NoticeOptions = { title: string; content: string; okText?: string };
export type FeedbackItem = { id: number; type: 'toast'; kind: ToastKind; text: string } | { id: number; type: 'notice'; notice: NoticeOptions };

export type FeedbackApi = {
  toast: (kind: ToastKind, text: string) => void;
  success: (text: string) => void;
  error: (text: string) => void;
  notice: (opts: NoticeOptions) => void;
};

const FeedbackContext = createContext<FeedbackApi | null>(null);
const FeedbackHost = lazy(() => withAntd(import('./FeedbackHost')));

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type NewItem = DistributiveOmit<FeedbackItem, 'id'>;

let seq = 0;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<FeedbackItem[]>([]);
  const [hostWanted, setHostWanted] = useState(false);

  const push = useCallback((item: NewItem) => {
    setHostWanted(true);
    setQueue((q) => [...q, { ...item, id: ++seq }]);
  }, []);
  const consumed = useCallback((ids: number[]) => setQueue((q) => q.filter((i) => !ids.includes(i.id))), []);

  const api = useMemo<FeedbackApi>(() => {
    const toast = (kind: ToastKind, text: string) => push({ type: 'toast', kind, text });
    return {
      toast,
      success: (text) => toast('success', text),
      error: (text) => toast('error', text),
      notice: (notice) => push({ type: 'notice', notice }),
    };
  }, [push]);

  return (
    <FeedbackContext.Provider value={api}>
      {children}
      {hostWanted && (
        <Suspense fallback={null}>
          <FeedbackHost queue={queue} onConsumed={consumed} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): FeedbackApi {
  const ctx = useContext(FeedbackContext);
  if (!ctx) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return ctx;
}
