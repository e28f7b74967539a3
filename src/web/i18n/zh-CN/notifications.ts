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
  retry: '重试',
  markFailed: '操作失败，请重试',
  unreadDot: '未读',
  // the server stores zh texts; these re-phrase the known types (names come from the 「」 quotes)
  types: {
    application_received: { title: '收到新的任务申请', body: '达人「{{name}}」申请了任务「{{task}}」，报价 ${{rate}}。' },
    application_accepted: { title: '您的申请已通过', body: '恭喜！您对任务「{{task}}」的申请已通过。' },
    application_refused: { title: '您的申请未通过', body: '很遗憾，您对任务「{{task}}」的申请未通过。' },
    task_cancelled: { title: '任务已取消', body: '任务「{{task}}」已被企业取消。' },
    task_completed: { title: '任务已完成', body: '任务「{{task}}」已被企业标记为完成。' },
  },
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
