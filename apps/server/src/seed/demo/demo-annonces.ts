import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { annoncePhotos, annonces, storedFiles } from '../../db/schema/index';
import { rasterizeOwnSvg } from '../../lib/images';
import {
  deleteObjects,
  preparePhoto,
  storePreparedFile,
  type PreparedFile,
} from '../../modules/annonces/index';
import { mapWithConcurrency } from './concurrency';
import { DEMO_SCENES, demoPhotoSvg, type DemoScene, type DemoView } from './demo-photo-svg';
import { createTheftPlaces } from './demo-places';
import { robberyDescription, vehicleMarks } from './demo-texts';
import {
  createDemoVehicle,
  loadDemoCatalogue,
  pickCatalogue,
  type CatalogueChoice,
  type DemoColor,
  type DemoVehicleKind,
} from './demo-vehicles';
import { createRandom, seedFrom, type Random } from './random';

/** How many validated announcements the demo owners publish around Toulouse. */
export const DEMO_ANNONCE_COUNT = 200;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Reward levels (docs/product/annonces.md §9): 0, then 200, 500, 800, 1100 EUR, and a free amount from 1400. */
const REWARD_AMOUNTS = [0, 200, 500, 800, 1100] as const;
const INSURERS = ['MAIF', 'MACIF', 'MAAF', 'AXA', 'Groupama', 'Matmut', 'GMF', 'Allianz'] as const;

interface PhotoPlan {
  kind: DemoVehicleKind;
  color: DemoColor;
  scene: DemoScene;
  view: DemoView;
}

interface AnnoncePlan {
  values: typeof annonces.$inferInsert;
  photos: PhotoPlan[];
}

export interface DemoAnnoncesResult {
  annonces: number;
  photos: number;
  distinctPictures: number;
  bytesWritten: number;
}

/** True once the demo announcements exist: the whole set is made in one transaction or not at all. */
export async function hasDemoAnnonces(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: annonces.id })
    .from(annonces)
    .where(eq(annonces.isDemo, true))
    .limit(1);
  return row !== undefined;
}

function rewardFor(random: Random): { level: number; amount: number } {
  const level = random.weighted([
    [0, 40],
    [1, 25],
    [2, 15],
    [3, 10],
    [4, 6],
    [5, 4],
  ] as const);
  const amount = level === 5 ? 1400 + 100 * random.int(0, 16) : (REWARD_AMOUNTS[level] ?? 0);
  return { level, amount };
}

function viewsFor(random: Random): number {
  // Most announcements are fairly new; a quarter passed the 122 views that show "N vues".
  const bucket = random.weighted([
    ['new', 40],
    ['seen', 35],
    ['popular', 25],
  ] as const);
  if (bucket === 'new') return random.int(0, 40);
  return bucket === 'seen' ? random.int(41, 122) : random.int(123, 2500);
}

function photosFor(
  random: Random,
  kind: DemoVehicleKind,
  color: DemoColor,
  count: number,
): PhotoPlan[] {
  const first = random.int(0, DEMO_SCENES.length - 1);
  return Array.from({ length: count }, (_, index) => ({
    kind,
    color,
    scene: DEMO_SCENES[(first + index) % DEMO_SCENES.length] as DemoScene,
    view: index as DemoView,
  }));
}

type Status = 'VALIDATED' | 'TO_VALIDATE' | 'DRAFT';
type PlacePicker = Awaited<ReturnType<typeof createTheftPlaces>>;

function planAnnonce(
  random: Random,
  context: {
    ownerId: number;
    status: Status;
    now: Date;
    catalogue: readonly CatalogueChoice[];
    place: PlacePicker;
  },
): AnnoncePlan {
  const { status, now } = context;
  const choice = pickCatalogue(random, context.catalogue);
  const vehicle = createDemoVehicle(random, choice);
  const place = context.place(random);
  const reward = rewardFor(random);
  const isComplete = status === 'DRAFT' ? false : random.chance(0.88);

  let createdAt: Date;
  let publishedAt: Date | null = null;
  let validatedAt: Date | null = null;
  if (status === 'VALIDATED') {
    validatedAt = new Date(now.getTime() - HOUR - random.int(0, 60 * 24 - 1) * (DAY / 24));
    publishedAt = new Date(validatedAt.getTime() - random.int(2, 30) * HOUR);
    createdAt = new Date(publishedAt.getTime() - random.int(10, 48 * 60) * 60 * 1000);
  } else if (status === 'TO_VALIDATE') {
    publishedAt = new Date(now.getTime() - random.int(2, 20) * HOUR);
    createdAt = new Date(publishedAt.getTime() - random.int(10, 120) * 60 * 1000);
  } else {
    createdAt = new Date(now.getTime() - random.int(1, 10) * DAY);
  }
  const boosted = status === 'VALIDATED' && random.chance(0.08);
  const photoCount =
    status === 'DRAFT'
      ? 1
      : random.weighted([
          [1, 30],
          [2, 45],
          [3, 25],
        ] as const);

  const values: typeof annonces.$inferInsert = {
    ownerId: context.ownerId,
    status,
    isFastAnnonce: !isComplete,
    isComplete,
    // The last step of the flow once published (7 fast, 10 complete); drafts stop half-way.
    creationStep: status === 'DRAFT' ? random.int(2, 5) : isComplete ? 10 : 7,
    vehicleTypeId: vehicle.vehicleTypeId,
    brandId: vehicle.brandId,
    modelId: vehicle.modelId,
    licensePlate: vehicle.licensePlate,
    vin: vehicle.vin,
    bicycode: vehicle.bicycode,
    serialNumber: vehicle.serialNumber,
    hasWindowEngraving: vehicle.hasWindowEngraving,
    color: vehicle.color,
    energy: vehicle.energy,
    fiscalPower: vehicle.fiscalPower,
    description: robberyDescription(random, vehicle.kind, place.city),
    vehicleDescription: vehicleMarks(random, vehicle.kind),
    theftAddress: place.address,
    theftLatitude: place.latitude,
    theftLongitude: place.longitude,
    theftDepartmentCode: place.departmentCode,
    theftCity: place.city,
    isOwner: true,
    insuranceCompany: isComplete && choice.isLicensed ? random.pick(INSURERS) : null,
    insuranceContract:
      isComplete && choice.isLicensed ? `C${random.string('0123456789', 9)}` : null,
    additionalRewardLevel: reward.level,
    additionalRewardAmount: reward.amount,
    boostEndDate: boosted ? new Date(now.getTime() + random.int(1, 20) * DAY) : null,
    nbViews: status === 'VALIDATED' ? viewsFor(random) : 0,
    publishedAt,
    validatedAt,
    isDemo: true,
    createdAt,
    updatedAt: validatedAt ?? publishedAt ?? createdAt,
  };
  return { values, photos: photosFor(random, vehicle.kind, vehicle.color, photoCount) };
}

/** The demo set: 200 validated announcements by the demo owners, and a few of the demo account's own. */
function planAll(
  catalogue: readonly CatalogueChoice[],
  place: PlacePicker,
  owners: { demoUserId: number | null; ownerIds: number[] },
  now: Date,
): AnnoncePlan[] {
  const random = createRandom(seedFrom('veilleurs-demo-annonces-v1'));
  const plans: AnnoncePlan[] = [];
  if (owners.ownerIds.length > 0) {
    for (let index = 0; index < DEMO_ANNONCE_COUNT; index += 1) {
      const ownerId = owners.ownerIds[index % owners.ownerIds.length] as number;
      plans.push(planAnnonce(random, { ownerId, status: 'VALIDATED', now, catalogue, place }));
    }
  }
  if (owners.demoUserId !== null) {
    const mine: Status[] = ['DRAFT', 'DRAFT', 'TO_VALIDATE', 'VALIDATED', 'VALIDATED'];
    for (const status of mine) {
      plans.push(
        planAnnonce(random, { ownerId: owners.demoUserId, status, now, catalogue, place }),
      );
    }
  }
  return plans;
}

function pictureKey(photo: PhotoPlan): string {
  return `${photo.kind}|${photo.color}|${photo.scene}|${photo.view}`;
}

/**
 * Creates the demo announcements with their photos. Pictures are drawn once per distinct
 * (type, colour, scene, view) and written once per announcement: every announcement owns its files,
 * so deleting one never breaks another. Files are written first, then every row in one
 * transaction; if that fails, the files are removed again.
 */
export async function createDemoAnnonces(
  db: Db,
  storage: FileStorage,
  owners: { demoUserId: number | null; ownerIds: number[] },
  now: Date,
): Promise<DemoAnnoncesResult | { skipped: 'no-catalogue' }> {
  const catalogue = await loadDemoCatalogue(db);
  if (catalogue.length === 0) return { skipped: 'no-catalogue' };
  const place = await createTheftPlaces(db);
  const plans = planAll(catalogue, place, owners, now);

  const cpuSlots = Math.max(1, Math.min(4, os.availableParallelism()));
  const distinct = new Map<string, PhotoPlan>();
  for (const photo of plans.flatMap((plan) => plan.photos)) distinct.set(pictureKey(photo), photo);
  // Through an upload's own preparation: the same JPEG and the same WebP sizes as a user's photo,
  // so the first visit of the demo gets the card sizes at once instead of making them on request.
  const rendered = await mapWithConcurrency([...distinct.values()], cpuSlots, async (photo) =>
    preparePhoto({
      field: 'vehicleFiles',
      fileName: 'photo.png',
      data: await rasterizeOwnSvg(demoPhotoSvg(photo.kind, photo.color, photo.scene, photo.view)),
    }),
  );
  const pictures = new Map<string, PreparedFile>(
    [...distinct.keys()].map((key, index) => [key, rendered[index] as PreparedFile]),
  );

  const uploads = plans.flatMap((plan, planIndex) =>
    plan.photos.map((photo, position) => ({
      planIndex,
      position,
      key: `public/demo/${randomUUID()}.jpg`,
      picture: pictures.get(pictureKey(photo)) as PreparedFile,
    })),
  );
  const written: string[] = [];
  try {
    await mapWithConcurrency(uploads, 8, async (upload) => {
      // Noted before the write: a failed write may have left some of its sizes behind.
      written.push(upload.key);
      await storePreparedFile(storage, upload.key, upload.picture);
    });

    await db.transaction(async (tx) => {
      const fileRows = await tx
        .insert(storedFiles)
        .values(
          uploads.map((upload) => {
            const plan = plans[upload.planIndex] as AnnoncePlan;
            return {
              ownerId: plan.values.ownerId,
              storageKey: upload.key,
              originalFileName: `photo-${upload.position + 1}.jpg`,
              mimeType: upload.picture.mimeType,
              sizeBytes: upload.picture.data.length,
              visibility: 'public',
              width: upload.picture.image?.width,
              height: upload.picture.image?.height,
              createdAt: plan.values.createdAt,
            };
          }),
        )
        .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
      const fileIds = new Map(fileRows.map((row) => [row.storageKey, row.id]));

      const photoRows: (typeof annoncePhotos.$inferInsert)[] = [];
      for (const [planIndex, plan] of plans.entries()) {
        // One at a time: the new id of each announcement is needed for its photo rows.
        const [row] = await tx.insert(annonces).values(plan.values).returning({ id: annonces.id });
        if (!row) throw new Error('demo announcement not created');
        for (const upload of uploads.filter((candidate) => candidate.planIndex === planIndex)) {
          photoRows.push({
            annonceId: row.id,
            fileId: fileIds.get(upload.key) as number,
            position: upload.position,
          });
        }
      }
      if (photoRows.length > 0) await tx.insert(annoncePhotos).values(photoRows);
    });
  } catch (error) {
    // The error thrown below is what the caller reports; a leftover file is not worth a second one.
    await deleteObjects(storage, written, { warn() {} });
    throw error;
  }

  return {
    annonces: plans.length,
    photos: uploads.length,
    distinctPictures: pictures.size,
    bytesWritten: uploads.reduce(
      (sum, { picture }) =>
        sum +
        picture.data.length +
        (picture.image?.sizes ?? []).reduce((bytes, size) => bytes + size.data.length, 0),
      0,
    ),
  };
}
