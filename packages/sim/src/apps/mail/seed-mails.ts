/**
 * Email's seeded mailbox: the account (a name picked by the seed), an inbox of about twenty
 * messages from a pool — people from Contacts (same addresses) and services (booking
 * confirmations, codes, bills, invitations) — with seeded times, codes and amounts, plus a few
 * sent, draft, archived, spam and trashed messages. Times are whole minutes back from the
 * device's start, so phones with the same seed have the same mailbox.
 */
import { pick } from '../../phone/page/rng.ts';
import type { SeedContext } from '../../phone/page/types.ts';
import type { Attachment, Folder, Mail, MailData, Person } from './model.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const OWNERS: ReadonlyArray<readonly [string, string]> = [
  ['Li Ming', 'li.ming'],
  ['Wang Fang', 'wang.fang'],
  ['Zhang Wei', 'zhang.wei'],
  ['Chen Jing', 'chen.jing'],
  ['Liu Yang', 'liu.yang'],
];

const p = (name: string, address: string): Person => ({ name, address });
const ALICE = p('Alice Wang', 'alice.wang@example.com');
const BOB = p('Bob Zhang', 'bob.zhang@example.com');
const DAVID = p('David Chen', 'david.chen@mail.com');
const EMMA = p('Emma Liu', 'emma.liu@example.com');
const LILEI = p('李雷', 'lilei@163.com');
const WANGFANG = p('王芳', 'wangfang@qq.com');

type Rng = () => number;
interface Template {
  from: Person;
  subject: (r: Rng) => string;
  body: (r: Rng) => string;
  attachments?: Attachment[];
  cc?: Person[];
}

const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const money = (r: Rng, lo: number, hi: number): string => (int(r, lo * 100, hi * 100) / 100).toFixed(2);

/** The inbox pool; the seed picks about twenty and orders them in time. */
const INBOX: readonly Template[] = [
  {
    from: ALICE,
    subject: () => 'Lunch tomorrow?',
    body: () => 'Hi!\n\nAre we still on for lunch tomorrow at 12:30? Green Bowl Café has a new menu.\n\nAlice',
  },
  {
    from: BOB,
    subject: () => "Slides for Friday's review",
    body: () =>
      "Hi,\n\nAttached are the slides for Friday's project review. Please add your section on the roadmap by Thursday evening.\n\nThanks,\nBob",
    attachments: [{ name: 'Q3-review.pptx', size: 2_416_640 }],
  },
  {
    from: p('HR Team', 'hr@lumenlabs.test'),
    subject: () => 'Your leave request was approved',
    body: (r) =>
      `Hello,\n\nYour annual leave from June ${int(r, 16, 19)} to June ${int(r, 20, 23)} has been approved by your manager.\n\nHR Team, Lumen Labs`,
  },
  {
    from: p('China Railway 12306', 'noreply@12306.test'),
    subject: (r) => `Booking confirmation E${int(r, 100000000, 999999999)}`,
    body: (r) =>
      `Your ticket is booked.\n\nTrain G${int(r, 100, 199)}, Shanghai Hongqiao → Beijing South\nCar ${int(r, 3, 15)}, seat ${String(int(r, 1, 17)).padStart(2, '0')}${pick(r, ['A', 'C', 'D', 'F'])}\n\nPlease bring the ID card you booked with.`,
  },
  {
    from: p('MobA Shop', 'orders@shop.moba.test'),
    subject: () => 'Your order has shipped',
    body: (r) =>
      `Good news! Your order is on its way.\n\nCarrier: SF Express\nTracking number: SF${int(r, 1000000000, 9999999999)}\nExpected delivery: in 2 days.`,
  },
  {
    from: p('MobA Bank', 'alerts@mobabank.test'),
    subject: () => 'Your monthly statement is ready',
    body: (r) =>
      `Dear customer,\n\nYour statement for last month is ready. Closing balance: ¥${money(r, 3000, 30000)}. Payment due in 18 days.\n\nMobA Bank`,
  },
  {
    from: p('Tech Weekly', 'digest@technews.test'),
    subject: () => 'This week in tech: phones that fold, agents that tap',
    body: () =>
      'Top stories this week:\n1. Foldable phones get cheaper\n2. Research agents learn to use apps\n3. A faster way to charge\n\nUnsubscribe at any time.',
  },
  {
    from: p('DevConf Shanghai', 'events@devconf.test'),
    subject: () => 'Your ticket for DevConf Shanghai',
    body: (r) =>
      `Thanks for registering!\n\nDate: June ${int(r, 20, 28)}\nTime: 09:30\nVenue: Hall ${pick(r, ['A', 'B', 'C'])}, Shanghai Expo Center\n\nShow this email at the entrance.`,
  },
  {
    from: DAVID,
    subject: () => 'Wi-Fi password for the office?',
    body: () => 'Hey, can you send me the Wi-Fi password for the office network? My laptop forgot it.\n\nDavid',
  },
  {
    from: EMMA,
    subject: () => 'Photos from the weekend',
    body: () => 'Here are the photos from our hike on Saturday. The view from the top was amazing!\n\nEmma',
    attachments: [
      { name: 'IMG_2041.jpg', size: 3_145_728 },
      { name: 'IMG_2042.jpg', size: 2_883_584 },
    ],
  },
  {
    from: p('Mr. Zhang (landlord)', 'zhang.landlord@mail.test'),
    subject: () => 'Rent reminder',
    body: (r) =>
      `Hello,\n\nA reminder that the rent of ¥${int(r, 45, 90) * 100} for next month is due on the 5th.\n\nThanks,\nMr. Zhang`,
  },
  {
    from: p('MobA Account', 'no-reply@account.moba.test'),
    subject: () => 'Your verification code',
    body: (r) =>
      `Your verification code is ${int(r, 100000, 999999)}. It expires in 10 minutes. Do not share it with anyone.`,
  },
  {
    from: p('Carol Li', 'carol.li@greenfield.test'),
    subject: () => 'Parent-teacher meeting on Thursday',
    body: (r) =>
      `Dear parents,\n\nThe parent-teacher meeting is on Thursday at ${int(r, 16, 18)}:00 in room ${int(r, 201, 215)}.\n\nCarol Li\nGreenfield School`,
  },
  {
    from: p('China Eastern', 'booking@chinaair.test'),
    subject: (r) => `Flight MU${int(r, 5101, 5199)} check-in is open`,
    body: () =>
      'Online check-in for your flight from Shanghai to Chengdu is now open. Choose your seat before departure.',
  },
  {
    from: p('FitLife Gym', 'members@fitlife.test'),
    subject: () => 'Your membership renews soon',
    body: (r) =>
      `Your annual membership renews in ${int(r, 5, 14)} days for ¥${int(r, 18, 36) * 100}. Reply to cancel.`,
  },
  {
    from: p('Lumen Labs Team', 'team@lumenlabs.test'),
    subject: () => 'Standup notes — Monday',
    body: () =>
      'Notes:\n- Release candidate is green\n- Design review moved to Thursday 14:00\n- Please update your tickets',
    cc: [ALICE, BOB],
  },
  { from: LILEI, subject: () => '周末一起打球？', body: () => '周六下午三点，老地方，来吗？\n\n李雷' },
  {
    from: WANGFANG,
    subject: () => '读书会下周三见',
    body: () => '下周三晚上七点读书会，这次读《三体》。记得带书。\n\n王芳',
  },
  {
    from: p('Lumen Labs Calendar', 'calendar@lumenlabs.test'),
    subject: () => 'Invitation: Design review @ Thu 14:00',
    body: () =>
      'Alice Wang invited you to "Design review".\nWhen: Thursday 14:00–15:00\nWhere: Room 502\n\nYes · Maybe · No',
  },
  {
    from: p('State Grid', 'bills@power.test'),
    subject: () => 'Electricity bill',
    body: (r) => `Your electricity bill for last month is ¥${money(r, 90, 320)}. Please pay by the 20th.`,
  },
  {
    from: p('Shanghai Library', 'notices@library.test'),
    subject: () => 'Book due soon: The Three-Body Problem',
    body: (r) =>
      `The book "The Three-Body Problem" is due in ${int(r, 2, 6)} days. Renew it online or return it to any branch.`,
  },
  {
    from: p('Kevin Zhao', 'kevin.zhao@example.com'),
    subject: () => 'Trip to Hangzhou',
    body: () => 'Are you still up for Hangzhou next month? I found a nice hotel near West Lake.\n\nKevin',
  },
  {
    from: p('Mom', 'mom.home@mail.test'),
    subject: () => 'Dinner on Sunday?',
    body: () => "Come home for dinner on Sunday? I'll make your favourite fish.\n\nMom",
  },
  {
    from: p('Recruiter at Northwind', 'talent@northwind.test'),
    subject: () => 'An opportunity at Northwind',
    body: () =>
      'Hi, I came across your profile and would love to chat about a senior engineer role at Northwind Travel.',
  },
];

interface Fixed {
  folder: Folder;
  daysAgo: number;
  from?: Person;
  to: Person[];
  subject: string;
  body: string;
  attachments?: Attachment[];
}

const OTHERS: readonly Fixed[] = [
  { folder: 'sent', daysAgo: 1, to: [ALICE], subject: 'Re: Coffee', body: 'Sounds good, see you at 3.' },
  {
    folder: 'sent',
    daysAgo: 2,
    to: [BOB],
    subject: 'Roadmap section',
    body: 'Hi Bob,\n\nI will add the roadmap section tonight.',
  },
  {
    folder: 'sent',
    daysAgo: 4,
    to: [DAVID],
    subject: 'Build fixed',
    body: 'The build is green again, thanks for the quick review.',
  },
  { folder: 'sent', daysAgo: 6, to: [EMMA], subject: 'Hiking on Saturday', body: 'Meet at the metro station at 8?' },
  {
    folder: 'drafts',
    daysAgo: 1,
    to: [],
    subject: 'Trip plan',
    body: 'Day 1: West Lake\nDay 2: Lingyin Temple\nDay 3: ',
  },
  {
    folder: 'archive',
    daysAgo: 12,
    from: BOB,
    to: [],
    subject: 'Team dinner photos',
    body: 'Great evening, everyone!',
    attachments: [{ name: 'dinner.jpg', size: 2_097_152 }],
  },
  {
    folder: 'archive',
    daysAgo: 15,
    from: p('MobA Shop', 'orders@shop.moba.test'),
    to: [],
    subject: 'Your order was delivered',
    body: 'Your order was delivered. Enjoy!',
  },
  {
    folder: 'archive',
    daysAgo: 20,
    from: ALICE,
    to: [],
    subject: 'Book recommendation',
    body: 'You should read "Project Hail Mary". Trust me.',
  },
  {
    folder: 'spam',
    daysAgo: 3,
    from: p('Prize Center', 'winner@prizes.test'),
    to: [],
    subject: 'You won a prize!!!',
    body: 'Click here to claim your iPhone now!',
  },
  {
    folder: 'spam',
    daysAgo: 5,
    from: p('Cheap Watches', 'deals@watches.test'),
    to: [],
    subject: 'Luxury watches 90% off',
    body: 'Limited time offer.',
  },
  {
    folder: 'trash',
    daysAgo: 8,
    from: p('Tech Weekly', 'digest@technews.test'),
    to: [],
    subject: 'This week in tech: batteries',
    body: 'Top stories…',
  },
];

export function initialMailData(seed: SeedContext): MailData {
  const rng = seed.rng;
  const anchor = Math.floor(seed.now / MINUTE) * MINUTE;
  const [ownerName, handle] = pick(rng, OWNERS);
  const account = { name: ownerName, address: `${handle}@moba.test` };
  const data: MailData = {
    account,
    mails: [],
    nextId: 1,
    settings: {
      signature: `${ownerName}\nSent from MobA Mail`,
      signatureOn: true,
      confirmDelete: true,
      notifications: true,
      defaultReply: 'reply',
    },
  };
  const chosen = INBOX.map((t) => ({ t, order: rng() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, 18 + int(rng, 0, 4));
  // Spread back over ten days, newest first; the newest five are unread, two are starred.
  let minutesAgo = int(rng, 20, 70);
  const inbox: Mail[] = chosen.map(({ t }, i) => {
    const mail: Mail = {
      id: 0,
      folder: 'inbox',
      from: { ...t.from },
      to: [{ ...account }],
      cc: (t.cc ?? []).map((c) => ({ ...c })),
      subject: t.subject(rng),
      body: t.body(rng),
      at: anchor - minutesAgo * MINUTE,
      read: i >= 5,
      starred: false,
      attachments: (t.attachments ?? []).map((a) => ({ ...a })),
      trashedFrom: null,
    };
    minutesAgo += int(rng, 90, 900);
    return mail;
  });
  for (const i of [int(rng, 2, 6), int(rng, 8, 14)]) if (inbox[i]) inbox[i].starred = true;
  const rest: Mail[] = OTHERS.map((o) => ({
    id: 0,
    folder: o.folder,
    from: o.from ? { ...o.from } : { ...account },
    to: o.to.length ? o.to.map((t) => ({ ...t })) : o.folder === 'drafts' ? [] : [{ ...account }],
    cc: [],
    subject: o.subject,
    body: o.body,
    at: anchor - o.daysAgo * DAY - int(rng, 60, 600) * MINUTE,
    read: true,
    starred: false,
    attachments: (o.attachments ?? []).map((a) => ({ ...a })),
    trashedFrom: o.folder === 'trash' ? 'inbox' : null,
  }));
  for (const mail of [...inbox.slice().reverse(), ...rest]) data.mails.push({ ...mail, id: data.nextId++ });
  return data;
}
