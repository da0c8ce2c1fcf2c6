import { NAME_ORDER } from '../../football/lists.ts';
import type { FeaturedPerson } from './people.ts';

/**
 * Hand-written persons that every seed contains, so the awkward cases the API must handle are
 * always in the demo data rather than merely likely: apostrophes, accents, particles with spaces,
 * all three name orders, Spanish second surnames, nicknames, and two different players with the
 * same name. All are invented.
 */

/**
 * Featured players, placed on the first squad slots (in club order) whose drawn nationality
 * matches. Only countries with many players are used (the tournament entrants), so each is sure to
 * be placed.
 */
export const FEATURED_PLAYERS: readonly FeaturedPerson[] = [
  // Same first and last name, different persons: told apart by birth date (and club).
  { first: 'Javier', last: 'Moreno', country: 'Spain', birthDate: '1994-03-12' },
  { first: 'Javier', last: 'Moreno', country: 'Spain', birthDate: '1999-10-27' },
  { first: 'Andrés', last: 'De la Cruz', secondLast: 'Núñez', country: 'Spain' },
  {
    first: 'João',
    second: 'Pedro',
    last: 'dos Santos',
    nickname: 'Pedrinho',
    order: NAME_ORDER.middle,
    country: 'Brazil',
  },
  { first: 'Moussa', last: "N'Diaye", country: 'Senegal' },
  { first: 'Serge', last: "N'Guessan", country: "Côte d'Ivoire" },
  { first: 'Kenta', last: 'Ōta', order: NAME_ORDER.eastern, country: 'Japan' },
  { first: 'Juan Pablo', last: "D'Alessio", country: 'Argentina' },
  {
    first: 'José',
    second: 'Luis',
    last: 'Nuñez',
    secondLast: 'Peña',
    order: NAME_ORDER.middle,
    country: 'Mexico',
  },
  { first: 'Kévin', last: "D'Amato", country: 'France' },
];

/** Featured managers by club key (`club:<key>`) or national team (`nation:<country name>`). */
export const FEATURED_MANAGERS: Readonly<Record<string, FeaturedPerson>> = {
  'club:fc-nordvik-1908': { first: 'Søren', last: 'Østergaard', country: 'Denmark' },
  'club:sc-ribeira': {
    first: 'Carlos',
    second: 'Eduardo',
    last: 'Magalhães',
    nickname: 'Cadu',
    order: NAME_ORDER.middle,
    country: 'Brazil',
  },
  'club:aj-cote-emeraude': { first: 'Pieter', last: 'van der Berg', country: 'Netherlands' },
  'nation:Japan': { first: 'Takeshi', last: 'Kondō', order: NAME_ORDER.eastern, country: 'Japan' },
};

/**
 * Featured referees by index into the referee list (staff.ts); the country must match that slot.
 */
export const FEATURED_REFEREES: Readonly<Record<number, FeaturedPerson>> = {
  8: { first: 'Đorđe', last: 'Đorđević', country: 'Serbia' },
  9: { first: 'Mehmet', last: 'Çelik', country: 'Türkiye' },
  10: { first: 'Ciarán', last: "O'Neill", country: 'Republic of Ireland' },
  7: { first: 'Jürgen', last: 'Müller', country: 'Germany' },
  17: { first: 'Seo-jun', last: 'Park', order: NAME_ORDER.eastern, country: 'South Korea' },
};
