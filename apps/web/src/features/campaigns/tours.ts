import { registerTour } from '../../lib/tours';

/*
 * The campaign-creation tours of spec §1/§5 (type, details, product, budget) and the AI campaign builder's.
 * Steps point at `data-tour` attributes of the wizard; the advice they give (3 interests, titles under 50
 * characters, 5 media, 1–2 weeks for content, the budget warning) is advice, not enforcement, except where
 * the API enforces it.
 */

registerTour('campaign-type-selection', [
  {
    target: 'campaign-type-options',
    title: 'Choose what you offer',
    description:
      'Every campaign rewards influencers for a post. Pick how: with your product, with cash, or with both.',
    side: 'bottom',
  },
  {
    target: 'campaign-type-product',
    title: 'Product for a post',
    description: 'Influencers receive your product and post about it. You will describe the product next.',
    side: 'bottom',
  },
  {
    target: 'campaign-type-cash',
    title: 'Cash for a post',
    description: 'You pay a set amount for each approved post, within a total budget you choose.',
    side: 'bottom',
  },
  {
    target: 'campaign-type-combination',
    title: 'Combination',
    description: 'Your product and a cash payment per post: the most attractive offer for influencers.',
    side: 'bottom',
  },
  {
    target: 'wizard-save',
    title: 'Save at any step',
    description: 'Save a draft whenever you like and finish later from your campaign list.',
    side: 'top',
  },
]);

registerTour('campaign-details', [
  {
    target: 'campaign-title',
    title: 'A short, clear title',
    description: 'Keep it under 50 characters so it shows in full on cards and phones.',
    side: 'bottom',
  },
  {
    target: 'campaign-dates',
    title: 'Start and end dates',
    description: 'Allow 1–2 weeks for influencers to receive your product and create their content.',
    side: 'bottom',
  },
  {
    target: 'campaign-interests',
    title: 'Up to 3 interests',
    description: 'Pick at most 3 interests: influencers who share them find your campaign first.',
    side: 'bottom',
  },
  {
    target: 'campaign-brief',
    title: 'The brief',
    description:
      'Description, brand overview, objectives, talking points and post requirements tell influencers what a great post looks like.',
    side: 'top',
  },
  {
    target: 'campaign-tracking',
    title: 'URL tracking',
    description: 'Turn it on and add your tracker URL to count the visits each post brings.',
    side: 'top',
  },
  {
    target: 'ai-builder-button',
    title: 'Let AI draft it',
    description: 'Describe your product in a sentence and the AI campaign builder drafts this whole step.',
    side: 'bottom',
  },
]);

registerTour('campaign-product', [
  {
    target: 'product-name',
    title: 'Your product',
    description: 'Name the product influencers receive for their post.',
    side: 'bottom',
  },
  {
    target: 'product-amount',
    title: 'Retail value',
    description: 'The price of the product in your store: it tells influencers what the offer is worth.',
    side: 'bottom',
  },
  {
    target: 'product-media',
    title: 'Up to 5 images or videos',
    description:
      'Add at most 5 JPEG or PNG images or MP4 videos. The first image becomes the cover of your campaign.',
    side: 'top',
  },
]);

registerTour('campaign-budget', [
  {
    target: 'budget-total',
    title: 'Total budget',
    description: 'The most you will pay out in this campaign.',
    side: 'bottom',
  },
  {
    target: 'budget-per-post',
    title: 'Amount per post',
    description:
      'What each approved post earns. A warning appears when the amount per post exceeds the total budget.',
    side: 'bottom',
  },
  {
    target: 'budget-max-posts',
    title: 'Max posts per influencer',
    description: 'Caps how many paid posts a single influencer can make, so your budget reaches more people.',
    side: 'bottom',
  },
]);

registerTour('ai-campaign-builder', [
  {
    target: 'ai-brief',
    title: 'A short brief is enough',
    description:
      'Say what the product is, who it is for and what you want to achieve. A sentence each will do.',
    side: 'left',
  },
  {
    target: 'ai-tone',
    title: 'Pick a tone',
    description: 'Friendly, professional, playful… the draft is written in the voice you choose.',
    side: 'top',
  },
  {
    target: 'ai-generate',
    title: 'Draft it',
    description:
      'Drafting takes a moment (about 5–10 seconds with an AI model, about a second with the built-in writer). Review the result, then "Use this draft" fills the details step. Nothing is saved until you save or publish.',
    side: 'top',
  },
]);
