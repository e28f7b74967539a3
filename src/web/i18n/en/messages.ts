import type zh from '../zh-CN/messages';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  documentTitle: 'Messages',
  title: 'Messages',
  empty: 'No messages yet',
  emptyCompany: 'Click “Contact” on an influencer’s page to start a conversation; every accepted application gets a conversation of its own',
  emptyInfluencer: 'When a company contacts you or accepts your application, the conversation appears here',
  unread: '{{count}} unread',
  notFound: 'The conversation does not exist',
  back: 'Back to messages',
  reply: 'Reply',
  replyPlaceholder: 'Write a message…',
  send: 'Send',
  you: 'Me',
  /** a message the influencer's agency wrote for it (decision 0045) */
  onBehalf: '{{agency}} on behalf of {{influencer}}',
  errorTitle: 'Could not load messages',
  signIn: 'Please sign in to see your messages',
  image: '[Image]',
  addImage: 'Add images',
  removeImage: 'Remove image',
  imageAlt: 'Image {{n}} of the message',
  read: 'Read',
  sent: 'Sent',
  dealTag: 'Deal',
  openDeal: 'Open the deal',
  dealThread: 'Deal conversation',
  dealThreadHint: 'Everything the two of you say about this deal is kept here; admins can read it when there is a dispute.',
  readOnly: 'You are reading this deal’s conversation as an admin (read only).',
  disabled: 'This influencer does not accept messages',
  noMessages: 'No messages yet: say hello',
  findInfluencers: 'Find influencers',
  failed: 'Could not send, please try again',
};
export default en;
