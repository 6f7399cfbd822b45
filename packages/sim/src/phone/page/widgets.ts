/**
 * Android-looking building blocks for the apps. Each returns a VNode tree shaped like the view
 * hierarchy a real app has (Toolbar, LinearLayout rows, RecyclerView…), with the resource ids
 * real Android uses where there is a convention (android:id/title, android:id/summary,
 * android:id/switch_widget, android:id/button1…).
 */
import { svg } from './icons.ts';
import type { AppContext } from './types.ts';
import { h } from './vdom.ts';
import type { Child, Props, VNode } from './vdom.ts';

export function Icon(
  name: string,
  options: { size?: number; color?: string; desc?: string; id?: string; onTap?: () => void; class?: string } = {},
): VNode {
  const size = options.size ?? 24;
  return h('ImageView', {
    id: options.id,
    desc: options.desc,
    onTap: options.onTap,
    class: options.class,
    style: `width:${size}dp;height:${size}dp;${options.color ? `color:${options.color};` : ''}`,
    html: svg(name),
  });
}

export function IconButton(options: {
  icon: string;
  desc: string;
  onTap: () => void;
  id?: string;
  color?: string;
  enabled?: boolean;
}): VNode {
  return h(
    'ImageButton',
    {
      id: options.id,
      desc: options.desc,
      onTap: options.enabled === false ? undefined : options.onTap,
      enabled: options.enabled,
      class: 'icon-btn',
      style: options.color ? `color:${options.color}` : undefined,
    },
    h('span', { class: 'icon-glyph', ax: 'skip', html: svg(options.icon) }),
  );
}

export function Text(text: string, props: Props = {}): VNode {
  return h('TextView', props, text);
}

export interface ToolbarOptions {
  title?: string;
  subtitle?: string;
  nav?: 'back' | 'menu' | 'close' | null;
  onNav?: () => void;
  navDesc?: string;
  actions?: Child[];
  /** Large (collapsing-style) title below the bar, like Settings' top level. */
  large?: boolean;
  id?: string;
  class?: string;
}

export function Toolbar(ctx: AppContext, o: ToolbarOptions): VNode {
  const navIcon = o.nav === 'menu' ? 'menu' : o.nav === 'close' ? 'close' : 'back';
  const navDesc =
    o.navDesc ??
    (o.nav === 'menu' ? ctx.t('Open navigation drawer') : o.nav === 'close' ? ctx.t('Close') : ctx.t('Navigate up'));
  return h(
    'Toolbar',
    { id: o.id ?? 'toolbar', class: `toolbar ${o.class ?? ''}` },
    o.nav ? IconButton({ icon: navIcon, desc: navDesc, onTap: o.onNav ?? (() => ctx.back()) }) : null,
    o.title !== undefined
      ? h(
          'LinearLayout',
          { class: 'toolbar-titles' },
          h('TextView', { class: 'toolbar-title' }, o.title),
          o.subtitle ? h('TextView', { class: 'toolbar-subtitle' }, o.subtitle) : null,
        )
      : h('View', { class: 'grow', ax: 'skip' }),
    o.actions && o.actions.length
      ? h('LinearLayout', { orientation: 'horizontal', class: 'toolbar-actions' }, o.actions)
      : null,
  );
}

export interface ScaffoldOptions extends ToolbarOptions {
  body: Child;
  fab?: VNode | null;
  bottom?: Child;
  /** Hide the toolbar entirely. */
  noToolbar?: boolean;
  header?: Child;
}

/** The usual screen: toolbar, a body that fills the rest, an optional FAB and bottom bar. */
export function Scaffold(ctx: AppContext, o: ScaffoldOptions): VNode {
  return h(
    'LinearLayout',
    { class: 'fill scaffold' },
    o.noToolbar ? null : Toolbar(ctx, o.large ? { ...o, title: undefined } : o),
    o.large && o.title ? h('TextView', { class: 'large-title', id: 'collapsing_title' }, o.title) : null,
    o.header ?? null,
    h('FrameLayout', { class: 'grow body' }, o.body, o.fab ?? null),
    o.bottom ?? null,
  );
}

/** A vertically scrolling list (RecyclerView by default) with its items in a LinearLayout. */
export function ScrollList(
  options: { id?: string; kind?: 'recycler' | 'scroll'; class?: string; style?: string; padBottom?: boolean },
  ...children: Child[]
): VNode {
  const tag = options.kind === 'scroll' ? 'ScrollView' : 'RecyclerView';
  return h(
    tag,
    { id: options.id, scroll: 'v', class: `fill ${options.class ?? ''}`, style: options.style },
    h(
      'LinearLayout',
      { class: options.padBottom === false ? '' : 'list-pad', ax: tag === 'RecyclerView' ? 'flatten' : undefined },
      children,
    ),
  );
}

export function Button(options: {
  text: string;
  onTap: () => void;
  id?: string;
  variant?: 'filled' | 'tonal' | 'text' | 'outlined';
  enabled?: boolean;
  desc?: string;
  class?: string;
}): VNode {
  return h(
    'Button',
    {
      id: options.id,
      desc: options.desc,
      onTap: options.enabled === false ? undefined : options.onTap,
      enabled: options.enabled,
      clickable: true,
      class: `btn btn-${options.variant ?? 'filled'} ${options.class ?? ''}`,
    },
    options.text,
  );
}

export function Fab(options: { icon: string; desc: string; onTap: () => void; id?: string; text?: string }): VNode {
  return h(
    'ImageButton',
    { id: options.id ?? 'fab', desc: options.desc, onTap: options.onTap, class: options.text ? 'fab fab-ext' : 'fab' },
    h('span', { class: 'icon-glyph', ax: 'skip', html: svg(options.icon) }),
    options.text ? h('span', { ax: 'skip', class: 'fab-text' }, options.text) : null,
  );
}

export interface ListItemOptions {
  title: string;
  summary?: string;
  icon?: string;
  iconColor?: string;
  /** A widget at the end (switch, checkbox, text). */
  trailing?: Child;
  onTap?: () => void;
  onLongPress?: () => void;
  id?: string;
  key?: string | number;
  selected?: boolean;
  enabled?: boolean;
  desc?: string;
  class?: string;
  /** Android-style ids for the title/summary (default android:id/title and android:id/summary). */
  titleId?: string;
  summaryId?: string;
}

export function ListItem(o: ListItemOptions): VNode {
  const disabled = o.enabled === false;
  return h(
    'LinearLayout',
    {
      key: o.key,
      id: o.id,
      desc: o.desc,
      orientation: 'horizontal',
      class: `list-item ${o.summary ? 'two-line' : ''} ${disabled ? 'disabled' : ''} ${o.class ?? ''}`,
      onTap: disabled ? undefined : o.onTap,
      onLongPress: disabled ? undefined : o.onLongPress,
      clickable: o.onTap && !disabled ? true : undefined,
      selected: o.selected,
      enabled: disabled ? false : undefined,
    },
    o.icon
      ? h(
          'LinearLayout',
          { class: 'list-icon', id: 'icon_frame' },
          Icon(o.icon, { id: 'android:id/icon', color: o.iconColor }),
        )
      : null,
    h(
      'RelativeLayout',
      { class: 'list-texts' },
      h('TextView', { id: o.titleId ?? 'android:id/title', class: 'list-title' }, o.title),
      o.summary ? h('TextView', { id: o.summaryId ?? 'android:id/summary', class: 'list-summary' }, o.summary) : null,
    ),
    o.trailing ? h('LinearLayout', { id: 'android:id/widget_frame', class: 'list-trailing' }, o.trailing) : null,
  );
}

/**
 * A slider (android.widget.SeekBar): a tap or a horizontal drag sets the value (whole steps
 * from `min` to `max`). The dump reports the value as its text and `desc` as its description.
 */
export function Slider(o: {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  id?: string;
  desc?: string;
  enabled?: boolean;
  class?: string;
  key?: string | number;
}): VNode {
  const min = o.min ?? 0;
  const span = Math.max(1, o.max - min);
  const value = Math.max(min, Math.min(o.max, o.value));
  const pct = ((value - min) / span) * 100;
  return h(
    'SeekBar',
    {
      key: o.key,
      id: o.id ?? 'seekbar',
      desc: o.desc,
      text: String(value),
      clickable: true,
      focusable: true,
      enabled: o.enabled,
      class: `slider ${o.class ?? ''}`,
      onSeek:
        o.enabled === false
          ? undefined
          : (fraction: number) => {
              const next = Math.round(min + fraction * span);
              if (next !== value) o.onChange(next);
            },
    },
    h(
      'span',
      { class: 'slider-track', ax: 'skip' },
      h('span', { class: 'slider-fill', ax: 'skip', style: `width:${pct}%` }),
      h('span', { class: 'slider-thumb', ax: 'skip', style: `left:${pct}%` }),
    ),
  );
}

export function Switch(options: {
  checked: boolean;
  onToggle?: (checked: boolean) => void;
  id?: string;
  desc?: string;
  enabled?: boolean;
  text?: string;
}): VNode {
  const toggle = options.onToggle;
  return h(
    'Switch',
    {
      id: options.id ?? 'android:id/switch_widget',
      desc: options.desc,
      checkable: true,
      checked: options.checked,
      enabled: options.enabled,
      clickable: true,
      text: options.text ?? (options.checked ? 'ON' : 'OFF'),
      onTap: toggle && options.enabled !== false ? () => toggle(!options.checked) : undefined,
      class: options.checked ? 'on' : '',
    },
    h('span', { class: 'sw-track', ax: 'skip' }, h('span', { class: 'sw-thumb', ax: 'skip' })),
  );
}

/** A settings row with a switch; tapping anywhere on the row toggles it (like a SwitchPreference). */
export function SwitchItem(
  o: Omit<ListItemOptions, 'trailing' | 'onTap'> & {
    checked: boolean;
    onToggle: (checked: boolean) => void;
    switchId?: string;
  },
): VNode {
  return ListItem({
    ...o,
    onTap: () => o.onToggle(!o.checked),
    trailing: Switch({ checked: o.checked, id: o.switchId, enabled: o.enabled, onToggle: o.onToggle }),
  });
}

export function CheckBox(options: {
  checked: boolean;
  onToggle: (checked: boolean) => void;
  text?: string;
  id?: string;
  desc?: string;
}): VNode {
  return h(
    'CheckBox',
    {
      id: options.id,
      desc: options.desc,
      checkable: true,
      checked: options.checked,
      onTap: () => options.onToggle(!options.checked),
      class: `checkbox ${options.checked ? 'on' : ''}`,
      text: options.text ?? '',
    },
    h('span', { class: 'cb-box', ax: 'skip', html: options.checked ? svg('check') : '' }),
    options.text ? h('span', { class: 'cb-text', ax: 'skip' }, options.text) : null,
  );
}

export function RadioButton(options: {
  checked: boolean;
  onSelect: () => void;
  text: string;
  id?: string;
  key?: string | number;
}): VNode {
  return h(
    'RadioButton',
    {
      key: options.key,
      id: options.id,
      checkable: true,
      checked: options.checked,
      onTap: options.onSelect,
      class: `radio ${options.checked ? 'on' : ''}`,
      text: options.text,
    },
    h('span', { class: 'rb-circle', ax: 'skip' }, h('span', { class: 'rb-dot', ax: 'skip' })),
    h('span', { class: 'rb-text', ax: 'skip' }, options.text),
  );
}

export function Divider(): VNode {
  return h('View', { class: 'divider', ax: 'skip' });
}

export function SectionHeader(text: string, id?: string): VNode {
  return h('TextView', { class: 'section-header', id }, text);
}

export interface EditTextOptions {
  field: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  id?: string;
  multiline?: boolean;
  onSubmit?: () => void;
  inputType?: 'text' | 'number' | 'decimal' | 'phone' | 'password';
  maxLength?: number;
  class?: string;
  style?: string;
  desc?: string;
  enabled?: boolean;
  /** Outlined box (default) or the plain underlined look. */
  look?: 'outlined' | 'underline' | 'plain';
}

/** A text field; the runtime focuses it on tap and routes typed text to `onChange`. */
export function EditText(ctx: AppContext, o: EditTextOptions): VNode {
  const focused = ctx.isFocused(o.field);
  const password = o.inputType === 'password';
  const shown = password ? '•'.repeat([...o.value].length) : o.value;
  let content: Child;
  const selected = focused && !password ? ctx.selection(o.field) : undefined;
  if (selected) {
    content = [
      h('span', { ax: 'skip', class: 'et-text' }, shown.slice(0, selected[0])),
      h('span', { ax: 'skip', class: 'et-text et-sel' }, shown.slice(selected[0], selected[1])),
      h('span', { ax: 'skip', class: 'et-text' }, shown.slice(selected[1])),
    ];
  } else if (focused) {
    const cursor = Math.max(
      0,
      Math.min(shown.length, password ? [...o.value.slice(0, ctx.cursor(o.field))].length : ctx.cursor(o.field)),
    );
    content = [
      h('span', { ax: 'skip', class: 'et-text' }, shown.slice(0, cursor)),
      h('span', { ax: 'skip', class: 'caret' }),
      h('span', { ax: 'skip', class: 'et-text' }, shown.slice(cursor)),
      !o.value && o.hint ? h('span', { ax: 'skip', class: 'et-hint' }, o.hint) : null,
    ];
  } else {
    content = o.value
      ? h('span', { ax: 'skip', class: 'et-text' }, shown)
      : h('span', { ax: 'skip', class: 'et-hint' }, o.hint ?? '');
  }
  return h(
    'EditText',
    {
      id: o.id,
      desc: o.desc,
      field: o.field,
      value: o.value,
      hint: o.hint,
      onChange: o.onChange,
      onSubmit: o.onSubmit,
      multiline: o.multiline,
      maxLength: o.maxLength,
      inputType: o.inputType,
      password: password || undefined,
      enabled: o.enabled,
      text: shown || o.hint || '',
      clickable: true,
      focusable: true,
      class: `edit ${o.look ?? 'outlined'} ${focused ? 'focused' : ''} ${o.multiline ? 'multi' : ''} ${o.class ?? ''}`,
      style: o.style,
    },
    content,
  );
}

export interface DialogButton {
  text: string;
  onTap: () => void;
  enabled?: boolean;
}

/** An AlertDialog-shaped card: title, body, and up to three buttons (positive last, like Android). */
export function Dialog(o: {
  title?: string;
  message?: string;
  body?: Child;
  positive?: DialogButton;
  negative?: DialogButton;
  neutral?: DialogButton;
  class?: string;
}): VNode {
  const btn = (b: DialogButton | undefined, id: string): VNode | null =>
    b
      ? h(
          'Button',
          {
            id,
            onTap: b.enabled === false ? undefined : b.onTap,
            enabled: b.enabled,
            clickable: true,
            class: 'btn btn-text dialog-btn',
          },
          b.text,
        )
      : null;
  return h(
    'LinearLayout',
    { id: 'android:id/parentPanel', class: `dialog ${o.class ?? ''}` },
    o.title
      ? h(
          'LinearLayout',
          { id: 'android:id/topPanel', class: 'dialog-top' },
          h('TextView', { id: 'android:id/alertTitle', class: 'dialog-title' }, o.title),
        )
      : null,
    o.message || o.body
      ? h(
          'FrameLayout',
          { id: 'android:id/contentPanel', class: 'dialog-content' },
          o.message ? h('TextView', { id: 'android:id/message', class: 'dialog-message' }, o.message) : null,
          o.body ?? null,
        )
      : null,
    o.positive || o.negative || o.neutral
      ? h(
          'LinearLayout',
          { id: 'android:id/buttonPanel', orientation: 'horizontal', class: 'dialog-buttons' },
          btn(o.neutral, 'android:id/button3'),
          h('View', { class: 'grow', ax: 'skip' }),
          btn(o.negative, 'android:id/button2'),
          btn(o.positive, 'android:id/button1'),
        )
      : null,
  );
}

export interface Choice {
  label: string;
  checked: boolean;
  pick: () => void;
  /** The radio button's id (default android:id/text1). */
  id?: string;
}

/** A single-choice dialog: a radio button per choice; picking one applies it and closes the dialog. */
export function ChoiceDialog(ctx: AppContext, title: string, choices: readonly Choice[]): VNode {
  return Dialog({
    title,
    body: h(
      'LinearLayout',
      { class: 'dialog-list', id: 'android:id/select_dialog_listview' },
      choices.map((c, i) =>
        RadioButton({
          key: i,
          text: c.label,
          checked: c.checked,
          id: c.id ?? 'android:id/text1',
          onSelect: () => {
            c.pick();
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export interface TabItem {
  text: string;
  icon?: string;
  selected: boolean;
  onTap: () => void;
  id?: string;
  desc?: string;
}

/** Bottom navigation (icons + labels) or top tabs (labels). */
export function Tabs(items: TabItem[], variant: 'bottom' | 'top' = 'bottom', id?: string): VNode {
  return h(
    variant === 'bottom' ? 'FrameLayout' : 'HorizontalScrollView',
    { id: id ?? (variant === 'bottom' ? 'bottom_navigation' : 'tabs'), class: `tabs tabs-${variant}` },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'tabs-row' },
      items.map((item, i) =>
        h(
          variant === 'bottom' ? 'FrameLayout' : 'LinearLayout',
          {
            key: i,
            id: item.id,
            desc: item.desc ?? item.text,
            selected: item.selected,
            onTap: item.onTap,
            class: `tab ${item.selected ? 'selected' : ''}`,
          },
          item.icon
            ? h(
                'span',
                { class: 'tab-icon', ax: 'skip' },
                h('span', { class: 'tab-pill', ax: 'skip' }),
                h('span', { class: 'icon-glyph', ax: 'skip', html: svg(item.icon) }),
              )
            : null,
          h(
            'TextView',
            { class: 'tab-label', id: variant === 'bottom' ? 'navigation_bar_item_large_label_view' : undefined },
            item.text,
          ),
        ),
      ),
    ),
  );
}

export function Chip(options: {
  text: string;
  selected?: boolean;
  onTap: () => void;
  id?: string;
  key?: string | number;
}): VNode {
  return h(
    'TextView',
    {
      key: options.key,
      id: options.id,
      checkable: true,
      checked: options.selected ?? false,
      onTap: options.onTap,
      class: `chip ${options.selected ? 'selected' : ''}`,
    },
    options.text,
  );
}

/** Empty-state placeholder: an icon and a line of text centred in the body. */
export function EmptyState(icon: string, text: string, id?: string): VNode {
  return h(
    'LinearLayout',
    { class: 'empty-state', id },
    Icon(icon, { size: 64, class: 'muted' }),
    h('TextView', { class: 'empty-text' }, text),
  );
}
