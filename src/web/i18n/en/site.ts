import type zh from '../zh-CN/site';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  updated: 'Updated: {{date}}',
  version: 'Version {{version}}',
  about: {
    documentTitle: 'About us',
    title: 'About LiveCommerce Hub',
    lead: 'We connect brands, merchants and factories with short-video live-commerce influencers, making every live-selling session simpler, clearer and safer.',
    sections: [
      {
        title: 'What we do',
        body: 'Companies publish live-selling tasks with a budget, a live date and requirements; influencers browse the task hall and apply with a quote; the company picks its partner. The platform reviews profiles, holds the deal money and settles after the live session.',
      },
      {
        title: 'For companies',
        body: 'Find the right influencers by category, audience, rate and reviews, see their completed work, message them and publish a task in a minute.',
      },
      {
        title: 'For influencers',
        body: 'Find brand deals that fit your style in the task hall, with clear quotes and guaranteed income: without a dispute, settlement is automatic within {{settlement}} hours after the live session.',
      },
      {
        title: 'Our promise',
        body: 'A {{fee}}% service fee and nothing hidden; certification reviewed in {{reviewMin}}-{{reviewMax}} working days; disputes handled within {{dispute}} hours; {{satisfaction}}% customer satisfaction.',
      },
    ],
  },
  terms: {
    documentTitle: 'Terms of service',
    title: 'Terms of service',
    intro: 'Welcome to LiveCommerce Hub. By signing up for or using the platform you agree to these terms; please read them carefully.',
    sections: [
      {
        title: '1. The service',
        body: 'The platform provides information services for publishing, applying for, discussing and settling live-selling tasks between companies and influencers. It does not sell goods itself.',
      },
      {
        title: '2. Accounts and security',
        body: 'Sign up with a real, working email address and keep your password safe. Actions taken with your account count as yours; tell us at once if your account is misused.',
      },
      {
        title: '3. Profiles and review',
        body: 'Influencers and companies must provide true information. Certification is reviewed within {{reviewMin}}-{{reviewMax}} working days; the platform may refuse or withdraw certification of false information.',
      },
      {
        title: '4. Tasks and applications',
        body: 'Tasks must be real and lawful, with a budget, live date and requirements; quotes must lie within the budget. Once a company chooses an influencer, the other applications end.',
      },
      {
        title: '5. Fees and settlement',
        body: 'The platform charges a {{fee}}% service fee on the deal amount. Without a dispute, settlement is automatic within {{settlement}} hours after the live session; withdrawals arrive in {{payoutMin}}-{{payoutMax}} working days.',
      },
      {
        title: '6. Disputes',
        body: 'Either party may ask the platform to step in; it does so within {{dispute}} hours and decides on the evidence both sides provide.',
      },
      {
        title: '7. Conduct',
        body: 'No unlawful, infringing or misleading content; no private deals to avoid the service fee; no harassment of other users. The platform may suspend or close accounts that break these rules.',
      },
      {
        title: '8. Intellectual property',
        body: "You keep the rights to what you upload and allow the platform to show it on the platform to provide the service. The platform's name, logo and design belong to the platform.",
      },
      {
        title: '9. Liability',
        body: 'The platform works to keep the service available but is not liable for interruptions caused by force majeure or third parties. Its liability for transactions between users is limited as the law allows.',
      },
      {
        title: '10. Changes and contact',
        body: 'The platform may update these terms; updates are published on this page with their version. Questions are welcome through the Contact us page.',
      },
    ],
  },
  privacy: {
    documentTitle: 'Privacy policy',
    title: 'Privacy policy',
    intro: 'Your privacy matters to us. This policy explains what the platform stores, how it is used and what rights you have.',
    sections: [
      {
        title: 'What we store',
        body: "Account data (email, a hash of your password, account type, and the phone number you link); the profile you fill in (an influencer's nickname, bio, categories, rate and audience figures; a company's name, industry, contact person…); images and files you upload; sign-in sessions (session id, sign-in time, IP address); the messages you send on the platform and what you submit through Contact us.",
      },
      {
        title: 'How we use it',
        body: 'To provide the service (showing profiles, matching partners, sending notifications and codes), to keep it safe (preventing abuse and fraud, limiting unusual requests) and to answer your questions. We never sell your personal data.',
      },
      {
        title: 'Who sees what',
        body: "Under Account settings → Privacy you choose who sees your profile (everyone / registered users / only you), your contact details (everyone / your counterparts / only you) and whether you accept messages. Visitors never see an influencer's followers, rate or TikTok account. The server enforces these settings. Under Notifications you choose whether to receive email and SMS notifications.",
      },
      {
        title: 'Keeping and deleting',
        body: 'Sessions end when you sign out or when they expire. You can ask to delete your account in Account settings; after checking, we delete or anonymise your personal data except what the law requires us to keep.',
      },
      {
        title: 'Cookies',
        body: 'Only necessary cookies: your sign-in session, cross-site request protection and an anonymous visitor id for counting views. No advertising trackers.',
      },
      {
        title: 'Contact',
        body: 'For questions about this policy, or to see, correct or delete your data, use the Contact us page; we reply within {{reply}} hours.',
      },
    ],
  },
  help: {
    documentTitle: 'Help centre',
    title: 'Help centre',
    lead: "Answers to common questions. Can't find yours? Contact us.",
    searchLabel: 'Search the questions',
    searchPlaceholder: 'Type a keyword, e.g. settlement, review, quote',
    noResults: 'No matching questions',
    noResultsText: 'Try another keyword, or contact us directly.',
    results: 'Matching questions: {{count}}',
    contact: 'Contact us',
    groups: [
      {
        title: 'Getting started',
        items: [
          {
            q: 'What is the platform for?',
            a: 'Companies publish live-selling tasks, influencers apply with a quote, the company picks one and they go live together; the platform handles review, messaging and settlement.',
          },
          { q: 'How do I sign up?', a: 'Click Sign up at the top right, verify your email, choose influencer or company and set a password.' },
        ],
      },
      {
        title: 'Certification and review',
        items: [
          {
            q: 'How long does the review take?',
            a: 'Certification is usually reviewed within {{reviewMin}}-{{reviewMax}} working days; you are notified of the result.',
          },
          {
            q: 'Why does my page say "Pending review"?',
            a: 'Until approved, only you and the admins can see your page; once approved it appears in the influencer directory.',
          },
        ],
      },
      {
        title: 'Fees and settlement',
        items: [
          { q: 'What is the service fee?', a: 'The platform charges {{fee}}% of the deal amount, with no hidden fees.' },
          { q: 'When is a deal settled?', a: 'Without a dispute, automatically within {{settlement}} hours after the live session.' },
          { q: 'How long does a withdrawal take?', a: 'Withdrawals arrive {{payoutMin}}-{{payoutMax}} working days after the request.' },
        ],
      },
      {
        title: 'Tasks and deals',
        items: [
          { q: 'How do influencers apply?', a: 'Open a task from the task hall, enter a quote within the budget and a message, and submit.' },
          { q: 'How do companies contact influencers?', a: 'Click "Contact" on the influencer\'s page; they receive the message in Messages and can reply.' },
          { q: 'What if there is a dispute?', a: 'Ask the platform to step in; it does so within {{dispute}} hours.' },
        ],
      },
      {
        title: 'Account and privacy',
        items: [
          { q: 'How do I hide my contact details?', a: 'In Account settings → Privacy, set contact visibility to "Only me" or "My counterparts only".' },
          { q: 'I forgot my password', a: 'Click "Forgot password" in the sign-in window and reset it with a code sent to your email.' },
        ],
      },
      {
        title: 'Customer service',
        items: [
          {
            q: 'When is customer service available?',
            a: 'Monday to Friday {{weekdayFrom}}-{{weekdayTo}}, Saturday {{saturdayFrom}}-{{saturdayTo}} (China Standard Time).',
          },
          { q: 'How soon will I get an answer?', a: 'We reply to messages sent through Contact us within {{reply}} hours, to the email address you gave.' },
        ],
      },
    ],
  },
  contact: {
    documentTitle: 'Contact us',
    title: 'Contact us',
    lead: 'Questions or partnership ideas? Leave us a message and we reply within {{reply}} hours.',
    name: 'Name',
    email: 'Email',
    phone: 'Phone (optional)',
    subject: 'Subject',
    message: 'Message',
    userType: 'You are',
    userTypes: { general: 'General enquiry', influencer: 'Influencer', company: 'Company', media: 'Media' },
    submit: 'Send message',
    sending: 'Sending...',
    success: 'Message sent! We will reply within 24 hours',
    failed: 'Sending failed, please try again later',
    officeHours: 'Office hours',
    officeHoursText: 'Monday to Friday {{weekdayFrom}}-{{weekdayTo}}, Saturday {{saturdayFrom}}-{{saturdayTo}}',
  },
  routeTest: {
    documentTitle: 'Route test',
    title: 'Route test',
    param: 'Route parameter id',
    query: 'Query string',
    none: '(none)',
  },
};
export default en;
