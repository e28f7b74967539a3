import type { ErrorCode } from '../../shared/errors';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { AppError } from './errors';

/** Text messages. The gateway is called by the server only; credentials come from the environment. */
export interface SmsSender {
  readonly kind: 'outbox' | 'gateway';
  send(phone: string, text: string): Promise<void>;
}

export class OutboxSms implements SmsSender {
  readonly kind = 'outbox' as const;
  constructor(private db: Db) {}
  async send(phone: string, text: string) {
    await this.db.insert(outbox).values({ channel: 'sms', to: phone, subject: null, body: text });
  }
}

/** The gateway's plain-text reply codes (part 1 §7); anything but '0' is a failure, never a false 已发送. */
export const GATEWAY_CODES: Record<string, ErrorCode> = {
  '30': 'SMS_GATEWAY_30',
  '40': 'SMS_GATEWAY_40',
  '41': 'SMS_GATEWAY_41',
  '43': 'SMS_GATEWAY_43',
  '50': 'SMS_GATEWAY_50',
  '51': 'SMS_GATEWAY_51',
};

export class GatewaySms implements SmsSender {
  readonly kind = 'gateway' as const;
  constructor(
    private cfg: Required<Config['sms']>,
    private fetchImpl: typeof fetch = fetch,
    private timeoutMs = 8000,
  ) {}
  async send(phone: string, text: string) {
    const url = new URL(this.cfg.gatewayUrl);
    url.searchParams.set('account', this.cfg.account);
    url.searchParams.set('password', this.cfg.password);
    url.searchParams.set('phone', phone);
    url.searchParams.set('message', text);
    let reply: string;
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new AppError('SMS_GATEWAY_ERROR');
      reply = (await res.text()).trim();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('SMS_GATEWAY_ERROR');
    }
    if (reply === '0') return;
    throw new AppError(GATEWAY_CODES[reply] ?? 'SMS_GATEWAY_ERROR');
  }
}

export function createSms(cfg: Config['sms'], db: Db): SmsSender {
  if (cfg.gatewayUrl && cfg.account && cfg.password) {
    return new GatewaySms({ gatewayUrl: cfg.gatewayUrl, account: cfg.account, password: cfg.password });
  }
  return new OutboxSms(db);
}
