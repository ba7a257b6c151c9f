/**
 * The auto interval's scaling slider (spec 001 §9): the slider runs 0.5 to 10 in steps of 0.5 and shows the
 * inverse of the scaling, so moving right means finer buckets (scaling 0.5 shows as 2, scaling 1 as 1).
 */
export const SCALING_SLIDER = { min: 0.5, max: 10, step: 0.5 } as const;

export function scalingToSlider(scaling: number | undefined): number {
  if (scaling === undefined || !Number.isFinite(scaling) || scaling <= 0) return 1;
  const inverse = Math.round(1 / scaling / SCALING_SLIDER.step) * SCALING_SLIDER.step;
  return Math.min(SCALING_SLIDER.max, Math.max(SCALING_SLIDER.min, inverse));
}

export function sliderToScaling(position: number): number {
  return 1 / position;
}
