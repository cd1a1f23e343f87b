import type { ArtKind } from './art.ts';

/** The demo catalogue: words worth searching for, free and priced items in every section. Prices are tokens. */

export const CLIPS = {
  mandelbrot: { duration: 4 },
  gradients: { duration: 4 },
  life: { duration: 4 },
  sierpinski: { duration: 4 },
  testsrc: { duration: 4 },
} as const;
export type ClipName = keyof typeof CLIPS;

export interface DemoVideo {
  title: string;
  description: string;
  tags: string[];
  categories: string[];
  price: number;
  clip: ClipName;
  /** Hue rotation of the poster, so that videos sharing a clip still look apart. */
  hue: number;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    title: 'Fractal Coastline at Dawn',
    description: 'A slow descent into the edge of the Mandelbrot set, where every bay hides another coastline.',
    tags: ['fractal', 'coast', 'dawn'],
    categories: ['nature'],
    price: 0,
    clip: 'mandelbrot',
    hue: 0,
  },
  {
    title: 'Desert Colour Drift',
    description: 'Warm desert light shifting across the dunes, one gradient at a time.',
    tags: ['desert', 'colour', 'calm'],
    categories: ['travel', 'nature'],
    price: 0,
    clip: 'gradients',
    hue: 0,
  },
  {
    title: 'The Garden of Life',
    description: "Conway's Game of Life grows a garden of gliders and still lifes in violet and teal.",
    tags: ['generative', 'garden'],
    categories: ['workshops'],
    price: 25,
    clip: 'life',
    hue: 0,
  },
  {
    title: 'Triangles All the Way Down',
    description: 'A workshop on self-similar patterns: the Sierpinski triangle drawn line by line.',
    tags: ['geometry', 'pattern', 'lesson'],
    categories: ['workshops'],
    price: 0,
    clip: 'sierpinski',
    hue: 0,
  },
  {
    title: 'Calibration Bars in Motion',
    description: 'The classic test card, animated: colour bars, a moving gradient and a running clock.',
    tags: ['retro', 'broadcast'],
    categories: ['workshops'],
    price: 0,
    clip: 'testsrc',
    hue: 0,
  },
  {
    title: 'Northern Lights Over the Fjord',
    description: 'Green and violet curtains of aurora ripple over a quiet fjord in the Norwegian winter.',
    tags: ['aurora', 'norway', 'winter'],
    categories: ['travel', 'nature'],
    price: 40,
    clip: 'gradients',
    hue: 120,
  },
  {
    title: 'Lighthouse Keeper’s Night',
    description: 'One night in the lighthouse: the lamp turns, the sea breathes, the keeper waits for dawn.',
    tags: ['lighthouse', 'sea', 'night'],
    categories: ['travel'],
    price: 30,
    clip: 'mandelbrot',
    hue: 200,
  },
  {
    title: 'Coral Reef Colonies',
    description: 'Colonies spread and retreat like a coral reef seen from above, in the colours of warm shallow water.',
    tags: ['reef', 'ocean', 'generative'],
    categories: ['nature'],
    price: 0,
    clip: 'life',
    hue: 150,
  },
  {
    title: 'Mountain Pass in Autumn',
    description: 'Driving the high mountain pass as the larches turn gold and the first snow dusts the peaks.',
    tags: ['mountains', 'autumn', 'road trip'],
    categories: ['travel'],
    price: 20,
    clip: 'gradients',
    hue: 300,
  },
  {
    title: 'Glass Blowing Masterclass',
    description: 'A master glassblower shapes molten glass into a vase, step by careful step.',
    tags: ['glass', 'craft', 'masterclass'],
    categories: ['workshops'],
    price: 60,
    clip: 'sierpinski',
    hue: 90,
  },
  {
    title: 'Rainforest After the Storm',
    description: 'Drops fall from the canopy as the rainforest wakes up after a tropical storm.',
    tags: ['rainforest', 'storm', 'jungle'],
    categories: ['nature'],
    price: 0,
    clip: 'mandelbrot',
    hue: 100,
  },
  {
    title: 'Signal and Noise',
    description: 'An experimental short about old television signals and the patterns hidden in noise.',
    tags: ['experimental', 'television'],
    categories: ['workshops'],
    price: 15,
    clip: 'testsrc',
    hue: 240,
  },
];

export interface DemoGallery {
  title: string;
  description: string;
  tags: string[];
  categories: string[];
  price: number;
  art: ArtKind;
  photos: number;
  portrait?: boolean;
}

export const DEMO_GALLERIES: DemoGallery[] = [
  {
    title: 'Alpine Ridges',
    description: 'Layer upon layer of alpine ridges at sunrise and sunset.',
    tags: ['alps', 'mountains'],
    categories: ['landscapes'],
    price: 0,
    art: 'landscape',
    photos: 8,
  },
  {
    title: 'City After Dark',
    description: 'Skylines and lit windows: the city as it goes to sleep.',
    tags: ['city', 'night', 'skyline'],
    categories: ['architecture'],
    price: 30,
    art: 'city',
    photos: 7,
  },
  {
    title: 'Bokeh Studies',
    description: 'Out-of-focus lights turned into soft circles of colour.',
    tags: ['bokeh', 'abstract', 'light'],
    categories: ['portraits'],
    price: 0,
    art: 'abstract',
    photos: 6,
    portrait: true,
  },
  {
    title: 'Canyon Light',
    description: 'Red canyon walls lit by a low desert sun.',
    tags: ['canyon', 'desert'],
    categories: ['landscapes'],
    price: 45,
    art: 'landscape',
    photos: 7,
  },
  {
    title: 'Towers and Terraces',
    description: 'Modern towers and old terraces side by side.',
    tags: ['towers', 'urban'],
    categories: ['architecture'],
    price: 0,
    art: 'city',
    photos: 6,
    portrait: true,
  },
  {
    title: 'Studio Portraits in Colour',
    description: 'Portrait sessions where colour does the talking.',
    tags: ['studio', 'colour'],
    categories: ['portraits'],
    price: 20,
    art: 'abstract',
    photos: 7,
    portrait: true,
  },
];

export interface DemoStory {
  title: string;
  shortDescription: string;
  paragraphs: string[];
  tags: string[];
  categories: string[];
  price: number;
  art: ArtKind;
}

export const DEMO_STORIES: DemoStory[] = [
  {
    title: 'The Map That Drew Itself',
    shortDescription: 'A cartographer finds a map that adds a new street every night.',
    paragraphs: [
      'Every morning Ilse unrolled the map and found one more street than the day before.',
      'At first she blamed the apprentice. Then the apprentice left for the coast, and the streets kept coming.',
      'By winter the map showed a district nobody had built, with a square, a fountain and, at its centre, her own house.',
    ],
    tags: ['map', 'mystery'],
    categories: ['fiction'],
    price: 0,
    art: 'city',
  },
  {
    title: 'Notes From a Night Shoot',
    shortDescription: 'What eleven hours on a rooftop teach you about patience and light.',
    paragraphs: [
      'We set up at six, when the city was still loud.',
      'By midnight the only sounds were the tripod creaking and the hum of the ventilation shafts.',
      'The shot we came for arrived at 4:52, lasted nine seconds, and made the whole night worth it.',
    ],
    tags: ['photography', 'night'],
    categories: ['behind-the-scenes'],
    price: 15,
    art: 'city',
  },
  {
    title: 'On Walking Slowly',
    shortDescription: 'An essay on the lost art of walking without a destination.',
    paragraphs: [
      'Walking slowly is not the same as walking for exercise.',
      'The slow walker notices the crack in the pavement that has been there for thirty years, and the moss that has made a home in it.',
      'Try it once this week: no headphones, no goal, one hour.',
    ],
    tags: ['walking', 'essay'],
    categories: ['essays'],
    price: 0,
    art: 'landscape',
  },
  {
    title: 'The Glassblower’s Apprentice',
    shortDescription: 'A short story about heat, breath and the first vase that did not crack.',
    paragraphs: [
      'The furnace roared at eleven hundred degrees.',
      'Tomas had broken forty-one vases that spring; his master had kept every shard in a crate by the door.',
      'The forty-second held, and the master finally emptied the crate into the sea.',
    ],
    tags: ['glass', 'craft', 'apprentice'],
    categories: ['fiction'],
    price: 25,
    art: 'abstract',
  },
  {
    title: 'Why Fractals Feel Natural',
    shortDescription: 'Coastlines, ferns and clouds share a secret: they repeat themselves.',
    paragraphs: [
      'Measure a coastline with a shorter ruler and it gets longer.',
      'That strange fact led Benoit Mandelbrot to the geometry of roughness.',
      'Our eyes seem to like it too: scenes with a fractal dimension near 1.3 are the ones people call calming.',
    ],
    tags: ['fractal', 'science', 'nature'],
    categories: ['essays'],
    price: 10,
    art: 'landscape',
  },
  {
    title: 'Building the Reef Set',
    shortDescription: 'How the coral reef sequence was made from a cellular automaton.',
    paragraphs: [
      'The reef is not filmed; it is grown.',
      'We started from a random soup of cells and tuned the survival rule until colonies spread like coral.',
      'Then came three weeks of colour grading to make teal feel like water.',
    ],
    tags: ['reef', 'generative', 'making-of'],
    categories: ['behind-the-scenes'],
    price: 0,
    art: 'abstract',
  },
];

export interface DemoPost {
  type: 'post' | 'page';
  slug?: string;
  title: string;
  shortDescription: string;
  paragraphs: string[];
  categories: string[];
  art?: ArtKind;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    type: 'post',
    title: 'Welcome to Tessera',
    shortDescription: 'Videos, galleries, stories and a store, with one token balance.',
    paragraphs: [
      'Tessera brings together short films, photo galleries, long reads and a small store.',
      'Everything free is free for everyone. Premium items are unlocked once with tokens and stay yours.',
    ],
    categories: ['news'],
    art: 'abstract',
  },
  {
    type: 'post',
    title: 'How Tokens Work',
    shortDescription: 'Buy a package once, unlock what you like, keep it forever.',
    paragraphs: [
      'Tokens are bought in packages and spent on premium videos, galleries, stories and store items.',
      'Your balance is shown at the top of every page and updates live in every open tab.',
    ],
    categories: ['guides'],
    art: 'product',
  },
  {
    type: 'post',
    title: 'New This Month: Aurora and Reef',
    shortDescription: 'Two new films from the far north and the warm south.',
    paragraphs: [
      'This month we added Northern Lights Over the Fjord and Coral Reef Colonies.',
      'Both come with behind-the-scenes stories in the Stories section.',
    ],
    categories: ['news'],
    art: 'landscape',
  },
  {
    type: 'post',
    title: 'A Guide to Searching the Catalogue',
    shortDescription: 'Find anything by a word from its title, tags or description.',
    paragraphs: ['The search box at the top looks through every section at once.', 'Short words work too: typing "light" finds lighthouse, lights and light.'],
    categories: ['guides'],
    art: 'city',
  },
  {
    type: 'page',
    slug: 'about',
    title: 'About',
    shortDescription: 'Who we are and what Tessera is for.',
    paragraphs: ['Tessera is a small, independent site for visual stories.', 'We pay creators for every unlock.'],
    categories: [],
  },
  {
    type: 'page',
    slug: 'terms',
    title: 'Terms of Use',
    shortDescription: 'The rules of the site, in plain words.',
    paragraphs: ['Be kind in comments. Do not re-upload premium content.', 'Tokens are not money and cannot be exchanged back.'],
    categories: [],
  },
];

export interface DemoProduct {
  name: string;
  description: string;
  type: 'digital' | 'physical';
  price: number;
  stock?: number;
  tags: string[];
  categories: string[];
  /** For digital products: what the download is. */
  file?: { name: string; kind: 'wallpaper' | 'preset' };
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Alpine Ridges Wallpaper Pack',
    description: 'A 1920×1080 wallpaper from the Alpine Ridges gallery, delivered as a download.',
    type: 'digital',
    price: 12,
    tags: ['wallpaper', 'mountains'],
    categories: ['presets'],
    file: { name: 'alpine-ridges-wallpaper.png', kind: 'wallpaper' },
  },
  {
    name: 'Night City Colour Preset',
    description: 'The colour grade of City After Dark as an editing preset.',
    type: 'digital',
    price: 18,
    tags: ['preset', 'colour grade'],
    categories: ['presets'],
    file: { name: 'night-city-preset.txt', kind: 'preset' },
  },
  {
    name: 'Canyon Light Wallpaper',
    description: 'Warm canyon tones for your desktop, 1920×1080.',
    type: 'digital',
    price: 8,
    tags: ['wallpaper', 'desert'],
    categories: ['presets'],
    file: { name: 'canyon-light-wallpaper.png', kind: 'wallpaper' },
  },
  {
    name: 'Reef Grade Preset',
    description: 'Teal-and-coral colour preset used in Coral Reef Colonies.',
    type: 'digital',
    price: 15,
    tags: ['preset', 'reef'],
    categories: ['presets'],
    file: { name: 'reef-grade-preset.txt', kind: 'preset' },
  },
  {
    name: 'Fine Art Print: Fjord',
    description: 'A museum-grade giclée print, 40×30 cm, signed and numbered.',
    type: 'physical',
    price: 120,
    stock: 12,
    tags: ['print', 'aurora'],
    categories: ['prints'],
  },
  {
    name: 'Fine Art Print: Skyline',
    description: 'A 50×40 cm print of the skyline at dusk on heavy matte paper.',
    type: 'physical',
    price: 140,
    stock: 5,
    tags: ['print', 'city'],
    categories: ['prints'],
  },
  {
    name: 'Tessera Enamel Mug',
    description: 'An enamel camp mug with the Tessera mark. Holds 350 ml of coffee.',
    type: 'physical',
    price: 35,
    stock: 40,
    tags: ['mug', 'coffee'],
    categories: ['merchandise'],
  },
  {
    name: 'Lens Cloth Set',
    description: 'Three microfibre cloths printed with gallery artwork.',
    type: 'physical',
    price: 10,
    stock: 0,
    tags: ['lens', 'cleaning'],
    categories: ['merchandise'],
  },
];

export interface DemoBanner {
  title: string;
  description: string;
  link: string;
  position: 'top' | 'middle' | 'bottom';
  art: ArtKind;
}

export const DEMO_BANNERS: DemoBanner[] = [
  {
    title: 'Northern Lights Over the Fjord',
    description: 'Our new film from the far north. Unlock it with tokens.',
    link: '/videos/northern-lights-over-the-fjord',
    position: 'top',
    art: 'landscape',
  },
  {
    title: 'Galleries worth getting lost in',
    description: 'Six photo sets, from alpine ridges to studio portraits.',
    link: '/galleries',
    position: 'top',
    art: 'city',
  },
  {
    title: 'Prints, presets and a very good mug',
    description: 'The store ships physical goods and delivers downloads at once.',
    link: '/store',
    position: 'middle',
    art: 'product',
  },
];
