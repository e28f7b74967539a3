import type { Messages } from '../messages';
import type zh from '../zh-CN/dev';

const en: Messages<typeof zh> = {
  emailTest: {
    documentTitle: 'Email code test',
    title: 'Email code test',
    subtitle: 'In development, verification emails are written to the development outbox: read them below and complete the verification.',
    email: 'Email address',
    emailPlaceholder: 'Enter an email address',
    send: 'Send code',
    sending: 'Sending...',
    resendIn: 'Resend in {{seconds}} s',
    sent: 'Code sent, read it in the development outbox below',
    sendFailed: 'Sending failed',
    requestError: 'Request error',
    code: 'Code',
    codePlaceholder: 'Enter the 6-digit code',
    verifying: 'Verifying...',
    verified: 'Verified!',
    outboxTitle: 'Development outbox',
    outboxFor: 'Messages sent to {{address}} (newest first)',
    outboxHint: 'Enter an email address and send a code to see the messages sent to it here',
    refresh: 'Refresh',
    empty: 'No messages',
    disabled: 'The development outbox is disabled in production',
    loadFailed: 'Could not load the outbox',
    noSubject: '(no subject)',
    channels: { email: 'Email', sms: 'SMS' },
  },
};
export default en;
