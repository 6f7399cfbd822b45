/**
 * Shop's product templates: names in English and Chinese, category, drawing, base price,
 * colours and size options. model.ts turns them into a seed's catalogue (prices, ratings,
 * sales and deals vary with the seed; the products and their ids do not).
 */

export type CategoryId =
  | 'phones'
  | 'computers'
  | 'audio'
  | 'clothing'
  | 'shoes'
  | 'home'
  | 'kitchen'
  | 'beauty'
  | 'sports'
  | 'books';

export interface Category {
  id: CategoryId;
  en: string;
  zh: string;
  glyph: string;
}

export const CATEGORIES: readonly Category[] = [
  { id: 'phones', en: 'Phones', zh: '手机数码', glyph: 'smartphone' },
  { id: 'computers', en: 'Computers', zh: '电脑办公', glyph: 'laptop' },
  { id: 'audio', en: 'Audio', zh: '影音娱乐', glyph: 'headphones' },
  { id: 'clothing', en: 'Clothing', zh: '服饰', glyph: 'shirt' },
  { id: 'shoes', en: 'Shoes & Bags', zh: '鞋靴箱包', glyph: 'shoe' },
  { id: 'home', en: 'Home', zh: '家居', glyph: 'sofa' },
  { id: 'kitchen', en: 'Kitchen', zh: '厨具', glyph: 'pot' },
  { id: 'beauty', en: 'Beauty', zh: '美妆个护', glyph: 'lipstick' },
  { id: 'sports', en: 'Sports', zh: '运动户外', glyph: 'ball' },
  { id: 'books', en: 'Books', zh: '图书', glyph: 'book' },
];

export interface Colour {
  id: string;
  en: string;
  zh: string;
  hex: string;
}

export const COLOURS: Record<string, Colour> = {
  black: { id: 'black', en: 'Black', zh: '黑色', hex: '#2d2f33' },
  white: { id: 'white', en: 'White', zh: '白色', hex: '#eeeeec' },
  silver: { id: 'silver', en: 'Silver', zh: '银色', hex: '#b9bec6' },
  grey: { id: 'grey', en: 'Grey', zh: '灰色', hex: '#7d838c' },
  blue: { id: 'blue', en: 'Blue', zh: '蓝色', hex: '#2f6fd6' },
  navy: { id: 'navy', en: 'Navy', zh: '藏青色', hex: '#25335a' },
  red: { id: 'red', en: 'Red', zh: '红色', hex: '#d23a3a' },
  pink: { id: 'pink', en: 'Pink', zh: '粉色', hex: '#ef9ab4' },
  green: { id: 'green', en: 'Green', zh: '绿色', hex: '#3c9a5f' },
  purple: { id: 'purple', en: 'Purple', zh: '紫色', hex: '#7e57c2' },
  yellow: { id: 'yellow', en: 'Yellow', zh: '黄色', hex: '#f0c03a' },
  beige: { id: 'beige', en: 'Beige', zh: '米色', hex: '#d8c4a0' },
  brown: { id: 'brown', en: 'Brown', zh: '棕色', hex: '#8a5a3b' },
  gold: { id: 'gold', en: 'Gold', zh: '金色', hex: '#cfa640' },
  orange: { id: 'orange', en: 'Orange', zh: '橙色', hex: '#ee7d28' },
};

/** A size-like choice: its name and options with a price difference in yuan. */
export interface OptionSet {
  en: string;
  zh: string;
  options: Array<[string, number]>;
}

const CLOTHES: OptionSet = {
  en: 'Size',
  zh: '尺码',
  options: [
    ['S', 0],
    ['M', 0],
    ['L', 0],
    ['XL', 0],
    ['XXL', 0],
  ],
};
const SHOES: OptionSet = {
  en: 'Size',
  zh: '尺码',
  options: [
    ['38', 0],
    ['39', 0],
    ['40', 0],
    ['41', 0],
    ['42', 0],
    ['43', 0],
    ['44', 0],
  ],
};
const storage = (a: number, b: number): OptionSet => ({
  en: 'Storage',
  zh: '存储容量',
  options: [
    ['128GB', 0],
    ['256GB', a],
    ['512GB', b],
  ],
});
const capacity = (a: string, b: string, delta: number): OptionSet => ({
  en: 'Capacity',
  zh: '容量',
  options: [
    [a, 0],
    [b, delta],
  ],
});

export interface ProductTemplate {
  cat: CategoryId;
  art: string;
  en: string;
  zh: string;
  brand: string;
  /** Base price in yuan before the seed's variation. */
  base: number;
  /** Colour ids; empty for products without colours (the drawing uses `tint`). */
  colours: string[];
  tint?: string;
  options?: OptionSet;
  /** Extra search words (English and Chinese). */
  tags: string;
}

const p = (
  cat: CategoryId,
  art: string,
  en: string,
  zh: string,
  brand: string,
  base: number,
  colours: string[],
  tags: string,
  extra: Partial<ProductTemplate> = {},
): ProductTemplate => ({ cat, art, en, zh, brand, base, colours, tags, ...extra });

/** The catalogue, in product-id order (id = index + 1). Append only: ids are referenced by tasks. */
export const TEMPLATES: readonly ProductTemplate[] = [
  p(
    'phones',
    'phone',
    'Lumio X12 5G Smartphone',
    'Lumio X12 5G 智能手机',
    'Lumio',
    2999,
    ['black', 'blue', 'silver'],
    'phone mobile cellphone android 手机 智能手机',
    { options: storage(300, 800) },
  ),
  p(
    'phones',
    'phone',
    'Nova Pro 14 Phone, 6.7" OLED',
    'Nova Pro 14 手机 6.7英寸 OLED',
    'Nova',
    4599,
    ['black', 'purple', 'gold'],
    'phone mobile flagship 手机 旗舰',
    { options: storage(500, 1200) },
  ),
  p(
    'phones',
    'phone',
    'Lumio A5 Budget Phone',
    'Lumio A5 入门手机',
    'Lumio',
    899,
    ['black', 'green', 'blue'],
    'phone mobile cheap 手机 老人机 千元机',
    {
      options: {
        en: 'Storage',
        zh: '存储容量',
        options: [
          ['128GB', 0],
          ['256GB', 200],
        ],
      },
    },
  ),
  p(
    'phones',
    'watch',
    'Smart Watch S3, Heart Rate & GPS',
    'S3 智能手表 心率 GPS',
    'Nova',
    1299,
    ['black', 'silver', 'pink'],
    'watch smartwatch wearable fitness 手表 智能手表 手环',
  ),
  p(
    'phones',
    'charger',
    'Fast Charger 65W GaN',
    '65W 氮化镓快充充电器',
    'Voltra',
    129,
    ['white', 'black'],
    'charger adapter usb-c power 充电器 快充 充电头',
  ),
  p(
    'phones',
    'case',
    'Shockproof Phone Case',
    '防摔手机壳',
    'Armo',
    39,
    ['black', 'pink', 'blue', 'green'],
    'case cover protector 手机壳 保护壳',
  ),
  p(
    'computers',
    'laptop',
    'AirBook 14 Laptop',
    'AirBook 14 轻薄笔记本电脑',
    'Lumio',
    5999,
    ['silver', 'grey'],
    'laptop notebook computer 笔记本 电脑 轻薄本',
    {
      options: {
        en: 'Configuration',
        zh: '配置',
        options: [
          ['16GB+512GB', 0],
          ['32GB+1TB', 2000],
        ],
      },
    },
  ),
  p(
    'computers',
    'laptop',
    'GameForce 16 Gaming Laptop',
    'GameForce 16 游戏本',
    'GameForce',
    8999,
    ['black'],
    'laptop gaming notebook computer 游戏本 笔记本 电脑',
    {
      options: {
        en: 'Configuration',
        zh: '配置',
        options: [
          ['RTX 4060', 0],
          ['RTX 4070', 1500],
        ],
      },
    },
  ),
  p(
    'computers',
    'mouse',
    'Silent Wireless Mouse',
    '静音无线鼠标',
    'Clicko',
    69,
    ['black', 'white', 'pink'],
    'mouse wireless bluetooth 鼠标 无线鼠标',
  ),
  p(
    'computers',
    'keyboard',
    'Mechanical Keyboard, 87 Keys',
    '87键机械键盘',
    'Clicko',
    299,
    ['black', 'white'],
    'keyboard mechanical 键盘 机械键盘',
  ),
  p(
    'computers',
    'monitor',
    '27" 4K Monitor',
    '27英寸 4K 显示器',
    'Viewmax',
    1899,
    ['black'],
    'monitor display screen 4k 显示器 屏幕',
  ),
  p(
    'audio',
    'headphones',
    'Wireless Noise-Cancelling Headphones',
    '无线降噪头戴式耳机',
    'Sonora',
    1299,
    ['black', 'silver', 'blue'],
    'headphones headphone headset bluetooth noise cancelling 耳机 头戴式 降噪',
  ),
  p(
    'audio',
    'earbuds',
    'True Wireless Earbuds',
    '真无线蓝牙耳机',
    'Sonora',
    399,
    ['white', 'black'],
    'earbuds earphones headphones bluetooth wireless 耳机 蓝牙耳机 无线耳机',
  ),
  p(
    'audio',
    'speaker',
    'Portable Bluetooth Speaker',
    '便携蓝牙音箱',
    'Boomo',
    259,
    ['black', 'blue', 'red'],
    'speaker bluetooth portable 音箱 音响 蓝牙音箱',
  ),
  p(
    'audio',
    'earbuds',
    'Waterproof Sports Earphones',
    '防水运动耳机',
    'Boomo',
    199,
    ['black', 'green'],
    'earphones headphones sports running waterproof 耳机 运动耳机',
  ),
  p(
    'clothing',
    'tshirt',
    "Men's Cotton T-Shirt",
    '男士纯棉T恤',
    'Basix',
    79,
    ['white', 'black', 'navy', 'grey'],
    't-shirt tshirt tee shirt men cotton T恤 短袖 男装',
    { options: CLOTHES },
  ),
  p(
    'clothing',
    'dress',
    "Women's Summer Dress",
    '女士夏季连衣裙',
    'Flora',
    199,
    ['red', 'beige', 'blue'],
    'dress women summer skirt 连衣裙 裙子 女装',
    { options: CLOTHES },
  ),
  p(
    'clothing',
    'hoodie',
    'Hooded Sweatshirt',
    '连帽卫衣',
    'Basix',
    159,
    ['grey', 'black', 'green'],
    'hoodie sweatshirt jumper 卫衣 连帽',
    { options: CLOTHES },
  ),
  p(
    'clothing',
    'jeans',
    'Slim Fit Jeans',
    '修身牛仔裤',
    'Denimo',
    229,
    ['blue', 'black'],
    'jeans denim trousers pants 牛仔裤 裤子',
    { options: CLOTHES },
  ),
  p(
    'clothing',
    'jacket',
    'Lightweight Down Jacket',
    '轻薄羽绒服',
    'Northpeak',
    399,
    ['black', 'navy', 'red'],
    'jacket coat down winter puffer 羽绒服 外套',
    { options: CLOTHES },
  ),
  p(
    'shoes',
    'sneaker',
    'Breathable Running Shoes',
    '透气跑步鞋',
    'Stride',
    359,
    ['black', 'white', 'blue'],
    'shoes sneakers running trainers 跑步鞋 运动鞋 鞋',
    { options: SHOES },
  ),
  p(
    'shoes',
    'sneaker',
    'Classic Canvas Sneakers',
    '经典帆布鞋',
    'Stride',
    129,
    ['white', 'black', 'red'],
    'shoes sneakers canvas 帆布鞋 板鞋 鞋',
    { options: SHOES },
  ),
  p(
    'shoes',
    'boot',
    'Leather Ankle Boots',
    '真皮短靴',
    'Stride',
    499,
    ['brown', 'black'],
    'boots shoes leather 靴子 短靴 皮鞋',
    { options: SHOES },
  ),
  p(
    'shoes',
    'backpack',
    'Travel Backpack 30L',
    '30升旅行双肩包',
    'Packwell',
    189,
    ['black', 'grey', 'navy'],
    'backpack bag rucksack travel 双肩包 背包 书包',
  ),
  p(
    'shoes',
    'bag',
    'Crossbody Bag',
    '斜挎包',
    'Packwell',
    149,
    ['beige', 'black', 'brown'],
    'bag crossbody shoulder handbag 斜挎包 包 女包',
  ),
  p(
    'home',
    'pillow',
    'Memory Foam Pillow',
    '记忆棉枕头',
    'Restful',
    129,
    ['white', 'grey'],
    'pillow memory foam bedding 枕头 记忆棉',
  ),
  p('home', 'lamp', 'LED Desk Lamp', 'LED 护眼台灯', 'Lumina', 159, ['white', 'black'], 'lamp desk light led 台灯 灯'),
  p(
    'home',
    'sheets',
    'Cotton Bed Sheet Set',
    '纯棉床单四件套',
    'Restful',
    299,
    ['beige', 'blue', 'grey'],
    'sheets bedding bed linen cotton 床单 四件套 床上用品',
    {
      options: {
        en: 'Bed size',
        zh: '床尺寸',
        options: [
          ['1.5m', 0],
          ['1.8m', 60],
        ],
      },
    },
  ),
  p(
    'home',
    'vacuum',
    'Robot Vacuum Cleaner',
    '扫地机器人',
    'Cleanbot',
    1599,
    ['white', 'black'],
    'vacuum cleaner robot 扫地机器人 吸尘器',
  ),
  p(
    'kitchen',
    'pan',
    'Non-Stick Frying Pan 28cm',
    '28厘米不粘煎锅',
    'Chefline',
    169,
    ['black', 'red'],
    'pan frying pan wok cookware 煎锅 平底锅 锅',
  ),
  p(
    'kitchen',
    'kettle',
    'Electric Kettle 1.7L',
    '1.7升电热水壶',
    'Chefline',
    129,
    ['white', 'silver'],
    'kettle electric water boiler 电热水壶 烧水壶',
  ),
  p(
    'kitchen',
    'mug',
    'Ceramic Coffee Mug',
    '陶瓷咖啡杯',
    'Homely',
    39,
    ['white', 'blue', 'yellow'],
    'mug cup coffee ceramic 杯子 马克杯 咖啡杯',
  ),
  p(
    'kitchen',
    'ricecooker',
    'Smart Rice Cooker 4L',
    '4升智能电饭煲',
    'Chefline',
    399,
    ['white', 'silver'],
    'rice cooker 电饭煲 电饭锅',
  ),
  p(
    'beauty',
    'jar',
    'Moisturizing Face Cream',
    '保湿面霜',
    'Purelle',
    189,
    [],
    'cream moisturizer face skincare 面霜 护肤 保湿',
    { tint: '#f3d9e4', options: capacity('30ml', '50ml', 70) },
  ),
  p(
    'beauty',
    'lipstick',
    'Matte Lipstick',
    '哑光口红',
    'Purelle',
    129,
    ['red', 'pink', 'brown'],
    'lipstick makeup 口红 唇膏 彩妆',
  ),
  p('beauty', 'tube', 'Sunscreen SPF50', 'SPF50 防晒霜', 'Purelle', 99, [], 'sunscreen sunblock spf 防晒霜 防晒', {
    tint: '#ffd46b',
    options: capacity('40ml', '80ml', 50),
  }),
  p(
    'beauty',
    'toothbrush',
    'Electric Toothbrush',
    '电动牙刷',
    'Brightly',
    249,
    ['white', 'black', 'pink'],
    'toothbrush electric dental 电动牙刷 牙刷',
  ),
  p(
    'sports',
    'yogamat',
    'Yoga Mat 6mm',
    '6毫米瑜伽垫',
    'Flexo',
    89,
    ['purple', 'blue', 'green', 'pink'],
    'yoga mat fitness exercise 瑜伽垫 健身',
  ),
  p(
    'sports',
    'bottle',
    'Insulated Water Bottle',
    '保温运动水杯',
    'Flexo',
    79,
    ['black', 'blue', 'pink', 'green'],
    'bottle water flask thermos 水杯 保温杯 水壶',
    { options: capacity('500ml', '750ml', 20) },
  ),
  p('sports', 'ball', 'Basketball, Size 7', '7号篮球', 'Hoopstar', 149, [], 'basketball ball 篮球 球', {
    tint: '#e8792b',
  }),
  p(
    'sports',
    'racket',
    'Badminton Racket Set',
    '羽毛球拍套装',
    'Smashy',
    199,
    ['blue', 'red'],
    'badminton racket racquet 羽毛球拍 球拍',
  ),
  p(
    'books',
    'book',
    'The Little Prince (Illustrated)',
    '小王子（插图版）',
    'Starlight Press',
    29,
    [],
    'book novel children 小王子 书 图书 童书',
    { tint: '#3d7cc9' },
  ),
  p(
    'books',
    'book',
    'Python Programming: From Beginner to Practice',
    'Python编程：从入门到实践',
    'Codehouse',
    89,
    [],
    'book python programming coding 编程 书 图书',
    { tint: '#2f8f6a' },
  ),
  p(
    'books',
    'book',
    'A Brief History of Time',
    '时间简史',
    'Cosmos Books',
    45,
    [],
    'book science physics 时间简史 书 图书 科普',
    { tint: '#2b2d52' },
  ),
  p(
    'books',
    'book',
    'Chinese Cooking at Home',
    '家常中国菜谱',
    'Kitchen Table',
    59,
    [],
    'book cooking recipes cookbook 菜谱 书 图书 烹饪',
    { tint: '#c8462f' },
  ),
];
