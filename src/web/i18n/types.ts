import type common from './zh-CN/common';
import type home from './zh-CN/home';
import type videos from './zh-CN/videos';
import type auth from './zh-CN/auth';
import type dev from './zh-CN/dev';
import type accounts from './zh-CN/accounts';
import type settings from './zh-CN/settings';
import type devtools from './zh-CN/devtools';
import type tasks from './zh-CN/tasks';
import type notifications from './zh-CN/notifications';
import type people from './zh-CN/people';
import type site from './zh-CN/site';
import type admin from './zh-CN/admin';
import type adminTasks from './zh-CN/adminTasks';
import type adminContent from './zh-CN/adminContent';
import type adminInsights from './zh-CN/adminInsights';
import type deals from './zh-CN/deals';
import type messages from './zh-CN/messages';
import type money from './zh-CN/money';
import type payouts from './zh-CN/payouts';
import type finance from './zh-CN/finance';
import type matching from './zh-CN/matching';
import type developers from './zh-CN/developers';
import type agencies from './zh-CN/agencies';
import type errors from './zh-CN/errors';

/** Typed keys for t(): register every namespace here (one line per namespace). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      videos: typeof videos;
      auth: typeof auth;
      dev: typeof dev;
      accounts: typeof accounts;
      settings: typeof settings;
      devtools: typeof devtools;
      tasks: typeof tasks;
      notifications: typeof notifications;
      people: typeof people;
      site: typeof site;
      admin: typeof admin;
      adminTasks: typeof adminTasks;
      adminContent: typeof adminContent;
      adminInsights: typeof adminInsights;
      deals: typeof deals;
      messages: typeof messages;
      money: typeof money;
      payouts: typeof payouts;
      finance: typeof finance;
      matching: typeof matching;
      developers: typeof developers;
      agencies: typeof agencies;
      errors: typeof errors;
    };
  }
}
