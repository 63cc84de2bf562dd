import type { GeoPlace } from '@app/domain';
import { useState } from 'react';
import { usePlaces } from '@/lib/catalog-queries';

/** A place the suggestions offer: one with coordinates, so it can be put on the map. */
export type PlacedTown = GeoPlace & { latitude: number; longitude: number };

/**
 * The typed text of a town field and the geo autocomplete's suggestions for it (a name or a
 * postal code). The list opens as the user types and closes once a town is picked.
 */
export function useTownAutocomplete(initialText: string) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const places = usePlaces(open ? text : '');
  const suggestions = (places.data ?? []).filter(
    (place): place is PlacedTown => place.latitude !== null && place.longitude !== null,
  );
  return {
    text,
    /** The user typed: the list opens for the new text. */
    type(value: string) {
      setText(value);
      setOpen(true);
    },
    /** A town was chosen (from the list or elsewhere): its text shows, the list closes. */
    show(value: string) {
      setText(value);
      setOpen(false);
    },
    suggestions: open ? suggestions : [],
  };
}

/** The suggestions under a town field, each a button. */
export function TownSuggestions({
  label,
  suggestions,
  optionLabel,
  onPick,
}: {
  /** The list's accessible name. */
  label: string;
  suggestions: PlacedTown[];
  optionLabel: (place: PlacedTown) => string;
  onPick: (place: PlacedTown) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-night-200 bg-white shadow-lg"
    >
      {suggestions.map((place) => (
        <li key={`${place.inseeCode}-${place.postalCode}`}>
          <button
            type="button"
            className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-night-50 focus-visible:bg-night-50"
            onClick={() => onPick(place)}
          >
            {optionLabel(place)}
          </button>
        </li>
      ))}
    </ul>
  );
}
