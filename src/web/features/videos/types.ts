import type { VideoCard } from '@shared/schemas/videos';

/**
 * What a video card hands over to /video/{id} in router state (part 1 §2): id, title,
 * description, video url, poster url, counts (default '0'), duration, category name
 * (default 未分类), influencer name (default 未知达人), avatar, followers, rating, tags.
 */
export type VideoRouteState = {
  video: Pick<
    VideoCard,
    | 'id'
    | 'title'
    | 'description'
    | 'videoUrl'
    | 'posterUrl'
    | 'viewsCount'
    | 'likesCount'
    | 'commentsCount'
    | 'sharesCount'
    | 'duration'
    | 'influencerAvatar'
    | 'influencerFollowers'
    | 'influencerRating'
    | 'tags'
  > & { categoryName: string; influencerName: string };
};
