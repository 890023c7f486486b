import { isLocalityId, type Locality } from '@oficios/domain';
import { atom, useAtom, useAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';
import { useSession } from '../../../shared/api/get-session';
import { useHydrated } from '../../../shared/lib/use-hydrated';

/** localStorage key of the last place chosen in this browser. */
export const VISITOR_PLACE_STORAGE_KEY = 'oficios.place';

export function isLocality(value: unknown): value is Locality {
  const place = value as Partial<Locality> | null;
  return (
    typeof place === 'object' &&
    place !== null &&
    isLocalityId(place.id) &&
    typeof place.name === 'string' &&
    typeof place.province === 'string' &&
    typeof place.department === 'string' &&
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lon)
  );
}

const jsonStorage = createJSONStorage<Locality | null>();
/** JSON in localStorage; anything that is not a locality reads as no place. */
const placeStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem: (key, initialValue) => {
    const stored = jsonStorage.getItem(key, initialValue);
    return isLocality(stored) ? stored : initialValue;
  },
};

export const rememberedPlaceAtom = atomWithStorage<Locality | null>(VISITOR_PLACE_STORAGE_KEY, null, placeStorage, { getOnInit: true });

/** A place chosen since the app started: it outranks the account's locality until the page is loaded again. */
export const placeChosenNowAtom = atom<Locality | null>(null);

/** The account answer's address locality (`dataValues.locality`), when the answer has one. */
function accountLocality(session: ReturnType<typeof useSession>['data']): Locality | null {
  const locality = (session?.dataValues as { locality?: unknown } | undefined)?.locality;
  return isLocality(locality) ? locality : null;
}

export interface VisitorPlace {
  /** Where the visitor looks for professionals: the place chosen now, else the signed-in user's locality, else the
   * last place chosen in this browser; null when none (and always while a server-rendered page hydrates). */
  place: Locality | null;
  choose: (locality: Locality | null) => void;
}

export function useVisitorPlace(): VisitorPlace {
  const hydrated = useHydrated();
  const session = useSession().data;
  const remembered = useAtomValue(rememberedPlaceAtom);
  const [chosenNow, setChosenNow] = useAtom(placeChosenNowAtom);
  const [, setRemembered] = useAtom(rememberedPlaceAtom);
  const choose = useCallback(
    (locality: Locality | null) => {
      setChosenNow(locality);
      setRemembered(locality);
    },
    [setChosenNow, setRemembered],
  );
  // What only this browser knows waits for the hydration (see useHydrated).
  const place = hydrated ? (chosenNow ?? accountLocality(session) ?? remembered) : null;
  return { place, choose };
}
