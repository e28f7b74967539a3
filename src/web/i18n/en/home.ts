import type { Messages } from '../messages';
import type zh from '../zh-CN/home';

const en: Messages<typeof zh> = {
  documentTitle: 'Home',
  hero: {
    eyebrow: 'The live-commerce influencer marketplace',
    title: 'Connect brands with top live-selling',
    titleAccent: 'influencers, fast',
    subtitle:
      'Companies post live-selling tasks and influencers take them on. Strictly screened creators, brand guarantees and data-driven matching make every live session count.',
    ctaInfluencer: "I'm an influencer — join now",
    ctaCompany: "I'm a brand — post a task",
    points: {
      fee: 'Only {{fee}}% platform fee',
      settlement: 'Automatic settlement within {{settlement}} h',
      review: 'Verification in 1-3 working days',
    },
    art: {
      live: 'LIVE',
      viewers: '23K watching',
      product: 'Best seller',
      orders: 'Orders this session',
      matched: 'Matched',
    },
  },
  stats: {
    title: 'Platform numbers',
    registeredUsers: 'Registered users',
    partnerBrands: 'Partner brands',
    successCases: 'Success stories',
    liveSessions: 'Live sessions',
    unavailable: 'Platform numbers are not available right now',
  },
  videos: {
    title: 'Featured live videos',
    subtitle: 'The latest live-selling work from our influencers',
    viewAll: 'View all videos',
  },
  why: {
    title: 'Why choose us',
    subtitle: 'Professional safeguards for brands and influencers, from screening to settlement',
    influencers: {
      title: 'Professional influencers',
      text: 'Every influencer is strictly screened and verified. Live experience, categories and track record are clear at a glance.',
    },
    brand: {
      title: 'Brand guarantee',
      text: 'Verified companies, prepayment and deposit options, a {{fee}}% service fee, and automatic settlement within {{settlement}} hours of an undisputed live session.',
    },
    data: {
      title: 'Data-driven',
      text: 'Matching based on follower data, live sessions and sales performance, so every marketing dollar goes to the right creator.',
    },
    quality: {
      title: 'Quality guarantee',
      text: 'Both sides review each collaboration, building a trustworthy reputation; if a dispute arises, we step in within 24 hours.',
    },
  },
  process: {
    title: 'One-stop collaboration',
    post: { title: 'Post a task', text: 'Companies set budget, live date and requirements in minutes' },
    take: { title: 'Influencers apply', text: 'Influencers browse the task hall and apply with a quote' },
    communicate: { title: 'Collaborate', text: 'Both sides agree on the details of the live session online' },
    settle: { title: 'Guaranteed settlement', text: 'Settled within {{settlement}} h if undisputed, paid out in {{payoutMin}}-{{payoutMax}} working days' },
    dispute: { title: 'Dispute handling', text: 'The platform steps in within 24 hours to resolve disputes fairly' },
  },
  cta: {
    title: 'Join now and grow with live commerce',
    subtitle: 'Whether you are an influencer looking for tasks or a brand looking for selling partners, the right match is here.',
    influencer: 'Sign up as an influencer',
    company: 'Sign up as a company',
  },
};
export default en;
