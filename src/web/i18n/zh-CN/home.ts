/** Home page (/) */
export default {
  documentTitle: '首页',
  hero: {
    eyebrow: '直播电商达人合作平台',
    title: '让品牌与优质直播达人',
    titleAccent: '高效对接',
    subtitle: '企业发布直播带货任务，达人在线接单。严格筛选的达人、品牌保障与数据驱动的精准匹配，让每一场直播都物有所值。',
    ctaInfluencer: '我是达人，立即入驻',
    ctaCompany: '我是品牌，发布任务',
    points: {
      fee: '平台服务费仅 {{fee}}%',
      settlement: '{{settlement}} 小时内自动结算',
      review: '1-3 个工作日完成认证',
    },
    art: {
      live: '直播中',
      viewers: '2.3万 观看',
      product: '爆款好物',
      orders: '本场成交',
      matched: '匹配成功',
    },
  },
  stats: {
    title: '平台数据',
    registeredUsers: '注册用户',
    partnerBrands: '合作品牌',
    successCases: '成功案例',
    liveSessions: '直播场次',
    unavailable: '暂时无法获取平台数据',
  },
  videos: {
    title: '精选直播视频',
    subtitle: '看看达人们最新的直播带货作品',
    viewAll: '查看全部视频',
  },
  why: {
    title: '为什么选择我们',
    subtitle: '从达人筛选到结算售后，为品牌与达人提供全流程的专业保障',
    influencers: {
      title: '专业达人',
      text: '所有入驻达人均经过严格筛选与资质认证，直播经验、擅长品类和历史表现一目了然，合作更放心。',
    },
    brand: {
      title: '品牌保障',
      text: '企业资质认证、预付款与保证金机制，平台服务费仅 {{fee}}%，无争议直播结束后 {{settlement}} 小时内自动结算。',
    },
    data: {
      title: '数据驱动',
      text: '基于粉丝数据、直播场次与带货表现智能匹配达人，让每一笔推广预算都花在最合适的人身上。',
    },
    quality: {
      title: '品质保证',
      text: '合作完成后双方互评，真实评价沉淀达人口碑；发生纠纷时平台 24 小时内介入处理。',
    },
  },
  process: {
    title: '一站式合作流程',
    post: { title: '任务发布', text: '企业设定预算、直播时间与要求，快速发布带货任务' },
    take: { title: '达人接单', text: '达人浏览任务大厅，提交报价与合作申请' },
    communicate: { title: '沟通协作', text: '双方在线沟通直播细节，确认合作方案' },
    settle: { title: '结算保障', text: '直播结束无争议 {{settlement}} 小时内结算，{{payoutMin}}-{{payoutMax}} 个工作日到账' },
    dispute: { title: '纠纷处理', text: '平台 24 小时内介入，公正高效处理合作争议' },
  },
  cta: {
    title: '立即加入，开启直播带货新机会',
    subtitle: '无论您是想接任务的直播达人，还是寻找带货伙伴的品牌商家，都能在这里找到合适的合作。',
    influencer: '注册成为达人',
    company: '注册企业账号',
  },
};
