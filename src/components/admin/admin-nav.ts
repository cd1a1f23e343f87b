import {
  ArrowLeftRight,
  BookOpen,
  Coins,
  CreditCard,
  Flag,
  Globe,
  Images,
  LibraryBig,
  LayoutDashboard,
  Mail,
  Megaphone,
  Menu,
  Newspaper,
  Package,
  Receipt,
  ScrollText,
  Settings,
  ShoppingBag,
  Tags,
  TicketPercent,
  Users,
  Video,
  Wallet,
} from 'lucide-static';
import { LISTED_RESOURCES } from '../../shared/admin/resources/index.ts';

/** One link of the back office's sidebar: its address, its words and its icon (an SVG string). */
export interface NavLink {
  href: string;
  label: string;
  icon: string;
}

/** Where each listed resource sits in the sidebar (in this order), with its icon. */
const PLACES: Record<string, { group: 'Content' | 'Commerce' | 'Members'; icon: string }> = {
  videos: { group: 'Content', icon: Video },
  galleries: { group: 'Content', icon: Images },
  stories: { group: 'Content', icon: BookOpen },
  posts: { group: 'Content', icon: Newspaper },
  products: { group: 'Content', icon: ShoppingBag },
  categories: { group: 'Content', icon: Tags },
  banners: { group: 'Content', icon: Megaphone },
  orders: { group: 'Commerce', icon: Package },
  'token-packages': { group: 'Commerce', icon: Coins },
  coupons: { group: 'Commerce', icon: TicketPercent },
  payments: { group: 'Commerce', icon: CreditCard },
  'token-transactions': { group: 'Commerce', icon: Receipt },
  'balance-changes': { group: 'Commerce', icon: ArrowLeftRight },
  members: { group: 'Members', icon: Users },
  reports: { group: 'Members', icon: Flag },
};

const ORDER = Object.keys(PLACES);
/** A group's resources, in PLACES' order; a resource not placed there goes to Content, last. */
const resourceLinks = (group: string): NavLink[] =>
  LISTED_RESOURCES.filter((r) => (PLACES[r.name]?.group ?? 'Content') === group)
    .sort((a, b) => (ORDER.indexOf(a.name) + 1 || ORDER.length + 1) - (ORDER.indexOf(b.name) + 1 || ORDER.length + 1))
    .map((r) => ({ href: `/admin/${r.name}`, label: r.label, icon: PLACES[r.name]?.icon ?? Wallet }));

/** The sidebar: the dashboard, then the sections grouped as an operator looks for them (Content, Commerce, Members, Site). */
export const ADMIN_NAV: { label: string | null; links: NavLink[] }[] = [
  { label: null, links: [{ href: '/admin', label: 'Dashboard', icon: LayoutDashboard }] },
  { label: 'Content', links: [...resourceLinks('Content'), { href: '/admin/media', label: 'Media library', icon: LibraryBig }] },
  { label: 'Commerce', links: resourceLinks('Commerce') },
  { label: 'Members', links: resourceLinks('Members') },
  {
    label: 'Site',
    links: [
      { href: '/admin/settings', label: 'Settings', icon: Settings },
      { href: '/admin/menus', label: 'Menus', icon: Menu },
      { href: '/admin/mails', label: 'Mails', icon: Mail },
      { href: '/admin/site-mode', label: 'Maintenance & countries', icon: Globe },
      { href: '/admin/audit', label: 'Audit log', icon: ScrollText },
    ],
  },
];
