import { INDIVIDUAL_ROLES, hasAnyRole } from '@app/domain';
import {
  BellRing,
  FileText,
  Flame,
  Handshake,
  Heart,
  House,
  ScanSearch,
  ShieldCheck,
  Trophy,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  /** Active only on this exact path (the home link would otherwise match everything). */
  end?: boolean;
  /** My announcements, my alerts and verify match: the three individual roles only (§6). */
  individualOnly?: boolean;
}

/** The main sections: inline on desktop, first in the mobile menu. */
export const MAIN_NAV: readonly NavItem[] = [
  { to: paths.home.getHref(), labelKey: 'nav.home', icon: House, end: true },
  { to: paths.topAnnonces.getHref(), labelKey: 'nav.topAnnonces', icon: Trophy },
  {
    to: paths.myAnnonce.getHref(),
    labelKey: 'nav.myAnnonce',
    icon: FileText,
    individualOnly: true,
  },
  { to: paths.myMatches.getHref(), labelKey: 'nav.myMatches', icon: Handshake },
  { to: paths.myFavorites.getHref(), labelKey: 'nav.myFavorites', icon: Heart },
  { to: paths.myAlerts.getHref(), labelKey: 'nav.myAlerts', icon: BellRing, individualOnly: true },
];

/** The user's own pages: in the mobile menu after the sections. */
export const ACCOUNT_NAV: readonly NavItem[] = [
  {
    to: paths.verifyMatch.getHref(),
    labelKey: 'nav.verifyMatch',
    icon: ScanSearch,
    individualOnly: true,
  },
  { to: paths.profileShow.getHref(), labelKey: 'nav.myAccount', icon: UserRound },
  { to: paths.myLampions.getHref(), labelKey: 'nav.myLampions', icon: Flame },
  { to: paths.autorisations.getHref(), labelKey: 'nav.autorisations', icon: ShieldCheck },
];

export function visibleNavItems(items: readonly NavItem[], roles: readonly string[]): NavItem[] {
  const individual = hasAnyRole(roles, INDIVIDUAL_ROLES);
  return items.filter((item) => !item.individualOnly || individual);
}
