import { AI_TONES, type AiTone } from '@reach/contract/campaign-ai';
import { CAMPAIGN_TYPE } from '@reach/contract/campaigns';
import { ADVISED_TITLE_MAX_LENGTH, MAX_CAMPAIGN_INTERESTS } from '@reach/contract/constants';
import type { BusinessProfile, CampaignAi, CampaignDraft, DraftRequest, InterestOption } from './index';

/*
 * The built-in campaign writer: no model, no network, the same brief always gives the same draft. It is not
 * a placeholder: it reads the brief (what the product is, its features, the audience, the goal and the tone)
 * and the business profile, and composes the copy a marketer would start from, with every sentence specific
 * to them. The business edits it before saving, as it would a model's answer.
 */

export function createEmbeddedCampaignAi(): CampaignAi {
  return { kind: 'embedded', draft: async (request) => composeDraft(request) };
}

// ── reading the brief ──────────────────────────────────────────────────────────────────────────────────────

export type Goal = 'launch' | 'sales' | 'traffic' | 'engagement' | 'awareness';

const GOAL_PATTERNS: readonly [Goal, RegExp][] = [
  ['launch', /\b(launch|new|introduc|debut|release|drop|unveil|premiere)/i],
  ['sales', /\b(sale|sell|revenue|conver|purchas|buy|order|discount|promo|code|shop)/i],
  ['traffic', /\b(traffic|visit|website|sign[- ]?up|download|install|subscri|newsletter|waitlist)/i],
  ['engagement', /\b(engag|communit|follower|ugc|user[- ]generated|conversation|comment|share|buzz|viral)/i],
  ['awareness', /\b(aware|brand|reach|visib|known|recogni|exposure|discover|attention)/i],
];

/** The goals a free-text goal mentions, in the order above; awareness when it names none. */
export function goalsOf(goal: string | undefined): Goal[] {
  if (!goal) return ['awareness'];
  const found = GOAL_PATTERNS.filter(([, pattern]) => pattern.test(goal)).map(([g]) => g);
  return found.length ? found : ['awareness'];
}

const TONE_PATTERNS: readonly [AiTone, RegExp][] = [
  ['luxury', /luxur|premium|elegant|refined|exclusive|upscale|sophisticat|classy|high-end/i],
  [
    'professional',
    /profession|formal|expert|informative|serious|corporate|clinical|scientific|authoritative/i,
  ],
  ['playful', /play|fun|quirky|witty|humou?r|silly|cheeky|whimsical|light-?hearted/i],
  ['bold', /bold|edgy|confident|daring|loud|energetic|punchy|fierce|intense/i],
  ['friendly', /friend|warm|casual|approachable|relaxed|conversational|kind|welcoming/i],
];

/** The tone to write in, and the business's own words when they are not one of the preset tones. */
export function toneOf(tone: string | undefined): { key: AiTone; custom: string | null } {
  const t = tone?.trim().toLowerCase();
  if (!t) return { key: 'friendly', custom: null };
  if ((AI_TONES as readonly string[]).includes(t)) return { key: t as AiTone, custom: null };
  return { key: TONE_PATTERNS.find(([, p]) => p.test(t))?.[0] ?? 'friendly', custom: tone!.trim() };
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** Capitalises all-lowercase words (leaving iPhone, SPF or "C" alone) except small words after the first. */
function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word, i) =>
      word === word.toLowerCase() && (i === 0 || !SMALL_WORDS.has(word))
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : word,
    )
    .join(' ');
}

/** Cuts text at a word boundary so it fits `max` characters. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 3 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–—-]+$/, '');
}

function sentence(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** Ends a sentence once: a name that ends in a period ("Glow Co.") does not get a second one. */
function closed(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A figure the goal sets ("launch and get 500 pre-orders" → "500 pre-orders", "reach 10k followers" → "10k
 * followers"), to weave into the copy in place of the business's own sentence; null when it names none.
 */
export function goalTarget(goal: string | undefined): string | null {
  const match = goal?.match(/\b(\d[\d,.]*\s?(?:k|m|%)?)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)/i);
  if (!match) return null;
  const words = match[2]!.toLowerCase().split(/\s+/);
  // "500 pre-orders in march": the object is the first word when the second is a linking word.
  const object = words.length > 1 && SMALL_WORDS.has(words[1]!) ? words[0]! : words.join(' ');
  if (SMALL_WORDS.has(object)) return null;
  return `${match[1]!.replace(/\s/g, '')} ${object}`;
}

/** "women 25-40" stays, "Busy parents" becomes "busy parents" so it reads inside a sentence. */
function inline(text: string): string {
  const t = text.trim().replace(/[.!?]+$/, '');
  return /^[A-Z][a-z]/.test(t) && !/^[A-Z][a-z]+[A-Z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** A short name for the product: the head of its description, without determiners or trailing clauses. */
export function productName(product: string): string {
  const head = product.split(/[.;:!?\n(]|,|\s[–—-]\s/)[0]?.trim() ?? '';
  // "Our all-new serum" is a serum: newness belongs to the launch copy, not to the name.
  const withoutDeterminer = head
    .replace(/^(our|the|a|an|my|this|these)\s+/i, '')
    .replace(/^(all-new|brand[- ]new|new)\s+/i, '');
  const core = withoutDeterminer.split(/\s+(?:for|with|that|which|to|made|designed|from|in|by)\s+/i)[0] ?? '';
  const name = clip(core.trim(), 32);
  return name ? titleCase(name) : 'Our Product';
}

/** Selling points named in the description: "…serum for dull skin, vegan and fragrance-free" → 3 of them. */
export function productFeatures(product: string): string[] {
  const segments = product
    .split(/[,;.\n]|\s(?:and|with|plus|&)\s/i)
    .map((s) => s.trim())
    .filter(Boolean);
  const purpose = segments[0]?.match(/\b(?:made|designed|perfect|ideal)?\s*for\s+(.+)$/i)?.[1];
  const features = [purpose ? `made for ${purpose}` : null, ...segments.slice(1)];
  return features
    .filter((f): f is string => !!f && f.split(/\s+/).length <= 6 && f.length <= 40)
    .map((f) => f.replace(/^(it'?s|it is|is|are)\s+/i, ''))
    .slice(0, 4);
}

// ── interests ──────────────────────────────────────────────────────────────────────────────────────────────

/** Everyday words for the seeded interests (db/seed/data/interests.ts); other interests match by name. */
const INTEREST_SYNONYMS: Record<string, RegExp> = {
  Streetwear: /\b(streetwear|hoodies?|t-?shirts?|tees|sweatshirts?|apparel|clothing|caps)\b/,
  'Luxury Fashion': /\b(designer|couture|handbags?|luxury (bags?|clothing|fashion|label))\b/,
  'Sustainable Fashion':
    /\b(organic cotton|recycled (fabrics?|materials?)|sustainable (clothing|fashion|apparel)|slow fashion)\b/,
  Menswear: /\b(men'?s|menswear|suits?)\b/,
  Womenswear: /\b(women'?s|dress(es)?|skirts?|blouses?|womenswear)\b/,
  Sneakers: /\b(sneakers?|trainers|shoes?|kicks)\b/,
  'Jewelry & Accessories':
    /\b(jewel(le)?ry|necklaces?|rings?|earrings?|bracelets?|watch(es)?|sunglasses|accessor(y|ies)|handbags?)\b/,
  'Vintage & Thrift': /\b(vintage|thrift(ing)?|second[- ]hand|pre-?loved|resale)\b/,
  Makeup: /\b(make-?up|lipsticks?|mascara|foundation|eyeshadow|concealer|blush|cosmetics?)\b/,
  Skincare:
    /\b(skin-?care|skin|serums?|moisturi[sz]ers?|cleansers?|spf|sunscreen|retinol|toners?|face (creams?|masks?|oils?))\b/,
  Haircare: /\b(hair|hair-?care|shampoos?|conditioners?|curls?)\b/,
  'Nail Art': /\b(nails?|nail polish|manicures?)\b/,
  Fragrance: /\b(perfumes?|fragrances?|colognes?|scents?|eau de)\b/,
  'Clean Beauty':
    /\b(clean beauty|non-?toxic|without_(fragrance|paraben|parabens|sulfate|sulfates|silicone|silicones)|natural (skincare|beauty|ingredients))\b/,
  Grooming: /\b(beards?|shav(e|ing)|razors?|grooming|barbers?)\b/,
  Running: /\b(running|runners?|marathons?|jogging|joggers|5k|10k)\b/,
  Yoga: /\b(yoga|yogis?)\b/,
  Weightlifting: /\b(weightlifting|lifting|gym|dumbbells?|barbells?|strength training)\b/,
  CrossFit: /\bcross-?fit\b/,
  Pilates: /\b(pilates|reformer)\b/,
  'Home Workouts': /\b(home workouts?|workouts?|fitness|resistance bands?|exercise)\b/,
  'Mental Health': /\b(mental health|mindfulness|meditation|stress|anxiety|well-?being|wellness|sleep)\b/,
  Nutrition: /\b(nutrition|supplements?|protein (powder|bars?|shakes?)|electrolytes?|diet|macros)\b/,
  'Recipes & Cooking': /\b(recipes?|cooking|cooks?|kitchen|cookware|chefs?|meal ?prep|sauces?|spices?)\b/,
  Baking: /\b(bak(e|ing|ers?)|bread|cakes?|cookies|pastr(y|ies)|flour)\b/,
  'Vegan Food':
    /\b(vegan (food|snacks?|recipes?|meals?|cheese|protein)|plant-?based (food|snacks?|meals?|milk|protein)|without_dairy)\b/,
  'Healthy Eating':
    /\b(healthy (eating|snacks?|food|meals?)|salads?|smoothies?|superfoods?|granola|snacks?)\b/,
  'Restaurants & Food Reviews': /\b(restaurants?|caf[eé]s?|bistros?|dining|food reviews?|foodies?)\b/,
  Coffee: /\b(coffee|espresso|lattes?|cold brew|roast(er|ery)?)\b/,
  Wine: /\b(wines?|vineyards?|winery|sommeliers?)\b/,
  Cocktails: /\b(cocktails?|spirits|gin|vodka|rum|whiske?y|tequila|mixology)\b/,
  'Luxury Travel': /\b(luxury (hotels?|resorts?|travel|trips?)|five-star|5-star)\b/,
  'Budget Travel': /\b(budget travel|backpack(ing|ers)|hostels?|cheap flights)\b/,
  'Adventure Travel': /\b(adventures?|expeditions?|trek(s|king)?)\b/,
  'Van Life': /\b(van ?life|campervans?|rv|overland(ing)?)\b/,
  'Hiking & Outdoors':
    /\b(hik(e|es|ing|ers?)|outdoors?|camping|tents?|trails?|backpacks?|climbing|mountains?)\b/,
  'Travel Photography': /\btravel photograph(y|ers?)\b/,
  'Consumer Electronics':
    /\b(electronics?|headphones|earbuds|speakers?|laptops?|gadgets?|smart ?watch(es)?|chargers?|tablets?)\b/,
  Smartphones: /\b(smartphones?|phones?|iphones?|android|phone cases?)\b/,
  'Software & Apps': /\b(apps?|software|saas|plugins?)\b/,
  'Artificial Intelligence': /\b(ai|artificial intelligence|machine learning|chatbots?|gpt)\b/,
  'Photography Gear': /\b(cameras?|lens(es)?|tripods?|drones?)\b/,
  'Video Games': /\b(video ?games?|gaming|gamers?|consoles?|playstation|xbox|nintendo)\b/,
  Esports: /\b(e-?sports?|tournaments?|competitive gaming)\b/,
  'Mobile Gaming': /\bmobile (games?|gaming)\b/,
  'PC Gaming': /\b(pc gaming|gaming (pcs?|mouse|keyboards?|chairs?|headsets?)|graphics cards?)\b/,
  'Board Games': /\b(board ?games?|tabletop|card games?|puzzles?)\b/,
  Motherhood: /\b(moms?|mums?|mothers?|motherhood|mamas?)\b/,
  Fatherhood: /\b(dads?|fathers?|fatherhood)\b/,
  Pregnancy: /\b(pregnan(t|cy)|expecting|maternity|prenatal)\b/,
  'Baby & Toddler': /\b(bab(y|ies)|toddlers?|infants?|newborns?|diapers?|strollers?)\b/,
  'Family Activities': /\b(famil(y|ies)|kids|children|parents?)\b/,
  'Interior Design': /\b(interior design|interiors|furniture|sofas?|renovations?)\b/,
  'Home Decor': /\b(home decor|decor|candles?|cushions?|rugs?|vases?|homeware)\b/,
  'DIY & Crafts': /\b(diy|crafts?|crafting|knitting|sewing|handmade)\b/,
  Gardening: /\b(garden(s|ing|ers?)?|plants?|seeds?|houseplants?)\b/,
  'Home Organization': /\b(organi[sz](ation|ing|ers?)|storage|declutter(ing)?)\b/,
  'Real Estate': /\b(real estate|homebuyers?|realtors?|mortgages?|property)\b/,
  'American Football': /\b(american football|nfl|super bowl)\b/,
  Basketball: /\b(basketball|nba|hoops)\b/,
  Soccer: /\b(soccer|football|futbol)\b/,
  Tennis: /\b(tennis|racquets?|pickleball|padel)\b/,
  Golf: /\b(golf(ers?)?)\b/,
  'Martial Arts': /\b(martial arts|mma|boxing|karate|judo|jiu-?jitsu|bjj|kickboxing)\b/,
  Surfing: /\b(surf(s|ing|ers?|boards?)?)\b/,
  'Skiing & Snowboarding': /\b(ski(s|ing|ers?)?|snowboard(s|ing|ers?)?)\b/,
  'Pop Music': /\b(pop music|concerts?|singers?)\b/,
  'Hip-Hop & Rap': /\b(hip-?hop|rap|rappers?)\b/,
  'Electronic Music': /\b(edm|techno|house music|electronic music|djs?)\b/,
  'Music Production': /\b(music production|producers?|synths?|microphones?|studio monitors)\b/,
  'K-Pop': /\bk-?pop\b/,
  Illustration: /\b(illustrat(ion|ions|ors?)|drawing|sketch(ing|books?)?)\b/,
  Photography: /\b(photograph(y|ers?)|photos?)\b/,
  'Graphic Design': /\b(graphic design(ers?)?|fonts?|typography)\b/,
  Tattoos: /\b(tattoos?)\b/,
  Painting: /\b(painting|painters?|canvas|acrylics?|watercolou?rs?)\b/,
  Entrepreneurship:
    /\b(entrepreneurs?|entrepreneurship|founders?|startups?|small business(es)?|side hustles?)\b/,
  'Personal Finance': /\b(personal finance|budgeting|savings?|credit cards?|banking|debt)\b/,
  Investing: /\b(invest(ing|ors?|ments?)?|stocks?|etfs?|portfolios?)\b/,
  Cryptocurrency: /\b(crypto(currency)?|bitcoin|ethereum|blockchain|nfts?|web3)\b/,
  Marketing: /\b(marketing|marketers?|seo|social media managers?)\b/,
  'Career Development': /\b(careers?|job seekers?|resumes?|job interviews?|young professionals)\b/,
  Science: /\b(science|scientists?|stem|physics|chemistry|biology)\b/,
  'Language Learning': /\b(language learning|languages?|spanish|french|japanese)\b/,
  History: /\b(history|historical|museums?)\b/,
  'Books & Reading': /\b(books?|reading|readers|novels?|book ?clubs?|kindle)\b/,
  'Study Tips': /\b(students?|study(ing)?|exams?|college|university)\b/,
  Movies: /\b(movies?|films?|cinema)\b/,
  'TV Shows': /\b(tv|series|streaming|netflix)\b/,
  Comedy: /\b(comedy|comedians?|funny|memes?)\b/,
  Anime: /\b(anime|manga|cosplay)\b/,
  Podcasts: /\b(podcasts?|podcasters?)\b/,
  Dogs: /\b(dogs?|pupp(y|ies)|canine)\b/,
  Cats: /\b(cats?|kittens?|feline)\b/,
  'Exotic Pets': /\b(reptiles?|parrots?|aquariums?|exotic pets?)\b/,
  Horses: /\b(horses?|equestrian)\b/,
  Cars: /\b(cars?|automotive|car care|detailing)\b/,
  'Electric Vehicles': /\b(evs?|electric (vehicles?|cars?|bikes?|scooters?)|e-?bikes?)\b/,
  Motorcycles: /\b(motorcycles?|motorbikes?|bikers?)\b/,
  'Car Modification': /\b(car mods?|tuning|modified cars?|aftermarket)\b/,
  'Self-Improvement':
    /\b(self-?improvement|productivity|habits?|journal(s|ing)?|personal growth|planners?)\b/,
  Minimalism: /\b(minimalis[mt]|capsule wardrobe)\b/,
  Weddings: /\b(weddings?|brides?|bridal|engagement rings?)\b/,
  'Dating & Relationships': /\b(dating|relationships?|couples?)\b/,
  Spirituality: /\b(spiritual(ity)?|crystals?|astrology|tarot|manifest(ing|ation))\b/,
  'Zero Waste': /\b(zero[- ]waste|reusable|refill(s|able)?|plastic_free|without_plastic|compostable)\b/,
  'Climate Action': /\b(climate|carbon|net[- ]zero|emissions)\b/,
  'Eco-Friendly Living': /\b(eco-?friendly|sustainab(le|ility)|recycled|green living|organic)\b/,
};

const STOP_WORDS = new Set([
  'and',
  'the',
  'for',
  'with',
  'our',
  'your',
  'who',
  'that',
  'are',
  'new',
  'love',
  'free',
]);
const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
const tokens = (text: string) =>
  new Set(
    text
      .split(/[^a-z0-9_]+/)
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
      .map(stem),
  );

/**
 * Up to 3 interests for a brief, by what the product and audience say: an interest's name in the text
 * counts most, then an everyday word for it (serum → Skincare), then words of its name, then its category.
 * Interests of the best match's category get a nudge, so a skincare brief suggests beauty interests.
 */
export function pickInterests(text: string, interests: readonly InterestOption[]): InterestOption[] {
  // "fragrance-free" is about leaving fragrance out: keep it from suggesting Fragrance.
  const normalized = text.toLowerCase().replace(/\b([a-z]+)-free\b/g, 'without_$1');
  const words = tokens(normalized);
  const scored = interests
    .map((interest) => {
      const name = interest.name.toLowerCase();
      let score = 0;
      const phrase = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
      if (phrase.test(normalized)) score += 6;
      if (INTEREST_SYNONYMS[interest.name]?.test(normalized)) score += 4;
      for (const w of tokens(name)) if (words.has(w)) score += 2;
      for (const w of tokens(interest.category.toLowerCase())) if (words.has(w)) score += 1;
      return { interest, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.interest.name.localeCompare(b.interest.name));
  const top = scored[0];
  if (!top) return [];
  return scored
    .map((s) => ({ ...s, score: s.score + (s.interest.category === top.interest.category ? 1 : 0) }))
    .filter((s) => s.score >= 3)
    .sort((a, b) => b.score - a.score || a.interest.name.localeCompare(b.interest.name))
    .slice(0, MAX_CAMPAIGN_INTERESTS)
    .map((s) => s.interest);
}

// ── writing ────────────────────────────────────────────────────────────────────────────────────────────────

type Voice = {
  intro: (name: string) => string;
  invite: string;
  firstPoint: (name: string) => string;
  voice: string;
};

const VOICES: Record<AiTone, Voice> = {
  friendly: {
    intro: (n) => `Meet ${n}`,
    invite: "We'd love to team up with creators",
    firstPoint: (n) => `What ${n} is and why you reach for it`,
    voice: 'Keep it warm and conversational: talk to your followers the way you would to a friend',
  },
  professional: {
    intro: (n) => `Introducing ${n}`,
    invite: 'We are looking for creators',
    firstPoint: (n) => `What ${n} does and the results you noticed`,
    voice: 'Keep it clear and informative: lead with facts and your honest results',
  },
  playful: {
    intro: (n) => `Say hello to ${n}`,
    invite: "We're on the hunt for creators",
    firstPoint: (n) => `Your honest first reaction to ${n}`,
    voice: 'Keep it light and fun: humour, trends and creative formats are welcome',
  },
  bold: {
    intro: (n) => `This is ${n}`,
    invite: 'We want creators',
    firstPoint: (n) => `Why ${n} beats what you used before`,
    voice: 'Keep it confident and direct: make a strong statement your followers remember',
  },
  luxury: {
    intro: (n) => `Discover ${n}`,
    invite: 'We are inviting a select group of creators',
    firstPoint: (n) => `The craft and detail that set ${n} apart`,
    voice: 'Keep it refined and aspirational: focus on craftsmanship, detail and the experience',
  },
};

const TITLES: Record<Goal, (n: string) => string> = {
  launch: (n) => `${n} Launch`,
  sales: (n) => `Shop ${n}`,
  traffic: (n) => `Try ${n} Today`,
  engagement: (n) => `The ${n} Creator Challenge`,
  awareness: (n) => `Discover ${n}`,
};
const TONE_TITLES: Partial<Record<AiTone, Partial<Record<Goal, (n: string) => string>>>> = {
  playful: { launch: (n) => `${n} Launch Party`, awareness: (n) => `Say Hello to ${n}` },
  bold: { launch: (n) => `${n} Has Landed`, awareness: (n) => `Meet ${n}`, sales: (n) => `Get ${n} Now` },
  luxury: { launch: (n) => `Introducing ${n}`, sales: (n) => `The ${n} Edit` },
  professional: { awareness: (n) => `Introducing ${n}` },
};

export function composeTitle(name: string, goal: Goal, tone: AiTone): string {
  const template = TONE_TITLES[tone]?.[goal] ?? TITLES[goal];
  const overhead = template('').length;
  return clip(template(clip(name, ADVISED_TITLE_MAX_LENGTH - 1 - overhead)), ADVISED_TITLE_MAX_LENGTH - 1);
}

const bulletList = (lines: readonly (string | null | false | undefined)[], max = 6) =>
  lines
    .filter((l): l is string => !!l)
    .slice(0, max)
    .map((l) => `- ${l}`)
    .join('\n');

function brandOverview(business: BusinessProfile, name: string, audience: string | null): string {
  const brand = business.business_name?.trim();
  const place = [business.city, business.state].filter(Boolean).join(', ');
  const kind = business.type?.trim().toLowerCase() || 'business';
  const maker = `the maker of ${name}${audience ? `, made for ${audience}` : ''}`;
  const description = business.description?.trim() ? sentence(business.description) : null;
  const parts = [
    brand
      ? `${brand} is ${article(kind)} ${kind}${place ? ` based in ${place}` : ''}${description ? '.' : `, and ${maker}.`}`
      : description
        ? null
        : `We are ${maker}.`,
    description,
    business.website ? `Learn more at ${business.website}.` : null,
  ];
  return parts.filter(Boolean).join(' ');
}

function goalSentence(goal: Goal, name: string, brand: string | null): string {
  switch (goal) {
    case 'launch':
      return `help us launch ${name} and get it in front of the right people from day one`;
    case 'sales':
      return `turn interest in ${name} into orders`;
    case 'traffic':
      return `send their followers to find out more about ${name}`;
    case 'engagement':
      return `start real conversations about ${name}`;
    default:
      return `introduce ${name} to people who have not met ${brand ?? 'us'} yet`;
  }
}

function objectiveLines(
  goal: Goal,
  name: string,
  brand: string | null,
  audience: string | null,
  website: string | null,
) {
  switch (goal) {
    case 'launch':
      return [
        `Build excitement around the launch of ${name}`,
        'Get first impressions out during the launch window',
      ];
    case 'sales':
      return [`Drive purchases of ${name}`, 'Give followers a clear reason to buy and a link to do it'];
    case 'traffic':
      return [
        `Send followers to ${website ?? 'our website'} to learn more`,
        'Grow visits and sign-ups from your audience',
      ];
    case 'engagement':
      return [
        `Spark comments, shares and saves around ${name}`,
        'Invite followers to share their own experience',
      ];
    default:
      return [
        `Introduce ${name} to ${audience ?? 'new audiences'}`,
        `Grow recognition of ${brand ?? 'the brand'} among your followers`,
      ];
  }
}

function typeSentence(typeId: number | undefined, name: string): string {
  switch (typeId) {
    case CAMPAIGN_TYPE.product:
      return `Creators who join receive ${name} to try and keep, in exchange for an honest post about it.`;
    case CAMPAIGN_TYPE.cash:
      return `Creators who join are paid for every approved post about ${name}.`;
    case CAMPAIGN_TYPE.combination:
      return `Creators who join receive ${name} to try and keep, and are paid for every approved post about it.`;
    default:
      return `Creators who join share an honest post about ${name} with their followers.`;
  }
}

function postRequirements(
  typeId: number | undefined,
  name: string,
  brand: string | null,
  goals: readonly Goal[],
) {
  const product = typeId === CAMPAIGN_TYPE.product || typeId === CAMPAIGN_TYPE.combination;
  const paid = typeId === CAMPAIGN_TYPE.cash || typeId === CAMPAIGN_TYPE.combination;
  return bulletList(
    [
      `At least 1 in-feed post or Reel on Instagram featuring ${name}`,
      product
        ? 'Post within 1–2 weeks of receiving the product'
        : typeId === CAMPAIGN_TYPE.cash
          ? 'Post within 1–2 weeks of accepting the campaign'
          : 'Post within 1–2 weeks of joining the campaign',
      product && 'Show the product in use, not only the packaging',
      `Tag ${brand ?? 'the brand'} in the post and mention it in the caption`,
      "Disclose the partnership with #ad (or Instagram's paid-partnership label)",
      (goals.includes('sales') || goals.includes('traffic')) && 'Add the link we share to your bio or story',
      paid && 'Submit the post link for review; each approved post is paid',
      'Keep the post up for at least 30 days',
    ],
    8,
  );
}

/** The draft for a brief: deterministic, specific to the product, audience, goal, tone and business. */
export function composeDraft({ brief, business, interests }: DraftRequest): CampaignDraft {
  const name = productName(brief.product);
  const features = productFeatures(brief.product);
  const audience = brief.audience ? inline(brief.audience) : null;
  const goals = goalsOf(brief.goal);
  const primary = goals[0]!;
  const tone = toneOf(brief.tone);
  const voice = VOICES[tone.key];
  const brand = business.business_name?.trim() || null;
  const website = business.website?.trim() || null;
  // The goal's figure (500 pre-orders) is woven into the copy; the business's sentences are never pasted in.
  const target = goalTarget(brief.goal);

  const description = [
    [
      closed(`${voice.intro(name)}${brand ? ` from ${brand}` : ''}`),
      features.length ? `It is ${listOf(features)}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
    [
      `${voice.invite} ${audience ? `who reach ${audience}` : 'with an engaged, genuine following'} to ${goalSentence(primary, name, brand)}.`,
      target ? `Together, we are aiming for ${target}.` : null,
    ]
      .filter(Boolean)
      .join(' '),
    typeSentence(brief.typeId, name),
  ].join('\n\n');

  const objectives = bulletList(
    [
      target ? `Reach ${target}` : null,
      ...goals.slice(0, 3).flatMap((g) => objectiveLines(g, name, brand, audience, website)),
    ],
    5,
  );

  const points = [
    voice.firstPoint(name),
    features.length ? `Highlight that it is ${listOf(features)}` : null,
    audience ? `Why it suits ${audience}` : null,
    'Show it in your everyday life, not just the packaging',
    goals.includes('launch') ? 'That it is new and just launched' : null,
    goals.includes('sales') ? 'Where to buy it (use the link we share)' : null,
  ].filter((p): p is string => !!p);
  // The tone line always makes it in: it is what the business asked for.
  const talkingPoints = bulletList([
    ...points.slice(0, 5),
    tone.custom ? `Keep the tone ${inline(tone.custom)}` : voice.voice,
  ]);

  return {
    title: composeTitle(name, primary, tone.key),
    description,
    brand_overview: brandOverview(business, name, audience),
    objectives,
    talking_points: talkingPoints,
    post_requirements: postRequirements(brief.typeId, name, brand, goals),
    interests: pickInterests(`${brief.product}\n${brief.audience ?? ''}`, interests).map((i) => i.name),
  };
}
