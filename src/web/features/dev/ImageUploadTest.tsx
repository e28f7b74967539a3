import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Progress } from 'antd';
import { CheckCircleFilled, CopyOutlined, ExportOutlined, InboxOutlined, LockOutlined, PictureOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@shared/limits';
import { useFeedback } from '../../components/feedback';
import { isApiError } from '../../lib/api';
import type { Schema } from '../../lib/client';
import { useErrorText } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMe } from '../auth/api';
import { useAuthDialog } from '../auth/authDialogContext';
import { isDevOnly, uploadTestImage } from './devtoolsApi';
import './devtools.css';

type UploadResponse = Schema<'UploadResponse'>;

const MAX_LABEL = `${Math.round(LIMITS.imageTestMaxBytes / 1024 / 1024)}MB`;

export function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; result: UploadResponse }
  | { kind: 'error'; text: string }
  | { kind: 'devOnly' }
  | { kind: 'signIn' };

/** Picks, checks (image, ≤ 10 MB) and uploads one image; the state of the two test pages. */
function useImageUpload() {
  const { t } = useTranslation('devtools');
  const { errorText, apiErrorText } = useErrorText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => () => ctrl.current?.abort(), []);
  // signed in again after the session ended: the uploader comes back
  const userId = useMe().data?.id;
  useEffect(() => {
    if (userId) setState((s) => (s.kind === 'signIn' ? { kind: 'idle' } : s));
  }, [userId]);

  const check = (file: File): string | null => {
    if (!file.type.startsWith('image/')) return errorText('IMAGE_ONLY');
    if (file.size > LIMITS.imageTestMaxBytes) return errorText('FILE_TOO_LARGE', { max: MAX_LABEL });
    return null;
  };

  const upload = (file: File) => {
    const bad = check(file);
    if (bad) {
      setState({ kind: 'error', text: bad });
      return;
    }
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setState({ kind: 'uploading', percent: 0 });
    uploadTestImage(file, { signal: c.signal, onProgress: (percent) => setState({ kind: 'uploading', percent }) }).then(
      (result) => {
        if (!c.signal.aborted) setState({ kind: 'done', result });
      },
      (err: unknown) => {
        if (c.signal.aborted) return;
        if (isDevOnly(err)) setState({ kind: 'devOnly' });
        // the session ended while the page was open: the server uploads only for signed-in users
        else if (isApiError(err) && err.status === 401) setState({ kind: 'signIn' });
        else setState({ kind: 'error', text: apiErrorText(err, t('image.failed'), t('requestError')) });
      },
    );
  };

  return { state, setState, check, upload };
}

function ResultDetails({ result, variant }: { result: UploadResponse; variant: 'basic' | 'avatar' }) {
  const { t } = useTranslation('devtools');
  const feedback = useFeedback();
  const absolute = new URL(result.url, window.location.origin).href;
  const copy = () => {
    if (!navigator.clipboard) {
      feedback.error(t('image.copyFailed'));
      return;
    }
    navigator.clipboard.writeText(absolute).then(
      () => feedback.success(t('image.copied')),
      () => feedback.error(t('image.copyFailed')),
    );
  };
  return (
    <div data-testid="image-test-result">
      <p className="field-ok devtools-ok" role="status">
        <CheckCircleFilled aria-hidden="true" /> {t('image.success')}
      </p>
      {variant === 'basic' ? (
        <figure className="devtools-preview">
          <img src={result.url} alt={t('image.preview')} data-testid="image-test-preview" />
        </figure>
      ) : (
        <div className="devtools-profile-mock">
          <img src={result.url} alt={t('image.avatarPreview')} className="devtools-profile-mock__avatar" data-testid="image-test-preview" />
          <div>
            <p className="devtools-profile-mock__name">{t('image.sampleName')}</p>
            <p className="devtools-muted">{t('image.sampleMeta')}</p>
          </div>
          <div className="devtools-profile-mock__sizes" aria-hidden="true">
            <img src={result.url} alt="" className="devtools-avatar-sm" />
            <img src={result.url} alt="" className="devtools-avatar-xs" />
          </div>
        </div>
      )}
      <dl className="devtools-dl">
        <div>
          <dt>{t('image.url')}</dt>
          <dd>
            <a href={result.url} target="_blank" rel="noopener noreferrer" className="devtools-url" data-testid="image-test-url">
              {absolute}
            </a>
            <span className="devtools-url-actions">
              <Button size="small" icon={<CopyOutlined />} onClick={copy} data-testid="image-test-copy">
                {t('image.copy')}
              </Button>
              <a href={result.url} target="_blank" rel="noopener noreferrer" className="devtools-open">
                <ExportOutlined aria-hidden="true" /> {t('image.open')}
              </a>
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('image.size')}</dt>
          <dd data-testid="image-test-size" data-bytes={result.size}>
            {formatBytes(result.size)} <span className="devtools-muted">({result.size.toLocaleString()} B)</span>
          </dd>
        </div>
        <div>
          <dt>{t('image.dimensions')}</dt>
          <dd data-testid="image-test-dimensions">
            {result.width && result.height ? t('image.dimensionsValue', { width: result.width, height: result.height }) : t('image.unknown')}
          </dd>
        </div>
        <div>
          <dt>{t('image.type')}</dt>
          <dd data-testid="image-test-type">{result.mime}</dd>
        </div>
        <div>
          <dt>{t('image.name')}</dt>
          <dd className="devtools-break">{result.originalName || t('image.unknown')}</dd>
        </div>
        <div>
          <dt>{t('image.id')}</dt>
          <dd>
            <code className="devtools-code">{result.id}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function ResultCard({ state, variant }: { state: State; variant: 'basic' | 'avatar' }) {
  const { t } = useTranslation('devtools');
  return (
    <section className="card" aria-labelledby="image-result-title" aria-live="polite">
      <h2 id="image-result-title" className="devtools-card-title">
        {t('image.resultTitle')}
      </h2>
      {state.kind === 'done' ? (
        <ResultDetails result={state.result} variant={variant} />
      ) : (
        <div className="devtools-empty">
          <PictureOutlined aria-hidden="true" />
          <p>{t('image.resultEmpty')}</p>
        </div>
      )}
    </section>
  );
}

function Problem({ state }: { state: State }) {
  const { t } = useTranslation('devtools');
  if (state.kind === 'error') {
    return <Alert type="error" showIcon title={state.text} className="devtools-alert-inline" data-testid="image-test-error" />;
  }
  if (state.kind === 'devOnly') {
    return (
      <Alert type="info" showIcon title={t('devOnly')} description={t('devOnlyText')} className="devtools-alert-inline" data-testid="image-test-unavailable" />
    );
  }
  return null;
}

/** Visitors (and expired sessions) see this instead of the uploader: the pages upload only when signed in. */
function SignInRequired() {
  const { t } = useTranslation('devtools');
  const dialog = useAuthDialog();
  return (
    <section className="card" aria-labelledby="image-signin-title" data-testid="image-test-signin">
      <div className="devtools-empty">
        <LockOutlined aria-hidden="true" />
        <h2 id="image-signin-title" className="devtools-card-title">
          {t('image.signInTitle')}
        </h2>
        <p>{t('image.signInText')}</p>
        <Button type="primary" size="large" onClick={() => dialog.open({ mode: 'signin' })} data-testid="image-test-signin-button">
          {t('image.signIn')}
        </Button>
      </div>
    </section>
  );
}

/** The page frame of both test pages: the heading, then the uploader only for a signed-in user. */
function TestPage({
  title,
  subtitle,
  state,
  variant,
  children,
}: {
  title: string;
  subtitle: string;
  state: State;
  variant: 'basic' | 'avatar';
  children: ReactNode;
}) {
  const me = useMe();
  const signedOut = me.data === null || state.kind === 'signIn';
  return (
    <div className="page devtools">
      <div className="container">
        <header className="page-head">
          <span className="devtools-tag">DEV</span>
          <h1>{title}</h1>
          <p>{subtitle}</p>
        </header>
        {me.isPending ? (
          <div className="devtools-empty" role="status" aria-live="polite" data-testid="image-test-loading">
            <span className="spinner" aria-hidden="true" />
          </div>
        ) : signedOut ? (
          <SignInRequired />
        ) : (
          <div className="devtools-grid">
            {children}
            <ResultCard state={state} variant={variant} />
          </div>
        )}
      </div>
    </div>
  );
}

/** /image-upload-test — choose an image, see it locally, upload it, read the returned details. */
export function BasicImageUploadTest() {
  const { t } = useTranslation('devtools');
  usePageTitle(t('image.documentTitle'));
  const { state, setState, check, upload } = useImageUpload();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const choose = (f: File | undefined) => {
    if (!f) return;
    const bad = check(f);
    if (bad) {
      setFile(null);
      setLocalUrl(null);
      setState({ kind: 'error', text: bad });
      return;
    }
    setFile(f);
    setLocalUrl(URL.createObjectURL(f));
    setState({ kind: 'idle' });
  };

  const uploading = state.kind === 'uploading';

  return (
    <TestPage title={t('image.title')} subtitle={t('image.subtitle')} state={state} variant="basic">
      <section className="card" aria-labelledby="image-pick-title">
        <h2 id="image-pick-title" className="devtools-card-title">
          {t('image.pickTitle')}
        </h2>
        <div className="devtools-picker" data-testid="image-test-picker">
          <div className="devtools-picker__frame" aria-hidden="true">
            {localUrl ? <img src={localUrl} alt="" /> : <PictureOutlined />}
          </div>
          <label htmlFor={inputId} className="visually-hidden">
            {t('image.pick')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="image-test-input"
          />
          <p className="devtools-muted" data-testid="image-test-selected">
            {file ? t('image.selected', { name: file.name, size: formatBytes(file.size) }) : t('image.noFile')}
          </p>
          <p className="devtools-muted devtools-small">{t('image.dropHint')}</p>
          <div className="devtools-actions">
            <Button icon={<PictureOutlined />} size="large" onClick={() => inputRef.current?.click()} disabled={uploading} data-testid="image-test-pick">
              {file ? t('image.repick') : t('image.pick')}
            </Button>
            <Button
              type="primary"
              size="large"
              icon={<UploadOutlined />}
              disabled={!file || uploading}
              loading={uploading}
              onClick={() => file && upload(file)}
              data-testid="image-test-upload"
            >
              {state.kind === 'uploading' ? t('image.uploading', { percent: state.percent }) : t('image.upload')}
            </Button>
          </div>
          {state.kind === 'uploading' && <Progress percent={state.percent} data-testid="image-test-progress" aria-label={t('image.upload')} />}
        </div>
        <Problem state={state} />
      </section>
    </TestPage>
  );
}

/** /influencer-image-upload-test — avatar variant: drag and drop, uploads at once, round preview. */
export function AvatarImageUploadTest() {
  const { t } = useTranslation('devtools');
  usePageTitle(t('image.avatarDocumentTitle'));
  const { state, upload } = useImageUpload();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = state.kind === 'uploading';

  return (
    <TestPage title={t('image.avatarTitle')} subtitle={t('image.avatarSubtitle')} state={state} variant="avatar">
      <section className="card" aria-labelledby="avatar-pick-title">
        <h2 id="avatar-pick-title" className="devtools-card-title">
          {t('image.pickTitle')}
        </h2>
        <div
          className={`devtools-drop${dragging ? ' is-dragging' : ''}${uploading ? ' is-busy' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const f = e.dataTransfer.files?.[0];
            if (f && !uploading) upload(f);
          }}
          data-testid="image-test-dropzone"
        >
          <div className="devtools-drop__avatar" aria-hidden="true">
            {state.kind === 'done' ? <img src={state.result.url} alt="" /> : <UserOutlined />}
            {uploading && <Progress type="circle" percent={state.percent} size={112} className="devtools-drop__ring" strokeColor="#d4380d" showInfo={false} />}
          </div>
          <InboxOutlined className="devtools-drop__icon" aria-hidden="true" />
          <label htmlFor={inputId} className="devtools-drop__text">
            {t('image.dropText')}
          </label>
          <p className="devtools-muted devtools-small">{t('image.dropHint')}</p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload(f);
              e.target.value = '';
            }}
            data-testid="image-test-input"
          />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => inputRef.current?.click()} loading={uploading} data-testid="image-test-pick">
            {state.kind === 'uploading' ? t('image.uploading', { percent: state.percent }) : t('image.pick')}
          </Button>
          {uploading && (
            <span className="visually-hidden" role="status">
              {t('image.uploading', { percent: state.percent })}
            </span>
          )}
        </div>
        <Problem state={state} />
      </section>
    </TestPage>
  );
}
