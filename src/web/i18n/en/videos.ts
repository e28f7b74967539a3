import type { Messages } from '../messages';
import type zh from '../zh-CN/videos';

const en: Messages<typeof zh> = {
  unknownInfluencer: 'Unknown influencer',
  uncategorized: 'Uncategorized',
  empty: 'No videos yet',
  errorTitle: 'Could not load videos',
  errorText: 'Failed to load video data, please try again later',
  retry: 'Retry',
  loading: 'Loading videos',
  posterAlt: 'Cover of the video {{title}}',
  views: 'Views',
  duration: 'Duration',
  category: 'Category',
  influencer: 'Influencer',
};
export default en;
