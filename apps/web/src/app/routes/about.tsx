import { ExternalLink, Eye, HandCoins, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanternIcon } from '@/components/ui/logo';

const ODBL_URL = 'https://opendatacommons.org/licenses/odbl/1-0/';
const MIT_URL = 'https://opensource.org/license/mit';
const LICENCE_OUVERTE_URL = 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/';

/**
 * The data the app is built on, with the attribution each licence asks for
 * (reference-data/PROVENANCE.md). Names are proper nouns; what they provide is translated.
 */
const CREDITS: readonly {
  name: string;
  url: string;
  providesKey: string;
  licenceKey: string;
  licenceUrl: string;
}[] = [
  {
    name: 'Bike Index',
    url: 'https://bikeindex.org/',
    providesKey: 'about.credits.bikeIndex',
    licenceKey: 'about.licence.odbl',
    licenceUrl: ODBL_URL,
  },
  {
    name: 'serhatkildaci/global-car-models',
    url: 'https://github.com/serhatkildaci/global-car-models',
    providesKey: 'about.credits.globalCarModels',
    licenceKey: 'about.licence.mit',
    licenceUrl: MIT_URL,
  },
  {
    name: 'arthurkao/vehicle-make-model-data',
    url: 'https://github.com/arthurkao/vehicle-make-model-data',
    providesKey: 'about.credits.vehicleMakeModel',
    licenceKey: 'about.licence.mit',
    licenceUrl: MIT_URL,
  },
  {
    name: 'La Poste',
    url: 'https://www.data.gouv.fr/fr/datasets/base-officielle-des-codes-postaux/',
    providesKey: 'about.credits.laPoste',
    licenceKey: 'about.licence.odbl',
    licenceUrl: ODBL_URL,
  },
  {
    name: 'Etalab',
    url: 'https://github.com/etalab/decoupage-administratif',
    providesKey: 'about.credits.etalab',
    licenceKey: 'about.licence.licenceOuverte',
    licenceUrl: LICENCE_OUVERTE_URL,
  },
  {
    name: 'OpenStreetMap',
    url: 'https://www.openstreetmap.org/copyright',
    providesKey: 'about.credits.openStreetMap',
    licenceKey: 'about.licence.odbl',
    licenceUrl: ODBL_URL,
  },
];

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-night-700 underline decoration-night-300 underline-offset-4 hover:text-night-900 hover:decoration-night-900"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('common.newTab')}</span>
    </a>
  );
}

const STEPS = [
  { icon: Megaphone, titleKey: 'about.how.declare.title', textKey: 'about.how.declare.text' },
  { icon: Eye, titleKey: 'about.how.watch.title', textKey: 'about.how.watch.text' },
  { icon: HandCoins, titleKey: 'about.how.reward.title', textKey: 'about.how.reward.text' },
] as const;

/** À propos / crédits: what the product is and whose data it uses, under which licence. */
export function AboutRoute() {
  const { t } = useTranslation();
  return (
    <div className="w-full">
      <section className="bg-night-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-10 text-center md:py-14">
          <LanternIcon className="size-14 text-lantern-500" />
          <h1 className="mt-4 text-3xl font-bold md:text-4xl">{t('page.about.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-night-200">{t('about.intro')}</p>
        </div>
      </section>

      <div className="mx-auto max-w-4xl space-y-10 px-4 py-10 md:py-14">
        <section aria-labelledby="about-how">
          <h2 id="about-how" className="text-xl font-bold text-night-900 md:text-2xl">
            {t('about.how.title')}
          </h2>
          <ol className="mt-5 grid gap-4 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, titleKey, textKey }) => (
              <li
                key={titleKey}
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100"
              >
                <Icon aria-hidden="true" className="size-7 text-lantern-700" />
                <h3 className="mt-3 font-semibold text-night-900">{t(titleKey)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(textKey)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="about-credits">
          <h2 id="about-credits" className="text-xl font-bold text-night-900 md:text-2xl">
            {t('about.credits.title')}
          </h2>
          <p className="mt-2 text-slate-600">{t('about.credits.intro')}</p>
          <ul className="mt-5 divide-y divide-night-100 rounded-2xl bg-white shadow-sm ring-1 ring-night-100">
            {CREDITS.map((credit) => (
              <li
                key={credit.name}
                className="flex flex-col gap-1 px-5 py-4 md:flex-row md:items-baseline md:justify-between md:gap-6"
              >
                <div>
                  <ExternalAnchor href={credit.url}>{credit.name}</ExternalAnchor>
                  <p className="text-sm text-slate-600">{t(credit.providesKey)}</p>
                </div>
                <p className="shrink-0 text-sm text-slate-700">
                  {t('about.licence.label')}{' '}
                  <ExternalAnchor href={credit.licenceUrl}>{t(credit.licenceKey)}</ExternalAnchor>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
