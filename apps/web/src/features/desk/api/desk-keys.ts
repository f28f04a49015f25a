/** The desk query keys (decision 090): every open, settle, booking or edit invalidates `all`. */
export const deskKeys = {
  all: ['desk'] as const,
  desks: () => [...deskKeys.all, 'desks'] as const,
  board: () => [...deskKeys.all, 'board'] as const,
  bookings: (day: string) => [...deskKeys.all, 'bookings', day] as const,
  bill: (sessionId: number | null) => [...deskKeys.all, 'bill', sessionId] as const,
  orders: () => [...deskKeys.all, 'orders'] as const,
  order: (id: number | null) => [...deskKeys.all, 'order', id] as const,
};
