/** In-product notifications (header bell and its panel). */
export default {
  label: '通知',
  bellLabel: '通知，{{count}} 条未读',
  bellLabelNone: '通知，没有未读',
  title: '消息通知',
  unread: '{{count}} 条未读',
  readAll: '全部已读',
  empty: '暂无通知',
  loading: '正在加载通知',
  loadFailed: '获取通知失败',
  markFailed: '操作失败，请重试',
  unreadDot: '未读',
  relative: {
    justNow: '刚刚',
    minutes: '{{count}} 分钟前',
    hours: '{{count}} 小时前',
    yesterday: '昨天',
    days: '{{count}} 天前',
    weeks: '{{count}} 周前',
    months: '{{count}} 个月前',
    years: '{{count}} 年前',
  },
};
