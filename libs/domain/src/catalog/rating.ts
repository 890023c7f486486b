import { MAX_RATING } from '../constants';

export interface RatingSummary {
  /** Whole stars: the mean review rating rounded half up, 0 without reviews. */
  rating: number;
  /** How many reviews the professional has. */
  reputation: number;
}

/** A professional's rating and reputation from its reviews' ratings (1-5). */
export function summarizeRatings(ratings: number[]): RatingSummary {
  if (ratings.length === 0) return { rating: 0, reputation: 0 };
  const mean = ratings.reduce((sum, value) => sum + value, 0) / ratings.length;
  return { rating: Math.min(MAX_RATING, Math.floor(mean + 0.5)), reputation: ratings.length };
}
