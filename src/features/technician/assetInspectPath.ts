/** The asset inspect view of an identification (spec §2.1); identifications may hold '/' or spaces. */
export function assetInspectPath(identification: string): string {
  return `/inspection/asset/identification/${encodeURIComponent(identification)}`;
}
