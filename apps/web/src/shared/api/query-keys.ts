/**
 * Query-key roots that more than one feature touches: the detail page reads
 * them, the client profile invalidates them after a review. Features never
 * import each other, so the roots live here.
 */
export const PROFESSIONALS_QUERY_KEY = ['professionals'] as const;
export const REVIEWS_QUERY_KEY = ['reviews'] as const;

export const professionalDetailKey = (id: number) => [...PROFESSIONALS_QUERY_KEY, 'detail', id] as const;
export const reviewsKey = (professionalId: number) => [...REVIEWS_QUERY_KEY, { professionalId }] as const;

/** A professional's bookable dates (the date pickers); the calendar's blocks and checkout's `date_taken` invalidate them. */
export const AVAILABILITY_QUERY_KEY = ['availability'] as const;
export const availabilityKey = (professionalId: number) => [...AVAILABILITY_QUERY_KEY, professionalId] as const;
