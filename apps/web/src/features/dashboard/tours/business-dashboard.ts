import { registerTour } from '../../../lib/tours';

/** The business-dashboard tour of spec §2: the places a business owner uses first. */
registerTour('business-dashboard', [
  {
    target: 'sidebar-menu',
    title: 'Your menu',
    description:
      'Campaigns, influencers, discovery, connections, posts and payments are all one click away. The numbers show how many you have in each.',
    side: 'right',
  },
  {
    target: 'credits',
    title: 'Discovery credits',
    description:
      'Searching the influencer database in Discovery uses credits: each page of results costs one. Your balance is always shown here.',
    side: 'bottom',
  },
  {
    target: 'plan',
    title: 'Your plan',
    description:
      'Your subscription or trial. Campaigns, influencers, connections and posts need an active Business Plan or trial.',
    side: 'bottom',
  },
  {
    target: 'profile',
    title: 'Your business profile',
    description:
      'Influencers see these details. Complete every field so they know who they are working with.',
    side: 'bottom',
  },
  {
    target: 'help',
    title: 'Help',
    description: 'Stuck, or something not working? Send us a message from any page and we will look into it.',
    side: 'bottom',
  },
  {
    target: 'notifications',
    title: 'Notifications',
    description:
      'Invitations, messages, posts and payments show up here the moment they happen. The badge counts the unread ones.',
    side: 'bottom',
  },
]);
