/**
 * What each disturbance looks like: the system permission dialog (a window of the permission
 * controller), and windows of the app itself for the rating prompt, the login and consent
 * walls, the slow-load spinner and the interstitial ad. All are dumped like any window; BACK
 * does what it does on a phone (`disturbanceBack`).
 */
import { finishDisturbance, shownSeconds } from './disturbances.ts';
import type { Disturbance } from './disturbances.ts';
import { svg } from './icons.ts';
import type { PhoneHost } from './phone-host.ts';
import { appIcon, appLabel } from './system-ui.ts';
import type { AppContext } from './types.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';
import { Button, EditText, Switch } from './widgets.ts';

export const PERMISSION_PACKAGE = 'com.android.permissioncontroller';

const PERMISSION_TEXT: Record<string, { en: string; zh: string }> = {
  location: { en: "access this device's location", zh: '获取此设备的位置信息' },
  camera: { en: 'take pictures and record video', zh: '拍摄照片和录制视频' },
  microphone: { en: 'record audio', zh: '录音' },
  notifications: { en: 'send you notifications', zh: '向您发送通知' },
  contacts: { en: 'access your contacts', zh: '访问您的通讯录' },
  photos: { en: 'access photos and videos on this device', zh: '访问此设备上的照片和视频' },
};

const zhOf = (rt: PhoneHost): boolean => rt.locale() === 'zh';

function permissionDialog(rt: PhoneHost, item: Disturbance): VNode {
  const zh = zhOf(rt);
  const perm = String(item.params.permission ?? 'location');
  const what = PERMISSION_TEXT[perm] ?? { en: `use ${perm}`, zh: `使用${perm}` };
  const label = appLabel(rt, item.app ?? '');
  const button = (id: string, text: string, outcome: string): VNode =>
    h(
      'Button',
      {
        key: id,
        id: `${PERMISSION_PACKAGE}:id/${id}`,
        class: 'perm-btn',
        clickable: true,
        onTap: () => finishDisturbance(rt, item, outcome),
      },
      text,
    );
  const buttons =
    perm === 'location' || perm === 'camera' || perm === 'microphone'
      ? [
          button(
            'permission_allow_foreground_only_button',
            zh ? '仅在使用该应用时允许' : 'While using the app',
            'granted',
          ),
          button('permission_allow_one_time_button', zh ? '仅限这一次' : 'Only this time', 'once'),
          button('permission_deny_button', zh ? '不允许' : "Don't allow", 'denied'),
        ]
      : [
          button('permission_allow_button', zh ? '允许' : 'Allow', 'granted'),
          button('permission_deny_button', zh ? '不允许' : "Don't allow", 'denied'),
        ];
  return h(
    'LinearLayout',
    { id: `${PERMISSION_PACKAGE}:id/grant_dialog`, class: 'perm-dialog' },
    h('span', {
      class: 'perm-icon',
      ax: 'skip',
      html: svg(perm === 'location' ? 'location' : perm === 'camera' ? 'image' : 'info'),
    }),
    h(
      'TextView',
      { id: `${PERMISSION_PACKAGE}:id/permission_message`, class: 'perm-message' },
      zh ? `要允许“${label}”${what.zh}吗？` : `Allow ${label} to ${what.en}?`,
    ),
    h('LinearLayout', { class: 'perm-buttons' }, buttons),
  );
}

function ratingCard(rt: PhoneHost, item: Disturbance): VNode {
  const zh = zhOf(rt);
  const label = appLabel(rt, item.app ?? '');
  const stars = Number(item.form.stars ?? 0);
  return h(
    'LinearLayout',
    { id: 'rating_card', class: 'rate-card' },
    h('span', { class: 'rate-icon', ax: 'skip' }, appIcon(rt, item.app ?? '', 48)),
    h('TextView', { id: 'rating_title', class: 'rate-title' }, zh ? `喜欢“${label}”吗？` : `Enjoying ${label}?`),
    h(
      'TextView',
      { id: 'rating_message', class: 'rate-text' },
      zh ? '花一点时间给我们评分吧。' : 'Tap a star to rate it.',
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rate-stars' },
      [1, 2, 3, 4, 5].map((n) =>
        h('ImageView', {
          key: n,
          id: 'rating_star',
          desc: zh ? `${n} 星` : `${n} star${n > 1 ? 's' : ''}`,
          selected: n <= stars,
          class: `rate-star ${n <= stars ? 'on' : ''}`,
          onTap: () => (item.form.stars = n),
          html: svg(n <= stars ? 'star-fill' : 'star'),
        }),
      ),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rate-buttons' },
      Button({
        id: 'rating_not_now',
        text: zh ? '以后再说' : 'Not now',
        variant: 'text',
        onTap: () => finishDisturbance(rt, item, 'not-now'),
      }),
      Button({
        id: 'rating_submit',
        text: zh ? '提交' : 'Submit',
        enabled: stars > 0,
        onTap: () => finishDisturbance(rt, item, `rated:${stars}`),
      }),
    ),
  );
}

function loginWall(rt: PhoneHost, ctx: AppContext, item: Disturbance): VNode {
  const zh = zhOf(rt);
  const label = appLabel(rt, item.app ?? '');
  const f = item.form as { account?: string; password?: string; error?: string };
  f.account ??= String(item.params.account ?? '');
  const signIn = (): void => {
    const expected = item.params.password;
    const typed = f.password ?? '';
    if (!f.account?.trim()) f.error = zh ? '请输入账号' : 'Enter your email or phone';
    else if (!typed) f.error = zh ? '请输入密码' : 'Enter your password';
    else if (typeof expected === 'string' && typed !== expected)
      f.error = zh ? '密码错误，请重试' : 'Wrong password. Try again.';
    else finishDisturbance(rt, item, 'signed-in');
  };
  return h(
    'LinearLayout',
    { id: 'login_wall', class: 'wall' },
    h('span', { class: 'wall-icon', ax: 'skip' }, appIcon(rt, item.app ?? '', 64)),
    h('TextView', { id: 'login_title', class: 'wall-title' }, zh ? `登录“${label}”` : `Sign in to ${label}`),
    h(
      'TextView',
      { id: 'login_message', class: 'wall-text' },
      zh ? '为了您的账号安全，请重新登录后继续。' : 'Your session has expired. Sign in again to continue.',
    ),
    EditText(ctx, {
      field: 'disturb-login-account',
      id: 'login_account',
      value: f.account ?? '',
      hint: zh ? '邮箱或手机号' : 'Email or phone',
      onChange: (v) => ((f.account = v), (f.error = '')),
    }),
    EditText(ctx, {
      field: 'disturb-login-password',
      id: 'login_password',
      value: f.password ?? '',
      hint: zh ? '密码' : 'Password',
      inputType: 'password',
      onChange: (v) => ((f.password = v), (f.error = '')),
      onSubmit: signIn,
    }),
    f.error ? h('TextView', { id: 'login_error', class: 'wall-error' }, f.error) : null,
    Button({ id: 'login_sign_in', text: zh ? '登录' : 'Sign in', onTap: signIn }),
    item.params.skippable === true
      ? Button({
          id: 'login_skip',
          text: zh ? '暂不登录' : 'Not now',
          variant: 'text',
          onTap: () => finishDisturbance(rt, item, 'skipped'),
        })
      : null,
  );
}

const CONSENT_CHOICES = [
  ['ads', 'Personalised ads', '个性化广告'],
  ['analytics', 'Usage analytics', '使用情况分析'],
  ['content', 'Personalised content', '个性化内容'],
] as const;

function consentWall(rt: PhoneHost, item: Disturbance): VNode {
  const zh = zhOf(rt);
  const label = appLabel(rt, item.app ?? '');
  const choices = (item.form.choices ??= { ads: false, analytics: false, content: false }) as Record<string, boolean>;
  const managing = item.form.managing === true;
  return h(
    'LinearLayout',
    { id: 'consent_wall', class: 'wall' },
    h('TextView', { id: 'consent_title', class: 'wall-title' }, zh ? '在继续之前' : 'Before you continue'),
    h(
      'TextView',
      { id: 'consent_message', class: 'wall-text' },
      zh
        ? `“${label}”和我们的合作伙伴使用 Cookie 和数据来提供服务、衡量使用情况并展示个性化内容和广告。`
        : `${label} and our partners use cookies and data to deliver our services, measure how they are used, and show personalised content and ads.`,
    ),
    managing
      ? CONSENT_CHOICES.map(([key, en, zhText]) =>
          h(
            'LinearLayout',
            { key, orientation: 'horizontal', class: 'wall-row' },
            h('TextView', { class: 'grow' }, zh ? zhText : en),
            Switch({ id: `consent_${key}`, checked: choices[key] === true, onToggle: (v) => (choices[key] = v) }),
          ),
        )
      : null,
    managing
      ? Button({
          id: 'consent_confirm',
          text: zh ? '确认选择' : 'Confirm choices',
          onTap: () =>
            finishDisturbance(
              rt,
              item,
              `custom:${CONSENT_CHOICES.map(([k]) => `${k}=${choices[k] ? 1 : 0}`).join(',')}`,
            ),
        })
      : [
          Button({
            id: 'consent_accept_all',
            text: zh ? '全部接受' : 'Accept all',
            onTap: () => finishDisturbance(rt, item, 'accepted'),
          }),
          Button({
            id: 'consent_reject_all',
            text: zh ? '全部拒绝' : 'Reject all',
            variant: 'tonal',
            onTap: () => finishDisturbance(rt, item, 'rejected'),
          }),
          Button({
            id: 'consent_manage',
            text: zh ? '管理选项' : 'Manage options',
            variant: 'text',
            onTap: () => (item.form.managing = true),
          }),
        ],
  );
}

function slowLoad(rt: PhoneHost): VNode {
  return h(
    'LinearLayout',
    { id: 'loading_overlay', class: 'loading' },
    h(
      'ProgressBar',
      { id: 'loading_progress', desc: zhOf(rt) ? '正在加载' : 'Loading', class: 'loading-spinner' },
      h('span', { ax: 'skip', html: svg('spinner') }),
    ),
    h('TextView', { id: 'loading_text', class: 'loading-text' }, zhOf(rt) ? '正在加载…' : 'Loading…'),
  );
}

const ADS = [
  {
    en: 'Summer Sale: up to 50% off phones',
    zh: '夏季大促：手机低至五折',
    url: 'https://shop.moba.test/deal',
    color: '#c2185b',
  },
  {
    en: 'Learn a language in 10 minutes a day',
    zh: '每天10分钟，轻松学外语',
    url: 'https://lingo.moba.test/',
    color: '#2e7d32',
  },
  {
    en: 'Book a hotel tonight, pay later',
    zh: '今晚订酒店，先住后付',
    url: 'https://travel.moba.test/',
    color: '#1565c0',
  },
];

function interstitial(rt: PhoneHost, item: Disturbance): VNode {
  const zh = zhOf(rt);
  const ad = ADS[Number(item.params.ad ?? 0) % ADS.length] ?? ADS[0]!;
  const left = Math.ceil(Number(item.params.closeAfter ?? 0) - shownSeconds(item));
  return h(
    'FrameLayout',
    { id: 'interstitial', class: 'ad', style: `background:${ad.color}` },
    h('TextView', { id: 'interstitial_label', class: 'ad-label' }, zh ? '广告' : 'Ad'),
    left > 0
      ? h(
          'TextView',
          { id: 'interstitial_countdown', class: 'ad-close' },
          zh ? `${left} 秒后可关闭` : `Close in ${left}`,
        )
      : h(
          'ImageButton',
          {
            id: 'interstitial_close',
            class: 'ad-close',
            desc: zh ? '关闭广告' : 'Close ad',
            onTap: () => finishDisturbance(rt, item, 'closed'),
          },
          h('span', { class: 'icon-glyph', ax: 'skip', html: svg('close') }),
        ),
    h(
      'LinearLayout',
      { class: 'ad-body' },
      h('TextView', { id: 'interstitial_headline', class: 'ad-headline' }, zh ? ad.zh : ad.en),
      Button({
        id: 'interstitial_cta',
        text: zh ? '了解详情' : 'Learn more',
        onTap: () => {
          finishDisturbance(rt, item, 'clicked');
          rt.launch('com.moba.browser', {
            activity: '.MainActivity',
            action: 'android.intent.action.VIEW',
            data: ad.url,
          });
        },
      }),
    ),
  );
}

/** The disturbance's window (null when it has none of its own to draw). */
export function disturbanceView(
  rt: PhoneHost,
  ctx: AppContext,
  item: Disturbance,
): { view: VNode; pkg: string; full: boolean } {
  switch (item.kind) {
    case 'permission':
      return { view: permissionDialog(rt, item), pkg: PERMISSION_PACKAGE, full: false };
    case 'rating':
      return { view: ratingCard(rt, item), pkg: item.app ?? '', full: false };
    case 'login':
      return { view: loginWall(rt, ctx, item), pkg: item.app ?? '', full: true };
    case 'consent':
      return { view: consentWall(rt, item), pkg: item.app ?? '', full: true };
    case 'slow-load':
      return { view: slowLoad(rt), pkg: item.app ?? '', full: true };
    default:
      return { view: interstitial(rt, item), pkg: item.app ?? '', full: true };
  }
}

/** BACK while a disturbance shows. @returns whether it was consumed */
export function disturbanceBack(rt: PhoneHost, item: Disturbance): boolean {
  switch (item.kind) {
    case 'permission':
      finishDisturbance(rt, item, 'denied');
      return true;
    case 'rating':
      finishDisturbance(rt, item, 'dismissed');
      return true;
    case 'login':
      if (item.params.skippable === true) finishDisturbance(rt, item, 'skipped');
      else rt.goHome();
      return true;
    case 'consent':
      if (item.form.managing === true) item.form.managing = false;
      else rt.goHome();
      return true;
    case 'interstitial':
      if (shownSeconds(item) >= Number(item.params.closeAfter ?? 0)) finishDisturbance(rt, item, 'closed');
      return true;
    default:
      return false;
  }
}

export const DISTURBANCE_CSS = `
.disturbance-full{position:absolute;left:0;right:0}
.perm-dialog{display:flex;flex-direction:column;align-items:center;gap:16dp;width:312dp;padding:24dp 16dp 16dp;border-radius:28dp;background:var(--dialog);color:var(--fg)}
.perm-icon{display:block;width:28dp;height:28dp;color:var(--primary)}
.perm-icon svg{display:block;width:100%;height:100%}
.perm-message{font-size:20sp;line-height:26sp;text-align:center;padding:0 8dp}
.perm-buttons{display:flex;flex-direction:column;gap:8dp;align-self:stretch}
.perm-btn{display:flex;align-items:center;justify-content:center;height:48dp;border-radius:24dp;background:var(--primary-soft);color:var(--on-primary-soft);font-size:15sp;font-weight:500}
.rate-card{display:flex;flex-direction:column;align-items:center;gap:12dp;width:320dp;padding:24dp;border-radius:28dp;background:var(--dialog);color:var(--fg)}
.rate-title{font-size:20sp;font-weight:500}
.rate-text{font-size:14sp;color:var(--muted)}
.rate-stars{display:flex;flex-direction:row;gap:8dp}
.rate-star{width:40dp;height:40dp;color:var(--muted)}
.rate-star.on{color:#f4b400}
.rate-buttons{display:flex;flex-direction:row;gap:8dp;align-self:flex-end}
.wall{position:absolute;left:0;top:0;right:0;bottom:0;display:flex;flex-direction:column;gap:16dp;padding:48dp 24dp 24dp;background:var(--bg);color:var(--fg)}
.wall-icon{display:block;align-self:center}
.wall-title{font-size:26sp;text-align:center}
.wall-text{font-size:15sp;line-height:21sp;color:var(--muted);text-align:center}
.wall-error{color:var(--error);font-size:14sp}
.wall-row{display:flex;flex-direction:row;align-items:center;min-height:56dp;font-size:16sp}
.loading{position:absolute;left:0;top:0;right:0;bottom:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16dp;background:var(--bg);color:var(--muted)}
.loading-spinner{width:48dp;height:48dp;color:var(--primary)}
.loading-spinner svg{display:block;width:100%;height:100%}
.loading-text{font-size:15sp}
.ad{position:absolute;left:0;top:0;right:0;bottom:0;color:#ffffff}
.ad-label{position:absolute;left:16dp;top:16dp;padding:2dp 8dp;border-radius:4dp;background:rgba(0,0,0,.35);font-size:12sp}
.ad-close{position:absolute;right:12dp;top:8dp;min-width:44dp;height:44dp;display:flex;align-items:center;justify-content:center;border-radius:22dp;background:rgba(0,0,0,.35);font-size:13sp;padding:0 8dp}
.ad-body{position:absolute;left:24dp;right:24dp;bottom:96dp;display:flex;flex-direction:column;gap:24dp}
.ad-headline{font-size:30sp;line-height:36sp;font-weight:700}
`;
