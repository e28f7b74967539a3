import { describe, expect, it } from 'vitest';
import { renderNotification } from './notifications';

describe('notifications show amounts and times the app’s way (decision 0029)', () => {
  it('a quote or an offered rate (rateCents, integer cents since decision 0053) reads like every amount: $1,200.00', () => {
    const invited = { type: 'invitation_received', params: { company: '花语美妆', task: '秋冬上新', rateCents: 120_000 } };
    expect(renderNotification(invited, 'zh').body).toBe('企业「花语美妆」邀请您参与任务「秋冬上新」，报价 $1,200.00。请在 72 小时内回复。');
    expect(renderNotification(invited, 'en').body).toBe('花语美妆 invited you to "秋冬上新" at $1,200.00. Please answer within 72 hours.');
    const applied = { type: 'application_received', params: { influencer: 'Lily', task: 'Coats', rateCents: 380_000 } };
    expect(renderNotification(applied, 'en').body).toBe('Lily applied for "Coats" with a quote of $3,800.00.');
    expect(renderNotification({ type: 'application_resubmitted', params: { influencer: 'Lily', task: 'Coats', rateCents: 9950 } }, 'zh').body).toContain(
      '报价 $99.50。',
    );
  });

  it('a live’s start (stored as Beijing time) reads in the language’s numeric form, never as an ISO day', () => {
    const proposed = { type: 'deal_schedule_proposed', params: { task: 'Coats', start: '2026-11-27 09:05' } };
    expect(renderNotification(proposed, 'zh').body).toBe('任务「Coats」的直播排期：2026/11/27 09:05（北京时间），请在订单中确认。');
    expect(renderNotification(proposed, 'en').body).toBe('Proposed live for "Coats": 11/27/2026, 09:05 (Beijing time). Please confirm it on the deal page.');
    const reminder = { type: 'deal_reminder', params: { task: 'Coats', start: '2026-11-27 21:30', hours: 2 } };
    expect(renderNotification(reminder, 'en').body).toBe('The live for "Coats" starts in 2 h (11/27/2026, 21:30, Beijing time).');
    // a stored text of another shape is shown as it is
    expect(renderNotification({ type: 'deal_scheduled', params: { task: 'Coats', start: '明晚八点' } }, 'zh').body).toBe(
      '任务「Coats」的直播定于 明晚八点（北京时间）。',
    );
  });
});
