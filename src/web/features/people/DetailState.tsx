import type { ReactNode } from 'react';
import { ArrowLeftOutlined, FileSearchOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { StateBox } from '../../components/PageState';
import { isApiError } from '../../lib/api';

/**
 * What a detail page shows instead of its content: no id given, not found (404), or another failure
 * with a retry. Shared by the influencer and company pages.
 */
export function DetailProblem({
  error,
  missingId,
  texts,
  onRetry,
  retrying,
  back,
  testId,
}: {
  error: unknown;
  missingId: boolean;
  texts: { missingId: string; notFound: string; notFoundText?: string; errorTitle: string; retry: string; back: string };
  onRetry: () => void;
  retrying: boolean;
  back: () => void;
  testId: string;
}) {
  const notFound = missingId || (isApiError(error) && error.status === 404);
  const backButton = (
    <button type="button" className="btn btn--ghost" onClick={back} data-testid={`${testId}-back`}>
      <ArrowLeftOutlined aria-hidden="true" /> {texts.back}
    </button>
  );
  let actions: ReactNode = backButton;
  if (!notFound) {
    actions = (
      <>
        <button type="button" className="btn btn--primary" onClick={onRetry} disabled={retrying} data-testid={`${testId}-retry`}>
          <ReloadOutlined aria-hidden="true" spin={retrying} /> {texts.retry}
        </button>
        {backButton}
      </>
    );
  }
  return (
    <div className="container tk-page">
      <StateBox
        testId={notFound ? `${testId}-not-found` : `${testId}-error`}
        tone="error"
        role="alert"
        icon={notFound ? <FileSearchOutlined /> : <WarningOutlined />}
        title={missingId ? texts.missingId : notFound ? texts.notFound : texts.errorTitle}
        text={notFound && !missingId ? texts.notFoundText : undefined}
        actions={actions}
      />
    </div>
  );
}

export function BackLink({ onClick, label, testId }: { onClick: () => void; label: string; testId: string }) {
  return (
    <button type="button" className="tk-back" onClick={onClick} data-testid={testId}>
      <ArrowLeftOutlined aria-hidden="true" /> {label}
    </button>
  );
}
