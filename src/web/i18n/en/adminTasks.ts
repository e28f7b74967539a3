import type zh from '../zh-CN/adminTasks';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  title: '',
};

export default en;
