-- Issue 10 item 17: the profile's 粉丝数 (followers_count) is the TikTok follower count saved on
-- /materials. Rows saved before that rule have followers_count 0 next to a declared count.
UPDATE "influencers" SET "followers_count" = "tiktok_followers_count"
WHERE "tiktok_followers_count" IS NOT NULL AND "followers_count" = 0;
