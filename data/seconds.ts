/**
 * Seconds to the microsecond, the finest clock a source keeps. Sources write seconds as binary
 * floats with noise past it (Wyscout's 1.6562140000000003 for 1.656214), which would otherwise
 * reach the API as it is.
 */
export function toMicroseconds(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}
