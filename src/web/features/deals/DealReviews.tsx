import { cloneElement, useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Rate } from 'antd';
import { EyeInvisibleOutlined, StarFilled } from '@ant-design/icons';
import type { Schema } from '../../lib/client';
import { replyForm, reviewForm } from '@shared/schemas/reviews';
import { useFeedback } from '../../components/feedback';
import { useErrorText } from '../../lib/errors';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { useFieldText } from '../auth/useFieldText';
import { useReplyToReview, useWriteReview } from './api';
import { useDealFormat } from './format';
import './reviews.css';

type DealDetail = Schema<'DealDetail'>;
type DealReview = Schema<'DealReview'>;

/**
 * 评价 on a completed deal (decision 0015): the viewer's form while the 14-day window is open, their own
 * review (blind until published), the other side's once published — or only whether it was written —
 * and the reply form for the review about the viewer. Admins read both.
 */
export function DealReviews({ d }: { d: DealDetail }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  if (d.status !== 'completed') return null;
  const r = d.reviews;
  const role = d.viewerRole;
  const mine = role === 'company' ? r.byCompany : role === 'influencer' ? r.byInfluencer : null;
  const theirs = role === 'company' ? r.byInfluencer : role === 'influencer' ? r.byCompany : null;
  const theirsWrote = role === 'company' ? r.influencerWrote : r.companyWrote;
  const nobody = !r.companyWrote && !r.influencerWrote;
  return (
    <section className="card dl-card" aria-labelledby="dl-reviews" data-testid="deal-reviews" data-open={r.open}>
      <h2 className="dl-card__title" id="dl-reviews">
        {t('sections.reviews')}
      </h2>
      <p className="dl-muted">
        {r.canWrite
          ? t('reviews.intro', { time: f.dateTime(r.windowEndsAt) })
          : r.open
            ? t('reviews.windowEnds', { time: f.dateTime(r.windowEndsAt) })
            : nobody
              ? t('reviews.closedNone')
              : t('reviews.closed', { time: f.dateTime(r.windowEndsAt) })}
      </p>
      {role === 'admin' ? (
        <>
          <h3 className="dl-sub">{t('reviews.byCompany')}</h3>
          {r.byCompany ? <ReviewCard review={r.byCompany} dealId={d.id} /> : <p className="dl-muted">{t('reviews.notWritten')}</p>}
          <h3 className="dl-sub">{t('reviews.byInfluencer')}</h3>
          {r.byInfluencer ? <ReviewCard review={r.byInfluencer} dealId={d.id} /> : <p className="dl-muted">{t('reviews.notWritten')}</p>}
        </>
      ) : (
        <>
          <h3 className="dl-sub">{t('reviews.mine')}</h3>
          {mine ? (
            <ReviewCard review={mine} dealId={d.id} testId="deal-review-mine" />
          ) : r.canWrite ? (
            <ReviewFormCard dealId={d.id} />
          ) : (
            <p className="dl-muted">{t('reviews.notWritten')}</p>
          )}
          <h3 className="dl-sub">{t('reviews.theirs')}</h3>
          {theirs ? (
            <ReviewCard review={theirs} dealId={d.id} testId="deal-review-theirs" />
          ) : (
            <p className="dl-waiting" data-testid="deal-review-waiting" data-written={theirsWrote}>
              {theirsWrote ? t('reviews.theirsWritten') : r.open ? t('reviews.waitingTheirs') : t('reviews.theirsWaitingClosed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Stars({ n }: { n: number }) {
  const { t } = useTranslation('deals');
  return (
    <span className="rv-stars" role="img" aria-label={t('reviews.stars', { count: n })} data-testid="deal-review-stars" data-rating={n}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarFilled key={i} className={i < n ? 'rv-star' : 'rv-star rv-star--off'} aria-hidden="true" />
      ))}
    </span>
  );
}

function ReviewCard({ review, dealId, testId }: { review: DealReview; dealId: string; testId?: string }) {
  const { t } = useTranslation('deals');
  const f = useDealFormat();
  return (
    <article className="rv-card" data-testid={testId} data-side={review.authorSide} data-revealed={review.revealedAt !== null}>
      <p className="rv-card__head">
        <Stars n={review.rating} />
        <span className="dl-muted rv-card__state">
          {review.revealedAt ? t('reviews.published', { time: f.dateTime(review.revealedAt) }) : t('reviews.blind')}
        </span>
      </p>
      <p className="dl-text" data-testid="deal-review-comment">
        {review.comment}
      </p>
      {review.hiddenAt && (
        <p className="dl-banner dl-banner--muted rv-card__hidden" data-testid="deal-review-hidden">
          <EyeInvisibleOutlined aria-hidden="true" /> {t('reviews.hidden', { reason: review.hiddenReason ?? '' })}
        </p>
      )}
      {review.reply && (
        <div className="rv-reply" data-testid="deal-review-reply">
          <span className="rv-reply__label">{t('reviews.yourReply')}</span>
          <p className="dl-text">{review.reply}</p>
        </div>
      )}
      {review.canReply && <ReplyForm reviewId={review.id} dealId={dealId} />}
    </article>
  );
}

function ReviewFormCard({ dealId }: { dealId: string }) {
  const { t } = useTranslation('deals');
  const p = useId();
  const fieldText = useFieldText();
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const write = useWriteReview(dealId);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const parsed = reviewForm.safeParse({ rating: rating || undefined, comment });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setFormError(null);
    write.mutate(parsed.data, {
      onSuccess: () => feedback.success(t('reviews.submitted')),
      onError: (err) => setFormError(apiErrorText(err, t('failed'))),
    });
  };
  const ratingError = errors.rating ? t('reviews.ratingRequired') : undefined;
  const commentError = fieldText(errors.comment);
  // each star is a radio named by its count (antd's stars carry no name of their own)
  const named = (node: ReactElement, { index = 0 }: { index?: number }) => {
    const star = node as ReactElement<{ children: ReactElement<Record<string, unknown>> }>;
    return cloneElement(star, {}, cloneElement(star.props.children, { 'aria-label': t('reviews.stars', { count: index + 1 }) }));
  };

  return (
    <div className="rv-form" data-testid="deal-review-form">
      <span className="rv-form__label" id={`${p}-rating`}>
        {t('reviews.ratingLabel')}
      </span>
      <div role="radiogroup" aria-labelledby={`${p}-rating`} aria-describedby={ratingError ? `${p}-rating-help` : undefined}>
        <Rate
          value={rating}
          onChange={(v) => {
            setRating(v);
            setErrors(({ rating: _drop, ...rest }) => rest);
          }}
          characterRender={named}
          className="rv-rate"
          data-testid="deal-review-rating"
        />
      </div>
      {ratingError && (
        <span className="rv-error" id={`${p}-rating-help`} role="alert">
          {ratingError}
        </span>
      )}
      <label className="rv-form__label" htmlFor={`${p}-comment`}>
        {t('reviews.comment')}
      </label>
      <Input.TextArea
        id={`${p}-comment`}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
          setErrors(({ comment: _drop, ...rest }) => rest);
        }}
        placeholder={t('reviews.commentPlaceholder')}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={1000}
        showCount
        status={commentError ? 'error' : undefined}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? `${p}-comment-help` : undefined}
        data-testid="deal-review-comment-input"
      />
      {commentError && (
        <span className="rv-error" id={`${p}-comment-help`} role="alert">
          {commentError}
        </span>
      )}
      {formError && (
        <p className="rv-error" role="alert" data-testid="deal-review-error">
          {formError}
        </p>
      )}
      <Button type="primary" onClick={submit} loading={write.isPending} className="rv-form__submit" data-testid="deal-review-submit">
        {t('reviews.submit')}
      </Button>
    </div>
  );
}

function ReplyForm({ reviewId, dealId }: { reviewId: string; dealId: string }) {
  const { t } = useTranslation('deals');
  const p = useId();
  const fieldText = useFieldText();
  const { apiErrorText } = useErrorText();
  const feedback = useFeedback();
  const send = useReplyToReview(dealId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = replyForm.safeParse({ reply: text });
    if (!parsed.success) {
      setError(fieldText(issuesToErrors(parsed.error.issues).reply) ?? t('reviews.replyRequired'));
      return;
    }
    setError(null);
    send.mutate(
      { reviewId, reply: parsed.data.reply },
      { onSuccess: () => feedback.success(t('reviews.replied')), onError: (err) => setError(apiErrorText(err, t('failed'))) },
    );
  };
  return (
    <div className="rv-form rv-form--reply" data-testid="deal-review-reply-form">
      <label className="rv-form__label" htmlFor={`${p}-reply`}>
        {t('reviews.replyLabel')}
      </label>
      <Input.TextArea
        id={`${p}-reply`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        placeholder={t('reviews.replyPlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={1000}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${p}-reply-help` : undefined}
        data-testid="deal-review-reply-input"
      />
      {error && (
        <span className="rv-error" id={`${p}-reply-help`} role="alert">
          {error}
        </span>
      )}
      <Button onClick={submit} loading={send.isPending} className="rv-form__submit" data-testid="deal-review-reply-submit">
        {t('reviews.replySubmit')}
      </Button>
    </div>
  );
}
