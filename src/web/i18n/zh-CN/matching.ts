/** 推荐达人 and 为你推荐 (decision 0019). */
const matching = {
  loading: '正在加载推荐…',
  opensInNewTab: '（在新标签页打开）',
  reasonsLabel: '推荐理由',
  influencers: {
    title: '推荐达人',
    open: '推荐达人',
    drawerTitle: '推荐达人 · {{title}}',
    note: '按类目、报价、评分、平台战绩和档期为此任务挑选，尚未报名的达人。',
    rating: '{{rating}} 分（{{count}} 条评价）',
    empty: '暂时没有合适的达人',
    closed: '任务已不在招募中，暂无推荐',
    invite: '邀请',
    inviteLabel: '邀请 {{name}}',
    invited: '已邀请',
    remaining: '今日还可邀请 {{count}} 次',
    limitReached: '今日邀请次数已用完，明天再来',
  },
  tasks: {
    title: '为你推荐',
  },
  reason: {
    influencer: {
      category: '类目匹配',
      rate: '报价在预算内',
      rating: '评分高',
      delivered: '平台战绩',
      free: '直播当天有档期',
      language: '语言符合',
      location: '同城',
      reliable: '合作靠谱',
    },
    roster: {
      category: '达人擅长的类目',
      rate: '预算符合达人报价',
      rating: '企业评分高',
      delivered: '企业合作经验多',
      free: '达人当天有档期',
      language: '需要达人会的语言',
      location: '在达人所在城市',
      reliable: '企业履约率高',
    },
    task: {
      category: '你擅长的类目',
      rate: '预算符合你的报价',
      rating: '企业评分高',
      delivered: '企业合作经验多',
      free: '你当天有档期',
      language: '需要你会的语言',
      location: '在你的城市',
      reliable: '企业履约率高',
    },
  },
};

export default matching;
