import type { Schema } from '../../lib/client';

type VideoCard = Schema<'VideoCard'>;

/**
 * What a video card hands over to /video/{id} in router state (part 1 §2): the card itself, shown at
 * once (title, poster, counts, category, influencer, tags) while the page loads the detail.
 */
export type VideoRouteState = { video: VideoCard };
