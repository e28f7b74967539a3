/** Video showcase (home block, video cards; the /videos pages will add their texts here) */
export default {
  unknownInfluencer: '未知达人',
  uncategorized: '未分类',
  empty: '暂无视频',
  errorTitle: '获取视频失败',
  errorText: '获取视频数据失败，请稍后重试',
  retry: '点击重试',
  loading: '正在加载视频',
  posterAlt: '{{title}} 的视频封面',
  views: '播放量',
  duration: '时长',
  category: '分类',
  influencer: '达人',
};
