import { registerTour } from '../../lib/tours';

/*
 * The discovery tours of spec §4: discovery-search (the page), advanced-filters (the extra filters) and
 * influencer-card (one result). Steps point at `data-tour` attributes; the search advice of spec §5 (one keyword
 * at a time; a location is confirmed with Enter, then picked from the list) is repeated where it applies.
 */

registerTour('discovery-search', [
  {
    target: 'discovery-filters',
    title: 'Describe who you are looking for',
    description:
      'Choose the platform, where the influencer is, their size, engagement, language, gender, age and interests. Each filter narrows the results.',
    side: 'right',
  },
  {
    target: 'discovery-location',
    title: 'Location',
    description:
      'Type a place and press Enter to confirm it, then pick it from the list. With a city you can widen the search by a radius of 25 to 200 miles.',
    side: 'right',
  },
  {
    target: 'discovery-lookalike',
    title: 'Similar to an influencer',
    description:
      'Enter the @username of an influencer you like: results are ranked by how similar they are, with your other filters still applied.',
    side: 'right',
  },
  {
    target: 'discovery-advanced',
    title: 'Advanced filters',
    description:
      'Bio words, caption keywords, hashtags, contact details, verified accounts and the audience’s location, gender, age and language.',
    side: 'right',
  },
  {
    target: 'discovery-submit',
    title: 'Search',
    description:
      'Each page of 15 results uses one credit. Repeating the same search within 24 hours is free. Your balance is at the top right.',
    side: 'top',
  },
  {
    target: 'discovery-results',
    title: 'Results',
    description:
      'Influencers who match every filter. Load more adds the next page below; open a card for the full report, save it to a list or invite it.',
    side: 'top',
  },
]);

registerTour('advanced-filters', [
  {
    target: 'advanced-influencer',
    title: 'About the influencer',
    description:
      'When they last posted, words in their bio, keywords in their captions, hashtags and mentions they use. Use one keyword at a time.',
    side: 'right',
  },
  {
    target: 'advanced-account',
    title: 'Account',
    description: 'Only accounts with contact details, verified accounts, or a given account type.',
    side: 'right',
  },
  {
    target: 'advanced-audience',
    title: 'About their audience',
    description:
      'Where the followers live, their gender, age and language. The accuracy slider (25, 50, 75 or 100 %) says how much of the audience must match.',
    side: 'right',
  },
  {
    target: 'advanced-credibility',
    title: 'Audience credibility',
    description: 'The share of followers that look like real people rather than bots or inactive accounts.',
    side: 'right',
  },
]);

registerTour('influencer-card', [
  {
    target: 'card-identity',
    title: 'Who they are',
    description: 'Picture, name and username; the username opens their profile on the platform.',
    side: 'bottom',
  },
  {
    target: 'card-stats',
    title: 'Reach and engagement',
    description:
      'Followers, engagement rate (the share of followers who like or comment on a typical post) and location.',
    side: 'bottom',
  },
  {
    target: 'card-audience',
    title: 'Their audience',
    description: 'Where most followers live and their main gender, at a glance.',
    side: 'bottom',
  },
  {
    target: 'card-actions',
    title: 'Next steps',
    description:
      'Open the full report (1 credit), save the influencer to one or more lists, or invite them to one of your active campaigns.',
    side: 'top',
  },
]);
