/**
 * The bundled photo catalogue: everyday things that matter in a preference
 * library, each a Twemoji graphic (`@twemoji/svg`, CC BY 4.0) with a title and
 * the words people search for it by (synonyms; New Zealand, British and
 * American words). Hand-picked: what a person eats and drinks, does, listens
 * to, loves, where they go, how they are cared for, who they are with, how
 * they travel, dress, wash and sleep, and how they feel (ADR 019).
 *
 * An entry names its emoji; its file is the emoji's code points in hex, joined
 * by `-`, without U+FE0F unless the sequence has a zero-width joiner (Twemoji's
 * own naming). api/photo-search/catalogue.test.ts checks every file exists.
 */

export type CatalogueGroup =
  | 'food and drink'
  | 'activities'
  | 'music'
  | 'animals'
  | 'places'
  | 'weather'
  | 'care and health'
  | 'people'
  | 'transport'
  | 'clothing'
  | 'bathing'
  | 'sleep'
  | 'feelings'
  | 'everyday';

export type CatalogueEntry = {
  /** Stable id, as the API names it (`catalogue` provider photo ids). */
  id: string;
  title: string;
  emoji: string;
  group: CatalogueGroup;
  /** Other words for it, lower case. */
  keywords: readonly string[];
};

/** Splits "a, b, c" into keywords. */
const k = (words: string) =>
  words
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);

function entries(group: CatalogueGroup, rows: ReadonlyArray<[string, string, string, string]>) {
  return rows.map(
    ([id, title, emoji, words]): CatalogueEntry => ({
      id,
      title,
      emoji,
      group,
      keywords: k(words),
    }),
  );
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  ...entries('food and drink', [
    ['cup-of-tea', 'Cup of tea', '🍵', 'tea, cuppa, green tea, herbal tea, hot drink, drink'],
    ['teapot', 'Teapot', '🫖', 'tea, pot of tea, cuppa, morning tea, afternoon tea, brew'],
    [
      'hot-drink',
      'Hot drink',
      '☕',
      'coffee, tea, hot chocolate, milo, mug, cup, flat white, latte, drink',
    ],
    ['coffee', 'Coffee', '☕', 'flat white, latte, espresso, cappuccino, long black, café, cafe'],
    ['glass-of-milk', 'Glass of milk', '🥛', 'milk, dairy, drink'],
    ['water', 'Drinking water', '🚰', 'water, tap water, glass of water, drink, thirsty'],
    ['juice', 'Juice', '🧃', 'juice box, fruit juice, apple juice, orange juice, drink'],
    [
      'fizzy-drink',
      'Fizzy drink',
      '🥤',
      'soft drink, soda, pop, fizzy, smoothie, milkshake, drink',
    ],
    ['beer', 'Beer', '🍺', 'pint, ale, lager, pub, drink, alcohol'],
    ['wine', 'Wine', '🍷', 'glass of wine, red wine, drink, alcohol'],
    ['bread', 'Bread', '🍞', 'toast, loaf, sandwich bread'],
    ['sandwich', 'Sandwich', '🥪', 'sandwiches, sammie, sarnie, lunch, butty'],
    [
      'breakfast-cereal',
      'Cereal',
      '🥣',
      'porridge, oats, weet-bix, weetbix, breakfast, bowl, muesli',
    ],
    ['cooking', 'Cooking', '🍳', 'fried egg, frying pan, breakfast, cook, kitchen'],
    ['egg', 'Egg', '🥚', 'eggs, boiled egg'],
    ['cheese', 'Cheese', '🧀', 'cheddar, dairy'],
    ['apple', 'Apple', '🍎', 'fruit, red apple'],
    ['banana', 'Banana', '🍌', 'fruit, bananas'],
    ['strawberry', 'Strawberries', '🍓', 'strawberry, berries, fruit'],
    ['orange', 'Orange', '🍊', 'mandarin, tangerine, citrus, fruit'],
    ['grapes', 'Grapes', '🍇', 'fruit, grape'],
    ['watermelon', 'Watermelon', '🍉', 'melon, fruit, summer'],
    ['kiwifruit', 'Kiwifruit', '🥝', 'kiwi fruit, kiwi, fruit'],
    ['carrot', 'Carrot', '🥕', 'vegetables, veggies, vege, carrots'],
    ['broccoli', 'Broccoli', '🥦', 'vegetables, veggies, vege, greens'],
    ['potato', 'Potato', '🥔', 'potatoes, spud, kumara, vegetables'],
    ['salad', 'Salad', '🥗', 'green salad, vegetables, healthy'],
    ['soup', 'Soup or stew', '🍲', 'soup, stew, casserole, hot pot, boil-up'],
    ['pizza', 'Pizza', '🍕', 'takeaway, takeout, slice'],
    ['burger', 'Burger', '🍔', 'hamburger, takeaway, takeout, fast food'],
    ['chips', 'Chips', '🍟', 'fries, french fries, hot chips, takeaway'],
    ['pasta', 'Pasta', '🍝', 'spaghetti, noodles, italian'],
    ['rice', 'Rice', '🍚', 'bowl of rice, steamed rice'],
    ['noodles', 'Noodles', '🍜', 'ramen, noodle soup, pho'],
    ['sushi', 'Sushi', '🍣', 'japanese, fish'],
    ['chicken-dinner', 'Chicken', '🍗', 'chicken leg, drumstick, roast, meat, dinner'],
    ['meat', 'Meat', '🥩', 'steak, beef, lamb, roast, barbecue, bbq'],
    ['pie', 'Pie', '🥧', 'mince pie, apple pie, pastry'],
    ['cake', 'Cake', '🍰', 'slice of cake, dessert, pudding, afternoon tea'],
    ['birthday-cake', 'Birthday cake', '🎂', 'birthday, cake, party, celebration, candles'],
    ['biscuits', 'Biscuits', '🍪', 'biscuit, cookie, cookies, bikkie'],
    ['chocolate', 'Chocolate', '🍫', 'chocolate bar, sweets, treat'],
    ['ice-cream', 'Ice cream', '🍦', 'ice-cream, cone, soft serve, dessert, hokey pokey'],
    ['doughnut', 'Doughnut', '🍩', 'donut, treat'],
    ['lollies', 'Lollies', '🍬', 'lolly, sweets, candy, treat'],
    ['honey', 'Honey', '🍯', 'honey pot, manuka'],
    ['meal', 'Meal', '🍽️', 'dinner, lunch, eating, plate, knife and fork, food, restaurant'],
  ]),
  ...entries('activities', [
    ['football', 'Football', '⚽', 'soccer, football, ball, sport'],
    ['rugby', 'Rugby', '🏉', 'rugby ball, league, touch, sport, all blacks'],
    ['cricket', 'Cricket', '🏏', 'bat, sport'],
    ['basketball', 'Basketball', '🏀', 'netball, hoops, ball, sport'],
    ['tennis', 'Tennis', '🎾', 'racquet, racket, sport'],
    ['swimming', 'Swimming', '🏊', 'swim, pool, swimming pool, togs, sport'],
    ['walking', 'Walking', '🚶', 'walk, stroll, going for a walk, outing'],
    ['running', 'Running', '🏃', 'run, jogging, jog, exercise'],
    ['cycling', 'Cycling', '🚴', 'bike ride, biking, cycle, bicycle'],
    ['exercise', 'Exercise', '🏋️', 'gym, weights, workout, fitness'],
    ['yoga', 'Yoga', '🧘', 'meditation, stretching, calm, mindfulness'],
    ['dancing', 'Dancing', '💃', 'dance, disco, party'],
    ['fishing', 'Fishing', '🎣', 'fish, rod, angling'],
    ['gardening', 'Gardening', '🌱', 'garden, plants, seedling, growing, vege garden'],
    ['knitting', 'Knitting', '🧶', 'yarn, wool, crochet, craft'],
    ['sewing', 'Sewing', '🧵', 'thread, needle, craft, stitching'],
    ['painting', 'Painting', '🎨', 'art, paint, drawing, craft, colouring, coloring'],
    ['drawing', 'Drawing', '✏️', 'pencil, writing, sketching, colouring, coloring'],
    ['reading', 'Reading', '📚', 'books, library, read, stories'],
    ['book', 'Book', '📖', 'reading, story, open book'],
    ['puzzles', 'Jigsaw puzzle', '🧩', 'puzzle, puzzles, jigsaw'],
    ['board-games', 'Board games', '🎲', 'dice, games, ludo, snakes and ladders'],
    ['cards', 'Card games', '🃏', 'cards, playing cards, poker, euchre, games'],
    ['chess', 'Chess', '♟️', 'draughts, checkers, games'],
    ['video-games', 'Video games', '🎮', 'gaming, games, playstation, xbox, console'],
    ['television', 'Television', '📺', 'tv, telly, watching tv, programmes, shows'],
    ['films', 'Films', '🎬', 'movies, cinema, pictures, flicks'],
    ['photography', 'Photography', '📷', 'camera, photos, pictures'],
    ['shopping', 'Shopping', '🛍️', 'shops, mall, shopping bags'],
    ['camping', 'Camping', '🏕️', 'tent, outdoors, tramping, bush'],
    ['tramping', 'Tramping', '🥾', 'hiking, hiking boots, bushwalking, walking, trekking'],
    ['bowling', 'Bowling', '🎳', 'ten pin, tenpin, bowls'],
    ['party', 'Party', '🎉', 'celebration, celebrate, party popper, fun'],
    ['presents', 'Presents', '🎁', 'gift, gifts, present, birthday, christmas'],
    ['christmas', 'Christmas', '🎄', 'christmas tree, xmas, holidays'],
    ['fair', 'Fair', '🎡', 'ferris wheel, funfair, carnival, show, amusement park'],
  ]),
  ...entries('music', [
    ['music', 'Music', '🎵', 'musical note, listening to music, tune'],
    ['songs', 'Songs', '🎶', 'music, singing, tunes, melody'],
    ['singing', 'Singing', '🎤', 'microphone, karaoke, choir, sing'],
    ['guitar', 'Guitar', '🎸', 'ukulele, music, playing guitar'],
    ['piano', 'Piano', '🎹', 'keyboard, music'],
    ['drums', 'Drums', '🥁', 'drum, drumming, music'],
    ['violin', 'Violin', '🎻', 'fiddle, music, classical'],
    ['trumpet', 'Trumpet', '🎺', 'brass band, music'],
    ['headphones', 'Headphones', '🎧', 'earphones, listening, music, podcast'],
    ['radio', 'Radio', '📻', 'listening, talkback, music'],
  ]),
  ...entries('animals', [
    ['dog', 'Dog', '🐕', 'dogs, puppy, pet, doggo'],
    ['cat', 'Cat', '🐈', 'cats, kitten, pussycat, pet'],
    ['bird', 'Bird', '🐦', 'birds, birdwatching, budgie, pet'],
    ['horse', 'Horse', '🐎', 'horse riding, pony'],
    ['cow', 'Cow', '🐄', 'cattle, farm, dairy'],
    ['sheep', 'Sheep', '🐑', 'lamb, farm, wool'],
    ['chicken', 'Chicken', '🐔', 'chooks, hens, farm'],
    ['rabbit', 'Rabbit', '🐇', 'bunny, pet'],
    ['fish', 'Fish', '🐟', 'goldfish, aquarium, pet'],
    ['turtle', 'Turtle', '🐢', 'tortoise, pet'],
    ['butterfly', 'Butterfly', '🦋', 'insect, garden'],
    ['dolphin', 'Dolphin', '🐬', 'sea, ocean, whale'],
  ]),
  ...entries('places', [
    ['home', 'Home', '🏠', 'house, at home, my house'],
    ['garden', 'House and garden', '🏡', 'garden, backyard, home, yard'],
    ['school', 'School', '🏫', 'kura, class, classroom, college'],
    ['hospital', 'Hospital', '🏥', 'clinic, emergency, a and e, er'],
    ['corner-shop', 'Corner shop', '🏪', 'dairy, convenience store, shop, superette'],
    ['supermarket', 'Supermarket', '🛒', 'grocery shopping, groceries, trolley, cart, shopping'],
    ['church', 'Church', '⛪', 'chapel, worship, sunday'],
    ['work', 'Work', '🏢', 'office, job, workplace'],
    ['museum', 'Museum', '🏛️', 'gallery, library, town hall, building'],
    ['stadium', 'Stadium', '🏟️', 'sports ground, game, match'],
    ['beach', 'Beach', '🏖️', 'seaside, sea, sand, holiday'],
    ['park', 'Park', '🏞️', 'national park, outdoors, nature, river'],
    ['mountains', 'Mountains', '⛰️', 'mountain, hills, maunga'],
    ['tree', 'Trees', '🌳', 'tree, bush, forest, park, nature'],
    ['restaurant', 'Restaurant', '🍴', 'eating out, cafe, café, dinner out, knife and fork'],
  ]),
  ...entries('weather', [
    ['sunny', 'Sunny', '☀️', 'sun, sunshine, hot, summer, fine weather'],
    ['rain', 'Rain', '🌧️', 'rainy, wet, showers'],
    ['cloudy', 'Cloudy', '☁️', 'cloud, clouds, overcast, grey'],
    ['snow', 'Snow', '❄️', 'snowflake, cold, winter, frost'],
    ['storm', 'Storm', '⛈️', 'thunder, lightning, thunderstorm'],
    ['rainbow', 'Rainbow', '🌈', 'colours, colors'],
    ['windy', 'Windy', '💨', 'wind, breeze, gust'],
    ['umbrella', 'Umbrella', '☂️', 'brolly, rain'],
    ['temperature', 'Temperature', '🌡️', 'thermometer, hot, cold, warm, fever, heat'],
  ]),
  ...entries('care and health', [
    ['medication', 'Medication', '💊', 'medicine, pills, tablets, pill, meds, prescription'],
    ['injection', 'Injection', '💉', 'jab, needle, vaccine, vaccination, shot, syringe, insulin'],
    ['doctor', 'Doctor', '🩺', 'gp, stethoscope, check-up, checkup, nurse, appointment'],
    ['health-worker', 'Health worker', '🧑‍⚕️', 'nurse, carer, caregiver, support worker, doctor'],
    ['plaster', 'Plaster', '🩹', 'band-aid, bandaid, bandage, first aid, cut'],
    ['teeth', 'Teeth', '🦷', 'tooth, dentist, dentures'],
    ['glasses', 'Glasses', '👓', 'spectacles, specs, eyes, reading glasses'],
    ['hearing-aid', 'Hearing aid', '🦻', 'hearing, ear, deaf, listening'],
    ['wheelchair', 'Wheelchair', '🦽', 'chair, mobility'],
    ['accessible', 'Accessible', '♿', 'wheelchair access, disability, mobility'],
    ['white-cane', 'White cane', '🦯', 'cane, blind, vision, walking stick'],
    ['crutch', 'Crutch', '🩼', 'crutches, walking aid, walking stick'],
    ['cream', 'Cream', '🧴', 'lotion, moisturiser, moisturizer, sunscreen, sunblock'],
    ['massage', 'Massage', '💆', 'head massage, relax, pamper'],
    ['unwell', 'Unwell', '🤒', 'sick, ill, fever, temperature, poorly'],
    ['hurt', 'Hurt', '🤕', 'in pain, pain, injury, headache, sore'],
  ]),
  ...entries('people', [
    ['family', 'Family', '👪', 'whānau, whanau, parents, kids, children, mum, dad'],
    ['grandmother', 'Grandmother', '👵', 'nan, nana, nanny, grandma, granny, kuia, old woman'],
    ['grandfather', 'Grandfather', '👴', 'grandad, grandpa, poppa, koro, old man'],
    ['baby', 'Baby', '👶', 'pēpi, pepi, infant, newborn'],
    ['child', 'Child', '🧒', 'kid, kids, children, tamariki'],
    ['friends', 'Friends', '👫', 'mates, friend, buddies, company'],
    ['together', 'Together', '🧑‍🤝‍🧑', 'holding hands, company, friends, support'],
    ['hug', 'Hug', '🤗', 'cuddle, hugs, hongi, affection'],
    ['handshake', 'Handshake', '🤝', 'meeting, greeting, agreement, deal'],
    ['couple', 'Couple', '💑', 'partner, husband, wife, love, relationship'],
    ['talking', 'Talking', '🗣️', 'speaking, chat, conversation, voice'],
    ['phone-call', 'Phone call', '📞', 'telephone, phone, ringing, call'],
    ['mobile-phone', 'Mobile phone', '📱', 'cell phone, cellphone, smartphone, texting, iphone'],
    ['letter', 'Letter', '💌', 'mail, post, card, love letter'],
  ]),
  ...entries('transport', [
    ['car', 'Car', '🚗', 'driving, drive, car ride, automobile'],
    ['bus', 'Bus', '🚌', 'coach, public transport'],
    ['train', 'Train', '🚆', 'railway, rail, public transport'],
    ['bicycle', 'Bicycle', '🚲', 'bike, push bike, cycling'],
    ['plane', 'Aeroplane', '✈️', 'airplane, plane, flying, flight, airport, travel, holiday'],
    ['ferry', 'Ferry', '⛴️', 'boat, ship, sailing'],
    ['taxi', 'Taxi', '🚕', 'cab, uber, ride'],
    ['scooter', 'Scooter', '🛴', 'kick scooter'],
    ['mobility-scooter', 'Mobility scooter', '🦼', 'motorised wheelchair, powerchair, mobility'],
    ['van', 'Van', '🚐', 'minibus, people mover, shuttle'],
    ['ute', 'Ute', '🛻', 'pickup truck, pick-up, truck'],
    ['ambulance', 'Ambulance', '🚑', 'emergency, paramedic'],
  ]),
  ...entries('clothing', [
    ['t-shirt', 'T-shirt', '👕', 'tee, top, shirt, clothes'],
    ['shirt', 'Shirt', '👔', 'collar, tie, work clothes, clothes'],
    ['jeans', 'Jeans', '👖', 'trousers, pants, denim, clothes'],
    ['shorts', 'Shorts', '🩳', 'summer clothes, clothes'],
    ['dress', 'Dress', '👗', 'frock, clothes'],
    ['coat', 'Coat', '🧥', 'jacket, raincoat, warm clothes'],
    ['scarf', 'Scarf', '🧣', 'warm, winter'],
    ['gloves', 'Gloves', '🧤', 'mittens, warm, winter'],
    ['socks', 'Socks', '🧦', 'stockings'],
    ['sneakers', 'Sneakers', '👟', 'trainers, runners, sports shoes, shoes'],
    ['shoes', 'Shoes', '👞', 'dress shoes, leather shoes'],
    ['jandals', 'Jandals', '🩴', 'flip-flops, flip flops, thongs, sandals'],
    ['sun-hat', 'Sun hat', '👒', 'hat, sunhat'],
    ['cap', 'Cap', '🧢', 'baseball cap, hat'],
    ['swimsuit', 'Swimsuit', '👙', 'togs, swimmers, bathers, bikini, swimming costume'],
    ['handbag', 'Handbag', '👜', 'bag, purse'],
    ['jewellery', 'Jewellery', '💍', 'jewelry, ring, wedding ring'],
  ]),
  ...entries('bathing', [
    ['bath', 'Bath', '🛁', 'bathtub, bathing, bath time'],
    ['having-a-bath', 'Having a bath', '🛀', 'bath, bathing, soak, wash'],
    ['shower', 'Shower', '🚿', 'showering, wash'],
    ['soap', 'Soap', '🧼', 'washing, hand washing, wash hands'],
    ['sponge', 'Sponge', '🧽', 'flannel, face cloth, washcloth, washing'],
    ['toothbrush', 'Toothbrush', '🪥', 'brushing teeth, teeth, toothpaste'],
    ['toilet', 'Toilet', '🚽', 'loo, bathroom, restroom, wc, lavatory'],
    ['toilet-paper', 'Toilet paper', '🧻', 'toilet roll, loo paper, tissue'],
    ['razor', 'Razor', '🪒', 'shaving, shave'],
    ['haircut', 'Haircut', '💇', 'hairdresser, hair, barber, hair wash'],
    ['nails', 'Nails', '💅', 'nail polish, manicure, pamper'],
    ['mirror', 'Mirror', '🪞', 'getting ready, looking'],
    ['laundry', 'Laundry', '🧺', 'washing, clothes basket, washing basket'],
  ]),
  ...entries('sleep', [
    ['bed', 'Bed', '🛏️', 'bedroom, sleep, bedtime'],
    ['in-bed', 'In bed', '🛌', 'sleeping, rest, lie in, nap, bedtime'],
    ['sleeping', 'Sleeping', '😴', 'asleep, sleep, nap, snooze'],
    ['zzz', 'Sleep', '💤', 'zzz, snooze, nap, rest'],
    ['night', 'Night', '🌙', 'moon, night time, evening, bedtime'],
    ['teddy-bear', 'Teddy bear', '🧸', 'soft toy, cuddly toy, toy, comfort'],
    ['alarm-clock', 'Alarm clock', '⏰', 'clock, waking up, wake up, morning, time'],
    ['candle', 'Candle', '🕯️', 'calm, quiet, relaxing'],
    ['light', 'Light', '💡', 'lamp, night light, light bulb'],
  ]),
  ...entries('feelings', [
    ['happy', 'Happy', '😀', 'smile, grin, glad, joy, feeling good'],
    ['content', 'Content', '😊', 'smiling, pleased, happy'],
    ['love', 'Love', '❤️', 'heart, like, loves, favourite, favorite'],
    ['loved', 'Loved', '🥰', 'love, affection, hearts'],
    ['like', 'Like', '👍', 'thumbs up, yes, good, ok, okay, agree'],
    ['dislike', 'Dislike', '👎', 'thumbs down, no, bad, do not like'],
    ['laughing', 'Laughing', '😂', 'funny, laugh, joke, humour, humor'],
    ['excited', 'Excited', '🤩', 'thrilled, star struck, amazing'],
    ['relaxed', 'Relaxed', '😌', 'calm, peaceful, relieved'],
    ['neutral', 'Neutral', '😐', 'okay, meh, fine'],
    ['sad', 'Sad', '😢', 'crying, tears, upset, unhappy'],
    ['angry', 'Angry', '😠', 'cross, mad, annoyed, grumpy'],
    ['worried', 'Worried', '😟', 'anxious, nervous, concerned, stressed'],
    ['scared', 'Scared', '😱', 'afraid, frightened, fear, shocked'],
    ['tired', 'Tired', '🥱', 'yawning, sleepy, exhausted, worn out'],
    ['bored', 'Bored', '😒', 'boring, fed up, unamused'],
    ['lonely', 'Lonely', '😞', 'alone, disappointed, down'],
    ['thinking', 'Thinking', '🤔', 'wondering, unsure, curious, question'],
    ['sick', 'Feeling sick', '🤢', 'nauseous, sick, queasy, unwell, nausea'],
  ]),
  ...entries('everyday', [
    ['flowers', 'Flowers', '🌺', 'flower, hibiscus, bouquet, garden'],
    ['rose', 'Rose', '🌹', 'flower, roses, romance'],
    ['sunflower', 'Sunflower', '🌻', 'flower, garden, yellow'],
    ['calendar', 'Calendar', '🗓️', 'date, appointment, diary, schedule, plans'],
    ['money', 'Money', '💰', 'cash, pocket money, savings, spending'],
    ['computer', 'Computer', '💻', 'laptop, internet, email, computer games'],
    ['newspaper', 'Newspaper', '📰', 'news, paper, reading'],
    ['keys', 'Keys', '🔑', 'key, lock, house keys'],
  ]),
];

/** The Twemoji file of an emoji: code points in hex joined by '-', U+FE0F dropped unless it has a ZWJ. */
export function twemojiFile(emoji: string): string {
  const points = Array.from(emoji, (ch) => (ch.codePointAt(0) ?? 0).toString(16));
  const kept = points.includes('200d') ? points : points.filter((p) => p !== 'fe0f');
  return `${kept.join('-')}.svg`;
}

/** Lower case, accents removed (café, whānau), spaces squeezed. */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The shortest query matched as the start of a keyword or of a word inside one. */
const MIN_WORD_PREFIX = 4;

/**
 * How well `entry` matches the normalised `query`: lower is better, undefined
 * is no match. The title exactly, then a keyword exactly, then the title
 * starting with it, then a keyword starting with it, then any word of them
 * being it or starting with it, then every word of the query found so. Only
 * the title is matched by its start with fewer than four letters ("tea" is
 * "Teapot", never "tears").
 */
export function matchRank(entry: CatalogueEntry, query: string): number | undefined {
  if (!query) return undefined;
  const title = normaliseWords(entry.title);
  const keywords = entry.keywords.map(normaliseWords);
  if (title === query) return 0;
  if (keywords.includes(query)) return 1;
  if (title.startsWith(query)) return 2;
  const long = query.length >= MIN_WORD_PREFIX;
  if (long && keywords.some((w) => w.startsWith(query))) return 3;
  const words = [title, ...keywords].flatMap((w) => w.split(' '));
  const queryWords = query.split(' ');
  if (queryWords.length === 1) {
    if (words.includes(query)) return 4;
    // Three letters start too many words ("tea" in "tears").
    if (long && words.some((w) => w.startsWith(query))) return 5;
    return undefined;
  }
  if (queryWords.every((q) => words.includes(q))) return 6;
  const starts = (q: string) =>
    words.includes(q) || (q.length >= MIN_WORD_PREFIX && words.some((w) => w.startsWith(q)));
  if (queryWords.every(starts)) return 7;
  return undefined;
}

/** The entries matching `query` (any case, accents ignored), best first, then by title. */
export function searchCatalogue(query: string): CatalogueEntry[] {
  const q = normaliseWords(query);
  return CATALOGUE.map((entry) => ({ entry, rank: matchRank(entry, q) }))
    .filter((r): r is { entry: CatalogueEntry; rank: number } => r.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.entry.title.localeCompare(b.entry.title, 'en'))
    .map((r) => r.entry);
}

const byId = new Map(CATALOGUE.map((e) => [e.id, e]));

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return byId.get(id);
}
