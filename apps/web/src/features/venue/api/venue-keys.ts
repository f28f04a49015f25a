/** The venue query keys (decision 090): every venue query's key comes from here. */
export const venueKeys = {
  all: ['venue'] as const,
  areas: () => [...venueKeys.all, 'areas'] as const,
  machines: () => [...venueKeys.all, 'machines'] as const,
  layout: (areaId: number) => [...venueKeys.all, 'layout', areaId] as const,
  layouts: () => [...venueKeys.all, 'layout'] as const,
  live: () => [...venueKeys.all, 'live'] as const,
  link: () => [...venueKeys.all, 'link'] as const,
  reservations: () => [...venueKeys.all, 'reservations'] as const,
  publicMap: (token: string) => [...venueKeys.all, 'public', token] as const,
};
