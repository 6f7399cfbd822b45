/**
 * The Browser's web, the same on every phone: a news site, an encyclopedia, a recipe site and a
 * search engine over them, all under `.moba.test`. A page is a title and blocks of content;
 * any other address gives the "site can't be reached" page.
 */

export type Block =
  | { kind: 'h1' | 'h2' | 'p' | 'meta'; text: string }
  | { kind: 'link'; text: string; href: string; note?: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  | { kind: 'list'; items: readonly string[] };

export interface Page {
  url: string;
  title: string;
  /** The site's name, shown in the page's header band. */
  site: string;
  blocks: Block[];
  /** False: the address does not resolve. */
  found: boolean;
}

export const NEWS = 'https://news.moba.test/';
export const WIKI = 'https://wiki.moba.test/wiki/';
export const RECIPES = 'https://recipes.moba.test/';
export const SEARCH = 'https://search.moba.test/search?q=';
export const WIKI_SEARCH = 'https://wiki.moba.test/search?q=';

type Story = readonly [slug: string, title: string, date: string, paragraphs: readonly string[]];

const STORIES: readonly Story[] = [
  [
    'metro-line-19',
    'Metro Line 19 opens with twelve new stations',
    '2 June',
    [
      'The new line links the northern districts with the river front in 38 minutes.',
      'Trains run every four minutes at rush hour and every eight minutes in the evening.',
      'Fares start at 3 yuan; the first week of travel on the line is free.',
    ],
  ],
  [
    'heat-wave',
    'Heat wave expected to last until the weekend',
    '2 June',
    [
      'Forecasters expect highs of 36 °C on Wednesday and Thursday.',
      'Parks will keep their fountains running until 22:00 and libraries extend their hours.',
      'Doctors advise drinking water often and avoiding the midday sun.',
    ],
  ],
  [
    'library-night',
    'City library opens its reading rooms until midnight',
    '1 June',
    [
      'The main reading rooms stay open until 24:00 from Monday to Friday during the exam season.',
      'A library card is free for residents and takes five minutes to issue.',
    ],
  ],
  [
    'dragon-boat',
    'Dragon boat races return to the river on the 10th',
    '1 June',
    [
      'Thirty-two teams will race over 500 metres starting at 9:00.',
      'The best viewing points are along Riverside Road; roads close from 7:00.',
    ],
  ],
  [
    'phone-recycling',
    'Old phones can now be recycled at every post office',
    '31 May',
    [
      'Post offices accept phones, tablets and chargers at no cost.',
      'Data should be wiped before handing a device in; staff can help with a factory reset.',
    ],
  ],
  [
    'tea-harvest',
    'Spring tea harvest smaller but finer, growers say',
    '30 May',
    [
      'A cold April cut the harvest by about a fifth.',
      'Prices for the finest green teas rose by 15 percent at the spring market.',
    ],
  ],
];

type Article = readonly [
  slug: string,
  title: string,
  facts: ReadonlyArray<readonly [string, string]>,
  paragraphs: readonly string[],
  links: readonly string[],
];

const ARTICLES: readonly Article[] = [
  [
    'Giant_panda',
    'Giant panda',
    [
      ['Class', 'Mammal'],
      ['Diet', 'Bamboo (99%)'],
      ['Weight', '70–120 kg'],
      ['Lifespan', 'About 20 years in the wild'],
    ],
    [
      'The giant panda is a bear native to the mountains of south-central China.',
      'It eats almost only bamboo, spending up to fourteen hours a day feeding.',
      'Cubs weigh about 100 grams at birth and stay with their mother for up to three years.',
      'Conservation work has raised the wild population to about 1,860 animals.',
    ],
    ['Yangtze_River', 'Tea'],
  ],
  [
    'Great_Wall',
    'Great Wall',
    [
      ['Length', '21,196 km (all sections)'],
      ['Built', '7th century BC – 17th century'],
      ['UNESCO site', '1987'],
    ],
    [
      'The Great Wall is a series of fortifications built across the north of China.',
      'Most of the wall seen by visitors today was built during the Ming dynasty.',
      'Watchtowers stood within signalling distance of each other; smoke by day and fire by night carried warnings.',
      'The most visited section, at Badaling, is about 70 km from Beijing.',
    ],
    ['Chinese_New_Year', 'Shanghai'],
  ],
  [
    'Shanghai',
    'Shanghai',
    [
      ['Population', '24.9 million (2020)'],
      ['Area', '6,341 km²'],
      ['River', 'Huangpu'],
    ],
    [
      'Shanghai is the largest city in China by population, on the delta of the Yangtze.',
      'The Bund runs along the west bank of the Huangpu River; Pudong lies to the east.',
      'Its metro is one of the longest in the world, with more than 800 km of lines.',
      'The Shanghai Tower, completed in 2015, is 632 metres tall.',
    ],
    ['Yangtze_River', 'Great_Wall'],
  ],
  [
    'Tea',
    'Tea',
    [
      ['Origin', 'Southwest China'],
      ['Main kinds', 'Green, black, oolong, white'],
    ],
    [
      'Tea is a drink made by pouring hot water over the cured leaves of the tea plant.',
      'Green tea is not oxidised; black tea is fully oxidised; oolong lies in between.',
      'Longjing, a green tea from Hangzhou, is picked in early spring.',
    ],
    ['Giant_panda', 'Shanghai'],
  ],
  [
    'Yangtze_River',
    'Yangtze River',
    [
      ['Length', '6,300 km'],
      ['Source', 'Tanggula Mountains'],
      ['Mouth', 'East China Sea at Shanghai'],
    ],
    [
      'The Yangtze is the longest river in Asia and the third longest in the world.',
      'The Three Gorges Dam on its middle course is the largest power station in the world.',
      'About a third of China’s people live in its basin.',
    ],
    ['Shanghai', 'Giant_panda'],
  ],
  [
    'Chinese_New_Year',
    'Chinese New Year',
    [
      ['Also called', 'Spring Festival'],
      ['Date', 'Between 21 January and 20 February'],
    ],
    [
      'Chinese New Year marks the start of a new year on the lunar calendar.',
      'Families gather for a reunion dinner on the eve; dumplings are eaten in the north.',
      'Red envelopes with money are given to children, and the festival ends with the Lantern Festival.',
    ],
    ['Great_Wall', 'Tea'],
  ],
];

type Recipe = readonly [
  slug: string,
  title: string,
  minutes: number,
  serves: number,
  ingredients: readonly string[],
  steps: readonly string[],
];

const RECIPE_LIST: readonly Recipe[] = [
  [
    'tomato-egg',
    'Tomato and egg stir-fry',
    15,
    2,
    ['3 eggs', '2 tomatoes', '1 spring onion', '1 tsp sugar', 'Salt'],
    [
      'Beat the eggs with a pinch of salt.',
      'Scramble them softly and set aside.',
      'Fry the tomatoes with the sugar until soft, then fold the eggs back in.',
    ],
  ],
  [
    'dumplings',
    'Pork and cabbage dumplings',
    60,
    4,
    ['500 g flour', '300 g minced pork', '200 g napa cabbage', '2 tbsp soy sauce', '1 tsp sesame oil'],
    [
      'Make a dough with the flour and 250 ml water; rest 30 minutes.',
      'Mix the filling.',
      'Roll, fill and pleat 40 dumplings.',
      'Boil until they float, then 2 more minutes.',
    ],
  ],
  [
    'mapo-tofu',
    'Mapo tofu',
    25,
    3,
    ['400 g silken tofu', '100 g minced beef', '2 tbsp chilli bean paste', '1 tsp Sichuan pepper', '2 tsp cornflour'],
    [
      'Blanch the tofu cubes in salted water.',
      'Fry the beef and the bean paste.',
      'Add water and the tofu; simmer 5 minutes.',
      'Thicken with the cornflour and add the pepper.',
    ],
  ],
  [
    'congee',
    'Chicken congee',
    90,
    4,
    ['150 g rice', '2 chicken thighs', '3 slices ginger', '2 litres water', 'Spring onion'],
    [
      'Simmer the rice, chicken and ginger for 80 minutes, stirring now and then.',
      'Shred the chicken, season and top with spring onion.',
    ],
  ],
];

const page = (url: string, title: string, site: string, blocks: Block[]): Page => ({
  url,
  title,
  site,
  blocks,
  found: true,
});

function newsPage(path: string): Page | null {
  if (path === '') {
    return page(NEWS, 'MobA News — Top stories', 'MobA News', [
      { kind: 'h1', text: 'Top stories' },
      ...STORIES.map(
        ([slug, title, date]): Block => ({
          kind: 'link',
          text: title,
          href: `${NEWS}story/${slug}`,
          note: date,
        }),
      ),
    ]);
  }
  const story = STORIES.find((s) => path === `story/${s[0]}`);
  if (!story) return null;
  const [, title, date, paragraphs] = story;
  return page(`${NEWS}${path}`, `${title} — MobA News`, 'MobA News', [
    { kind: 'h1', text: title },
    { kind: 'meta', text: date },
    ...paragraphs.map((text): Block => ({ kind: 'p', text })),
    { kind: 'link', text: 'Back to top stories', href: NEWS },
  ]);
}

function wikiPage(slug: string): Page | null {
  const a = ARTICLES.find((x) => x[0] === slug);
  if (!a) return null;
  const [, title, facts, paragraphs, links] = a;
  return page(`${WIKI}${slug}`, `${title} - MobA Wiki`, 'MobA Wiki', [
    { kind: 'h1', text: title },
    { kind: 'facts', rows: facts },
    ...paragraphs.map((text): Block => ({ kind: 'p', text })),
    { kind: 'h2', text: 'See also' },
    ...links.map((l): Block => ({ kind: 'link', text: l.replace(/_/g, ' '), href: `${WIKI}${l}` })),
  ]);
}

function recipePage(path: string): Page | null {
  if (path === '')
    return page(RECIPES, 'Home Kitchen — Recipes', 'Home Kitchen', [
      { kind: 'h1', text: 'Recipes' },
      ...RECIPE_LIST.map(
        ([slug, title, minutes]): Block => ({
          kind: 'link',
          text: title,
          href: `${RECIPES}${slug}`,
          note: `${minutes} min`,
        }),
      ),
    ]);
  const r = RECIPE_LIST.find((x) => x[0] === path);
  if (!r) return null;
  const [, title, minutes, serves, ingredients, steps] = r;
  return page(`${RECIPES}${path}`, `${title} — Home Kitchen`, 'Home Kitchen', [
    { kind: 'h1', text: title },
    { kind: 'meta', text: `${minutes} min · serves ${serves}` },
    { kind: 'h2', text: 'Ingredients' },
    { kind: 'list', items: ingredients },
    { kind: 'h2', text: 'Method' },
    { kind: 'list', items: steps.map((s, i) => `${i + 1}. ${s}`) },
    { kind: 'link', text: 'All recipes', href: RECIPES },
  ]);
}

/** Every findable page: url, title and its words. */
function corpus(): Array<{ url: string; title: string; text: string }> {
  const all: Array<Page | null> = [
    ...STORIES.map((s) => newsPage(`story/${s[0]}`)),
    ...ARTICLES.map((a) => wikiPage(a[0])),
    ...RECIPE_LIST.map((r) => recipePage(r[0])),
  ];
  return all
    .filter((p): p is Page => p !== null)
    .map((p) => ({ url: p.url, title: p.title, text: `${p.title} ${JSON.stringify(p.blocks)}`.toLowerCase() }));
}

/** Pages containing every word of `query`, titles matching first. */
export function searchWeb(query: string, wikiOnly = false): Array<{ url: string; title: string }> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return corpus()
    .filter((p) => (!wikiOnly || p.url.startsWith(WIKI)) && words.every((w) => p.text.includes(w)))
    .sort((a, b) => {
      const hit = (p: { title: string }) => (words.every((w) => p.title.toLowerCase().includes(w)) ? 0 : 1);
      return hit(a) - hit(b);
    })
    .map(({ url, title }) => ({ url, title }));
}

function searchPage(url: string, query: string, wikiOnly: boolean): Page {
  const results = searchWeb(query, wikiOnly);
  const site = wikiOnly ? 'MobA Wiki' : 'MobA Search';
  return page(url, `${query} - ${site}`, site, [
    { kind: 'meta', text: `${results.length} results for “${query}”` },
    ...results.map((r): Block => ({ kind: 'link', text: r.title, href: r.url, note: r.url })),
  ]);
}

const notFound = (url: string): Page => ({
  url,
  title: url.replace(/^https?:\/\//, '').replace(/\/.*$/, ''),
  site: '',
  blocks: [],
  found: false,
});

/** The page at an address (http is read as https; the host's root without a slash too). */
export function pageAt(address: string): Page {
  const url = address.replace(/^http:\/\//, 'https://');
  const q = /^https:\/\/(search|wiki)\.moba\.test\/search\?q=(.*)$/.exec(url);
  if (q) return searchPage(url, decodeURIComponent((q[2] ?? '').replace(/\+/g, ' ')), q[1] === 'wiki');
  const m = /^https:\/\/([a-z]+)\.moba\.test\/?(.*)$/.exec(url);
  if (!m) return notFound(url);
  const [, host, path = ''] = m;
  const found =
    host === 'news'
      ? newsPage(path)
      : host === 'recipes'
        ? recipePage(path)
        : host === 'wiki' && path.startsWith('wiki/')
          ? wikiPage(path.slice(5))
          : null;
  return found ?? notFound(url);
}

/** Every page a seed may put in the history, bookmarks and tabs. */
export const SEEDABLE: readonly string[] = [
  NEWS,
  ...STORIES.map((s) => `${NEWS}story/${s[0]}`),
  ...ARTICLES.map((a) => `${WIKI}${a[0]}`),
  RECIPES,
  ...RECIPE_LIST.map((r) => `${RECIPES}${r[0]}`),
];

/** What the address bar makes of typed text: an address, or a search with the chosen engine. */
export function addressFor(typed: string, engine: 'moba' | 'wiki'): string {
  const t = typed.trim();
  if (/^https?:\/\//i.test(t)) return t;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(t)) return `https://${t}`;
  return `${engine === 'wiki' ? WIKI_SEARCH : SEARCH}${encodeURIComponent(t).replace(/%20/g, '+')}`;
}
