import { ArrowLeftOutlined } from '@ant-design/icons';
import { LoadFailed, NotFound, isNotFound } from '../../components/PageState';

/**
 * What a detail page shows instead of its content, drawn by the page-state kit: no id given or not found
 * (404), or another failure with the kit's retry. Shared by the influencer and company pages.
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
  texts: { missingId: string; notFound: string; notFoundText?: string; errorTitle: string; back: string };
  onRetry: () => void;
  retrying: boolean;
  back: () => void;
  testId: string;
}) {
  const backButton = (
    <button type="button" className="btn btn--ghost" onClick={back} data-testid={`${testId}-back`}>
      <ArrowLeftOutlined aria-hidden="true" /> {texts.back}
    </button>
  );
  return (
    <div className="container tk-page">
      {missingId || isNotFound(error) ? (
        <NotFound
          testId={`${testId}-not-found`}
          title={missingId ? texts.missingId : texts.notFound}
          text={missingId ? undefined : texts.notFoundText}
          actions={backButton}
        />
      ) : (
        <LoadFailed testId={testId} title={texts.errorTitle} onRetry={onRetry} retrying={retrying} actions={backButton} />
      )}
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
