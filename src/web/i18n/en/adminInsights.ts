import type zh from '../zh-CN/adminInsights';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  title: '',
};

export default en;
