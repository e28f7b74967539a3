import type { Messages } from '../messages';
import type zh from '../zh-CN/matching';

const matching: Messages<typeof zh> = {
  loading: 'Loading recommendations…',
  opensInNewTab: ' (opens in a new tab)',
  reasonsLabel: 'Why recommended',
  influencers: {
    title: 'Recommended influencers',
    open: 'Recommended influencers',
    drawerTitle: 'Recommended influencers · {{title}}',
    note: 'Picked for this task by category, rate, rating, results on the platform and availability; none of them has applied yet.',
    rating: '{{rating}} ({{count}} reviews)',
    rating_one: '{{rating}} ({{count}} review)',
    empty: 'No fitting influencers right now',
    closed: 'The task no longer recruits, so there are no recommendations',
    invite: 'Invite',
    inviteLabel: 'Invite {{name}}',
    invited: 'Invited',
    remaining: '{{count}} invitations left today',
    remaining_one: '{{count}} invitation left today',
    limitReached: 'No invitations left today; try again tomorrow',
  },
  tasks: {
    title: 'Recommended for you',
  },
  reason: {
    influencer: {
      category: 'Category fit',
      rate: 'Rate within budget',
      rating: 'Highly rated',
      delivered: 'Results on the platform',
      free: 'Free on the live date',
      language: 'Speaks the language',
      location: 'Same city',
      reliable: 'Reliable',
    },
    roster: {
      category: 'Their category',
      rate: 'Budget fits their rate',
      rating: 'Well-rated company',
      delivered: 'Experienced company',
      free: 'Free on the live date',
      language: 'Needs a language they speak',
      location: 'In their city',
      reliable: 'Company keeps its deals',
    },
    task: {
      category: 'Your category',
      rate: 'Budget fits your rate',
      rating: 'Well-rated company',
      delivered: 'Experienced company',
      free: 'You are free that day',
      language: 'Needs a language you speak',
      location: 'In your city',
      reliable: 'Company keeps its deals',
    },
  },
};

export default matching;
